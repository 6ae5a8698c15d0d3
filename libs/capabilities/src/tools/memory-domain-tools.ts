/** Every store-backed memory-domain tool (SPEC §3.2, §3.5, §3.6 storage, §3.9 usage), for one-line registration. */
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
