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

export { AgentRunner, effectiveRunCapabilities } from './runtime/agent-runner.js';
export type { ActiveRun, AgentRunnerOptions, RunAgentOptions } from './runtime/agent-runner.js';
export type { AgentRunResult, RunUsage, ToolCallSummary } from './runtime/run-result.js';
export { DEFAULT_RUNTIME_SETTINGS, runtimeSettingsFromConfig } from './runtime/runtime-settings.js';
export type { AgentRuntimeSettings } from './runtime/runtime-settings.js';
export { isModelCallError, ModelCallError, textOf, toolUsesOf } from './runtime/model-client.js';
export type {
  ModelCallErrorKind,
  ModelCallOptions,
  ModelClient,
  ModelClientProvider,
  ModelContentBlock,
  ModelMessage,
  ModelRequest,
  ModelResponse,
  ModelTextBlock,
  ModelToolResultBlock,
  ModelToolSpec,
  ModelToolUseBlock,
  ModelUsage,
} from './runtime/model-client.js';
export {
  createAnthropicModelClient,
  MISSING_API_KEY_HINT,
  MISSING_API_KEY_MESSAGE,
  missingApiKeyError,
  resolveAnthropicSettings,
} from './runtime/anthropic-model-client.js';
export type { AnthropicSettings } from './runtime/anthropic-model-client.js';
export {
  callModelWithRetry,
  DEFAULT_MODEL_RETRY,
  isRetryableModelError,
  ModelDeadlineError,
  parseRetryAfter,
  retryDelayMs,
} from './runtime/model-retry.js';
export type { CallModelWithRetryOptions, ModelRetryEvent, ModelRetrySettings } from './runtime/model-retry.js';
export { createLoopDetector, DEFAULT_LOOP_SETTINGS, identicalCallWarning } from './runtime/loop-detector.js';
export type { LoopDetector, LoopDetectorSettings, LoopVerdict } from './runtime/loop-detector.js';
export { canonicalJson, toolCallKey } from './runtime/canonical-json.js';
export { TRUNCATION_MARKER, truncateForModel } from './runtime/truncate-result.js';
export type { TruncatedText } from './runtime/truncate-result.js';
export {
  createMinimalToolExecutor,
  createToolCatalogue,
  defaultToolTimeoutMs,
} from './runtime/tool-port.js';
export type { AgentToolCatalogue, AgentToolExecutor, ToolCallOutcome, ToolCallRequest } from './runtime/tool-port.js';
export { createInMemoryRunLog, usageQueryPattern } from './runtime/recorders.js';
export type {
  AgentRunRecord,
  AgentRunRecorder,
  InMemoryRunLog,
  ModelCallCaller,
  ModelCallRecord,
  ModelCallRecorder,
  RunStatus,
  RunTrigger,
  ToolUsageReader,
  ToolUsageRecord,
  ToolUsageRecorder,
} from './runtime/recorders.js';
export {
  buildInstruction,
  buildSystemPrompt,
  UNTRUSTED_CONTENT_RULE,
  wrapUntrusted,
} from './runtime/system-prompt.js';
export type { AgentMemoryEntry, AgentMemoryReader, SharedMemoryEntry, SystemPromptParts } from './runtime/system-prompt.js';

export {
  AgentFactory,
  deriveAgentName,
  FACTORY_MAX_CAPABILITIES,
  sanitiseAgentName,
  sanitiseFactoryCapabilities,
} from './factory/agent-factory.js';
export type {
  AgentFactoryOptions,
  CreateFromDescriptionInput,
  FactoryResult,
  SanitisedCapabilities,
} from './factory/agent-factory.js';
export { buildFactorySystemPrompt } from './factory/factory-prompt.js';
export { extractJsonObject, firstBalancedObject } from './factory/json-extraction.js';

export { createAgentsService, DEFAULT_DISPATCH_SETTINGS } from './service/agents-service.js';
export type { AgentsService, CreateAgentsServiceOptions, DispatchSettings } from './service/agents-service.js';
export { nestedRunOptions, runAgentByName } from './dispatch/run-agent.js';
export type { RunAgentRequest } from './dispatch/run-agent.js';
export { dispatchAgents } from './dispatch/dispatch-agents.js';
export type { DispatchEntry, DispatchRequest, DispatchResult } from './dispatch/dispatch-agents.js';
export { createInMemorySkillSuggestionStore, DEFAULT_SKILL_SETTINGS } from './skills/skills-ports.js';
export type {
  SkillSettings,
  SkillsPorts,
  SkillSuggestion,
  SkillSuggestionDraft,
  SkillSuggestionStatus,
  SkillSuggestionStore,
} from './skills/skills-ports.js';
export { detectSkillPatterns, SKILL_EXCLUDED_TOOLS } from './skills/pattern-detector.js';
export type { DetectedPattern, PatternDetectionOptions, UsageRow } from './skills/pattern-detector.js';
export { jaccard, STOP_WORDS, tokenizePattern } from './skills/pattern-tokens.js';
export { analyzeSkillPatterns, autoCreateSkill, requireSkills } from './skills/skill-actions.js';
export type {
  AnalyzeSkillPatternsInput,
  AnalyzeSkillPatternsResult,
  AutoCreateSkillInput,
} from './skills/skill-actions.js';

export { agentTools } from './tools/agent-tools.js';
export { eventRuleTools } from './tools/event-rule-tools.js';
export type { EventRuleToolServices } from './tools/event-rule-tools.js';
export { dispatchPendingWebhookEvents, dispatchWebhookEvent, MAX_WEBHOOK_ATTEMPTS } from './webhooks/dispatch-webhook-event.js';
export type { RuleDispatch, WebhookDispatchDeps, WebhookDispatchResult } from './webhooks/dispatch-webhook-event.js';
export { createAgentTool, deleteAgentTool, updateAgentTool } from './tools/authoring-tools.js';
export { getAgentTool, listAgentsTool } from './tools/registry-tools.js';
export { dispatchAgentsTool, runAgentTool, runResultSchema } from './tools/run-tools.js';
export { analyzeSkillPatternsTool, autoCreateSkillTool } from './tools/skill-tools.js';
export { agentView, agentViewSchema } from './tools/tool-support.js';
export type { AgentToolServices, AgentView } from './tools/tool-support.js';

export {
  createAgentMemoryReader,
  createAgentRunRecorder,
  createMemoryStoreRecorders,
  createModelCallRecorder,
  createSkillSuggestionStore,
  createToolUsageAdapter,
} from './stores/memory-store-adapters.js';
export { createAgentsRuntime, lazyAnthropicModel } from './service/create-agents-runtime.js';
export { createModelDocumentSummarizer } from './runtime/document-summarizer.js';
export type { DocumentSummarizer, ModelDocumentSummarizerOptions } from './runtime/document-summarizer.js';
export { createModelOutputSummarizer } from './runtime/output-summarizer.js';
export type { OutputSummarizer } from './runtime/output-summarizer.js';
export type { CreateAgentsRuntimeOptions } from './service/create-agents-runtime.js';
