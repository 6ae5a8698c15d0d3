/**
 * @chief-of-staff/sdk — the composition root. `createChiefOfStaff()` wires every library together; this is what the
 * apps and embedders import.
 */
export { createChiefOfStaff } from './create-chief-of-staff.js';
export type { CreateChiefOfStaffOptions } from './create-chief-of-staff.js';
export type { ChiefOfStaff, CloseOptions, OrchestrationView, ToolCallOptions } from './chief-of-staff.js';
export type { ToolGroup, ToolCatalogue } from './tool-catalogue.js';
export { buildToolCatalogue } from './tool-catalogue.js';
export type { ToolUsageEntry, UsageRecorder, ToolInvoker } from './call-tool.js';
export type { CosServices } from './services.js';
// Tool description vectors, for benchmarks and embedders that rank their own catalogues by meaning (ADR 0041).
export { createToolVectorIndex, toolEmbeddingText } from './tool-vectors.js';
export type { SemanticSimilarity, ToolDescriptionText, ToolVectorIndex, ToolVectorIndexOptions, ToolVectorsStatus } from './tool-vectors.js';
export { checkHealth } from './health-check.js';
export type { CheckHealthOptions, HealthCheck, HealthStatus } from './health-check.js';
export { checkReindexNeeded, reindexVectors } from './reindex-vectors.js';
export { copyToPostgres } from './copy-to-postgres.js';
export type { CopyToPostgresOptions } from './copy-to-postgres.js';
export type { CopyDataDirectoryReport, CopyProgress } from '@chief-of-staff/postgres';
export type { ReindexCheck, ReindexProgress, ReindexVectorsOptions, ReindexVectorsResult } from './reindex-vectors.js';
export type { SchedulerLoop, SchedulerLoopOptions } from './scheduler-loop.js';
// Which configuration a running worker started with (the worker records it; `cos doctor` compares).
export { checkWorkerConfig, recordWorkerConfig } from './worker-config-record.js';
export { builtInToolGroups, BUILT_IN_TOOL_GROUP_NAMES } from './tool-groups.js';
// The orchestration metrics table, as `cos stats` prints it.
export { formatSuccessMetrics } from '@chief-of-staff/orchestration';
// Webhook deliveries, for an HTTP server (the worker's, or an embedder's own).
export { createWebhookReceiver, WEBHOOK_RATE_PER_MINUTE } from './webhooks-wiring.js';
export type { WebhookReceiver } from './webhooks-wiring.js';
export { openStorage } from './services.js';
export type { OpenedStorage } from './services.js';
// Users and personal access tokens, for `cos users` and `cos tokens` (ADR 0074).
export { unknownUserError } from '@chief-of-staff/stores';
export type { AccessTokenRecord, MemoryStore, UserRecord } from '@chief-of-staff/stores';
export { createOrchestrationStatsTool, type OrchestrationStatsDeps } from './orchestration-stats-tool.js';
