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
