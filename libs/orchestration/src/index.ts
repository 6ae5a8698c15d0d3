/**
 * @chief-of-staff/orchestration — see README.md for what belongs here. Public API is named explicitly below.
 */
export { normalizeToolArguments } from './normalization/normalize-tool-arguments.js';

export { capToolResponse } from './response-cap/cap-tool-response.js';

export { DEFAULT_MAX_RESPONSE_TOKENS } from './response-cap/estimate-tokens.js';

export type { LearnedToolStatistics, ToolStatisticsSource } from './registry/tool-intelligence.js';

// Tool selection: the intelligence registry and intent scoring in English and Hebrew.
export { createToolIntelligenceRegistry } from './registry/tool-intelligence-registry.js';
export type {
  CatalogueToolInfo,
  ToolIntelligenceOverride,
  ToolIntelligenceRegistry,
} from './registry/tool-intelligence-registry.js';

export { DEFAULT_MIN_SCORE, fittingTools, scoreAllTools } from './scoring/score-all-tools.js';
export { LEAD } from './scoring/fusion.js';
export type { ConfidenceLevel, ScoreOptions, ToolScore } from './scoring/score-all-tools.js';
export { createCatalogueIndex } from './scoring/catalogue-index.js';
export type { CatalogueIndex, IndexedToolText, LexicalMatch } from './scoring/catalogue-index.js';
export { englishGlossOf, isMostlyHebrew } from './scoring/request-gloss.js';
export { exampleCentroid, toolSimilarity } from './scoring/tool-similarity.js';

export { createToolSelector, DEFAULT_MAX_TOOLS } from './scoring/select-tools.js';

// Execution: the orchestration executor (breakers, fallback chains, progress, guidance) and external MCP servers.
export { createOrchestrationExecutor } from './executor/orchestration-executor.js';
export type { FallbackRecord, OrchestrationExecutor } from './executor/orchestration-executor.js';
export { DEFAULT_BREAKER_SETTINGS } from './executor/circuit-breakers.js';
export type { BreakerStateView } from './executor/circuit-breakers.js';

export { runWithDeadline } from './executor/run-with-deadline.js';
export { parseServersFile, readServersFile } from './external/servers-file.js';
export type { ExternalServerConfig, ServersFile } from './external/servers-file.js';

export { createMcpServerPool } from './external/mcp-server-pool.js';
export type { McpServerPool, ServerStatus } from './external/mcp-server-pool.js';
export { createExternalToolListCache } from './external/tool-list-cache.js';
export { externalToolDefinition } from './external/external-tools.js';

export { externalToolOverrides } from './external/default-chains.js';
export { fitsInContextWindow } from './response-cap/optimize-output.js';

export { computeSuccessMetrics, formatSuccessMetrics } from './metrics/success-metrics.js';

