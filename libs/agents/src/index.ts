/**
 * @chief-of-staff/agents — agent configs and registry, the capability-gated tool-use loop, the agent factory,
 * dispatch, the skills pattern detector and the agent tools. Public API is named explicitly below.
 */
export {
  AGENT_CONFIG_KEYS,
  AGENT_DEFAULTS,
  AGENT_NAME_MAX_LENGTH,
  AGENT_NAME_PATTERN,
  agentConfigSchema,
  agentModelSchema,
  agentNameSchema,
  isModelTier,
  isValidAgentName,
  MODEL_TIERS,
  NAMESPACE_PATTERN,
  resolveModelId,
} from './config/agent-config-schema.js';
export type { AgentConfig, AgentConfigInput, ModelTier } from './config/agent-config-schema.js';
export { formatConfigIssues, parseAgentFile, renderAgentFile } from './config/agent-file.js';
export type { ParsedAgentFile } from './config/agent-file.js';
export { AgentRegistry, assertAgentName, DEFAULT_BUILTIN_AGENT_DIR } from './registry/agent-registry.js';
export type {
  AgentEntry,
  AgentOrigin,
  AgentProblem,
  AgentRegistryOptions,
  SaveAgentOptions,
} from './registry/agent-registry.js';
export { writeFileAtomic } from './registry/atomic-write.js';
