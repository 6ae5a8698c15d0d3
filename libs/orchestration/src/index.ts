/**
 * @chief-of-staff/orchestration — see README.md for what belongs here. Public API is named explicitly below.
 */
export { normalizeToolArguments } from './normalization/normalize-tool-arguments.js';
export type { NormalizedArguments } from './normalization/normalize-tool-arguments.js';
export { ARGUMENT_ALIASES, GENERIC_ID_ALIAS } from './normalization/argument-aliases.js';
export type { ArgumentAlias } from './normalization/argument-aliases.js';

export { capToolResponse, LONG_STRING_CHARS, omittedItemsWarning } from './response-cap/cap-tool-response.js';
export type { CapToolResponseOptions, CappedToolResponse } from './response-cap/cap-tool-response.js';
export { DEFAULT_MAX_RESPONSE_TOKENS, estimateJsonTokens } from './response-cap/estimate-tokens.js';
export { truncationMarker } from './response-cap/shorten-strings.js';

export { EXTERNAL_TOOL_DEFAULTS, INTERNAL_TOOL_DEFAULTS, latencyTierOf } from './registry/tool-intelligence.js';
export type {
  LearnedToolStatistics,
  ToolIntelligence,
  ToolIntelligenceLookup,
  ToolIntentSignal,
  ToolLatencyExpectation,
  ToolParameterHints,
  ToolResponseExpectation,
  ToolServer,
  ToolStatisticsSource,
} from './registry/tool-intelligence.js';

// Tool selection: the intelligence registry and intent scoring in English and Hebrew.
export { createToolIntelligenceRegistry, MIN_LEARNED_SAMPLES } from './registry/tool-intelligence-registry.js';
export type { CatalogueToolInfo, ToolIntelligenceOverride, ToolIntelligenceRegistry, ToolIntelligenceRegistryOptions } from './registry/tool-intelligence-registry.js';
export { DOMAIN_PROFILES, domainOfTool } from './registry/domain-signals.js';
export type { DomainProfile } from './registry/domain-signals.js';
export { DEFAULT_MIN_SCORE, scoreAllTools } from './scoring/score-all-tools.js';
export type { ConfidenceLevel, ScoreOptions, ToolScore } from './scoring/score-all-tools.js';
export { createToolSelector, DEFAULT_MAX_TOOLS } from './scoring/select-tools.js';
export type { ToolSelector, ToolSelectorOptions } from './scoring/select-tools.js';
export { examplesFromDescription, parameterHintsOf } from './registry/parameter-hints.js';

// Execution: the orchestration executor (breakers, fallback chains, progress, guidance) and external MCP servers.
export { createOrchestrationExecutor, DEFAULT_EXECUTOR_SETTINGS } from './executor/orchestration-executor.js';
export type { ExecutionOutcome, ExecutionRequest, ExecutorSettings, FallbackRecord, OrchestrationExecutor, OrchestrationExecutorOptions } from './executor/orchestration-executor.js';
export { createCircuitBreakers, DEFAULT_BREAKER_SETTINGS } from './executor/circuit-breakers.js';
export type { BreakerSettings, BreakerState, BreakerStateView, CircuitBreakers } from './executor/circuit-breakers.js';
export { exhaustedChainError } from './executor/guidance.js';
export type { AttemptSummary } from './executor/guidance.js';
export { runWithDeadline } from './executor/run-with-deadline.js';
export { parseServersFile, readServersFile } from './external/servers-file.js';
export type { ExternalServerConfig, ExternalTransportConfig, ServersFile } from './external/servers-file.js';
export { externalToolName, foldToolName } from './external/external-tool-name.js';
export { createMcpServerPool } from './external/mcp-server-pool.js';
export type { ExternalCallOptions, ExternalToolInfo, McpServerPool, McpServerPoolOptions, ServerState, ServerStatus } from './external/mcp-server-pool.js';
export { externalResultSchema, externalToolDefinition } from './external/external-tools.js';
export type { ExternalToolOptions, ExternalToolResult } from './external/external-tools.js';
export { DEFAULT_CHAINS, externalToolOverrides, NO_FALLBACK_DOMAINS } from './external/default-chains.js';
export { estimateResponseSize, fitsInContextWindow, optimizeOutput, shortenJsonText } from './response-cap/optimize-output.js';
export type { OptimizedOutput, OptimizeOptions } from './response-cap/optimize-output.js';
export { CALLER_FAULT_CODES, computeSuccessMetrics, formatSuccessMetrics } from './metrics/success-metrics.js';
export type { FallbackSample, SlowTool, SuccessMetric, SuccessMetrics, UsageSample } from './metrics/success-metrics.js';
