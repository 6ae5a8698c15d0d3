/**
 * Every store-backed memory-domain tool (memory and identity, decisions, delegations and alerts, agent memory storage,
 * usage: docs/reference/tool-catalogue.md), for one-line registration.
 */
import { agentMemoryTools } from './agent-memory/agent-memory-tools.js';
import { alertTools, decisionTools, delegationTools } from './lifecycle/lifecycle-tools.js';
import { memoryTools } from './memory/memory-tools.js';
import { skillUsageTools } from './skills/skill-usage-tools.js';

export const allMemoryDomainTools = [
  ...memoryTools,
  ...decisionTools,
  ...delegationTools,
  ...alertTools,
  ...agentMemoryTools,
  ...skillUsageTools,
] as const;
