/**
 * @chief-of-staff/core — contracts and kernel shared by every library: configuration, errors, logging,
 * clock, ids, time helpers and the Tool contract.
 */
export { CosError, isCosError } from './errors/cos-error.js';
export type { CosErrorJson, CosErrorOptions, ErrorCategory, JsonValue } from './errors/cos-error.js';
export { ToolError, TOOL_ERROR_CODES, isToolError } from './errors/tool-error.js';
export type { ToolErrorCode, ToolErrorOptions } from './errors/tool-error.js';
export { upstreamMessageLine } from './errors/upstream-text.js';

export { configSchema } from './config/config-schema.js';
export type { ConfigInput, CosConfig, ParsedConfig } from './config/config-schema.js';
export { ConfigError } from './config/config-error.js';
export { deepMerge, loadConfig, redactConfig, RETIRED_CONFIG_KEYS } from './config/load-config.js';
export {
  isSecretReference,
  requireSecret,
  requireSecretMap,
  resolveSecret,
  secretReferenceNames,
  unsetSecretError,
  unsetSecretReferences,
} from './config/secret-reference.js';
export { secretConfigKeys } from './config/secret-config-keys.js';
export type { LoadConfigOptions } from './config/load-config.js';
export { CONFIG_FILE_NAME, ensurePrivateDir, expandHome, resolveDataDir } from './config/data-dir.js';
export { envNameFor } from './config/env-overrides.js';

export { createLogger, createSilentLogger } from './logging/logger.js';
export type { Logger, LoggerOptions, LogLevel } from './logging/logger.js';

export { createSystemClock, FakeClock } from './clock/clock.js';
export type { Clock } from './clock/clock.js';
export { formatDateInZone, isValidTimeZone, systemTimeZone } from './time/time-zone.js';
export {
  addDaysToDate,
  daysBetween,
  isSupportedInstant,
  isValidDateOnly,
  MAX_SUPPORTED_YEAR,
  MIN_SUPPORTED_YEAR,
  SUPPORTED_YEARS_TEXT,
  toIsoTimestamp,
} from './time/dates.js';
export { newErrorRef, newUuid } from './ids/ids.js';

export { defineTool, isPersonCaller, TOOL_NAME_PATTERN } from './tools/tool-definition.js';
export type {
  AnyToolDefinition,
  CallerKind,
  LatencyTier,
  ProgressReporter,
  ToolAnnotations,
  ToolCaller,
  ToolContext,
  ToolDefinition,
  ToolExamples,
} from './tools/tool-definition.js';
export type { ToolPrincipal } from './tools/tool-definition.js';
export {
  currentPrincipalKey,
  currentPrincipalScope,
  isPrincipalKey,
  OWNER_PRINCIPAL,
  principalKeyOf,
  runInPrincipalScope,
  runInSystemScope,
  SYSTEM_SCOPE,
} from './principal/principal-scope.js';
export { actsAsOwner } from './principal/owner-resources.js';
// What an HTTP surface on this machine shares (the MCP HTTP server, the web console): its token, Host check, bind warning.
export { isAllowedHost, hostName } from './http/allowed-host.js';
export { HTTP_TOKEN_FILE_NAME, loadOrCreateHttpToken, tokensMatch } from './http/http-token.js';
export type { HttpToken } from './http/http-token.js';
export { exposedBindWarning, isLoopbackHost } from './http/bind-address.js';
// Stopping a child process started here (the worker's web console, servers a benchmark spawns).
export { stopChildProcess } from './process/stop-child-process.js';
export { createToolContext } from './tools/create-tool-context.js';
export type { CreateToolContextOptions } from './tools/create-tool-context.js';
export { toolInputJsonSchema, toolOutputJsonSchema } from './tools/json-schema.js';
export type { JsonSchema } from './tools/json-schema.js';
export {
  formatToolErrorText,
  runTool,
  toolErrorPayload,
  toToolErrorPayload,
  validateToolInput,
} from './tools/run-tool.js';
export type { ToolErrorPayload, ToolRunResult } from './tools/run-tool.js';
export { formatValidationIssues } from './tools/format-validation-error.js';
export { queryPatternOf } from './tools/query-pattern.js';
export { MAX_INPUT_DEPTH, sanitizeToolInput } from './tools/sanitize-input.js';
export { isSecretKey, REDACTED, redactSecrets, redactUrl, redactUrlsInText } from './logging/redact-secrets.js';
export { cursorSchema, limitSchema, listOutputSchema } from './tools/list-schemas.js';
export { closestNames, didYouMean } from './text/closest-names.js';
export { hebrewStem, hebrewVariants, isHebrewWord, mayStripHebrewPrefix, normaliseFinalLetters, withoutHebrewPrefixes } from './text/hebrew-prefixes.js';
export { isStopWord, keywordQuery } from './text/stop-words.js';
export { foldCase } from './text/fold-case.js';
export { containsPattern, escapeLike } from './text/like.js';
export { isEmailAddress, normalizeEmail } from './text/email-address.js';
// Safe file access inside the allowed roots: no links followed, no pipes opened, hard links refused by default.
export {
  SPECIAL_FILE_REASON,
  SYMLINK_REFUSED_REASON,
  UnsafeFileError,
  openRegularFile,
  readRegularFile,
  unsafeFileReason,
  writeFileReplacing,
} from './fs/regular-file.js';
export type { FileReadPolicy } from './fs/regular-file.js';
export { foldedWords, lexicalText, queryTermGroups, searchTerms, wordTerms } from './text/search-terms.js';
