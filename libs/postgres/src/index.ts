/**
 * @chief-of-staff/postgres — the PostgreSQL + pgvector storage adapter: the schema (drizzle pg-core) and its
 * migrations, opening a pool with the migrations applied, and the server checks `cos doctor` shows. Loaded only when
 * a PostgreSQL storage URL is configured.
 */
export { checkPostgres, MIN_SERVER_VERSION_NUM, REQUIRED_EXTENSIONS } from './check-postgres.js';
export type { CheckPostgresOptions, PostgresCheckName, PostgresFinding } from './check-postgres.js';
export { redactConnectionUrl } from './connection-url.js';
export { MIGRATION_LOCK_KEY } from './apply-migrations.js';
export type { MigrationReport } from './apply-migrations.js';
export { DEFAULT_POOL_SIZE, defaultPostgresMigrationsFolder, describePostgresFailure, openPostgres } from './open-postgres.js';
export type { OpenPostgresOptions, PostgresDatabase, PostgresDrizzle, PostgresFailure, PostgresSchema } from './open-postgres.js';
export { candidatePoolSize } from './candidate-sessions.js';
export type { CandidateSessions } from './candidate-sessions.js';
export { SCOPED_ROLE } from './principal-scoped-pool.js';
export type { RowSecurity } from './principal-scoped-pool.js';
export { postgresSchema } from './schema-object.js';
export { chunkSearchTerms, factSearchTerms, mailMessageSearchTerms, messageSearchTerms, unicode61Tokens } from './search-terms.js';
export { isoFromTimestamptz } from './schema/columns.js';

// Repositories of the storage port (ADR 0060).
export { createPostgresFactsRepository } from './memory/facts-repository.js';
// Memory and lifecycle repositories of the storage port (ADR 0063).
export { createPostgresIdentitiesRepository } from './memory/identities-repository.js';
export { createPostgresLocationsRepository } from './memory/locations-repository.js';
export { createPostgresAgentMemoryRepository } from './memory/agent-memory-repository.js';
export { createPostgresSharedMemoryRepository } from './memory/shared-memory-repository.js';
export { createPostgresDecisionsRepository } from './lifecycle/decisions-repository.js';
export { createPostgresDelegationsRepository } from './lifecycle/delegations-repository.js';
export { createPostgresAlertRulesRepository } from './lifecycle/alert-rules-repository.js';
export {
  agentMemory,
  agentRuns,
  agentRunSteps,
  alertRules,
  calendars,
  conversations,
  decisions,
  delegations,
  documentChunks,
  documents,
  EMBEDDING_DIMENSIONS,
  eventRules,
  events,
  facts,
  factVectors,
  fallbackEvents,
  HNSW_EF_CONSTRUCTION,
  HNSW_M,
  identities,
  locations,
  mailboxes,
  mailMessages,
  mailOutbox,
  mailSyncState,
  messages,
  modelCalls,
  notifications,
  reminderLists,
  reminders,
  scheduledTasks,
  sharedMemory,
  skillSuggestions,
  suggestionState,
  taskRuns,
  toolUsageLog,
  vectorSpaces,
  webhookEvents,
  workerHeartbeat,
} from './schema/index.js';
// The scheduler's repositories on PostgreSQL (ADR 0062).
export { createPostgresSchedulerStorage } from './scheduling/scheduler-storage.js';
export type { PostgresSchedulerStorage } from './scheduling/scheduler-storage.js';
export { createPostgresScheduledTasksRepository } from './scheduling/scheduled-tasks-repository.js';
export {
  createPostgresTaskRunsRepository,
  createPostgresTaskRunWrites,
  createPostgresWorkerHeartbeatRepository,
} from './scheduling/task-runs-repository.js';
export type { PostgresExecutor, PostgresTaskRunWrites } from './scheduling/task-runs-repository.js';
export { listenForSchedulerWake, SCHEDULER_WAKE_CHANNEL } from './scheduling/scheduler-wake.js';
export type { SchedulerWake, SchedulerWakeListener, SchedulerWakeSubscription } from './scheduling/scheduler-wake.js';
// The webhook, telemetry and proactive repositories on PostgreSQL (ADR 0065).
export { createPostgresEventRulesRepository } from './webhooks/event-rules-repository.js';
export { createPostgresWebhookEventsRepository } from './webhooks/webhook-events-repository.js';
export { createPostgresSkillSuggestionsRepository } from './telemetry/skill-suggestions-repository.js';
export { createPostgresToolUsageRepository } from './telemetry/tool-usage-repository.js';
export {
  createPostgresAgentRunsRepository,
  createPostgresFallbackEventsRepository,
  createPostgresModelCallsRepository,
} from './telemetry/run-log-repositories.js';
export { createPostgresAgentRunStepsRepository } from './telemetry/run-steps-repository.js';
export { createPostgresNotificationsRepository } from './proactive/notifications-repository.js';
export { createPostgresSuggestionStateRepository } from './proactive/suggestion-state-repository.js';
// Copying a data directory into PostgreSQL (`cos migrate --to`).
export { copyDataDirectoryToPostgres } from './copy/copy-data-directory.js';
export type { CopiedTable, CopiedVectorTable, CopyDataDirectoryOptions, CopyDataDirectoryReport, CopyProgress } from './copy/copy-data-directory.js';
// The whole storage port on PostgreSQL, chosen by createChiefOfStaff() when storage.url is set.
export { openPostgresMemoryStore } from './memory-store/open-postgres-memory-store.js';
export type { OpenPostgresMemoryStoreOptions, PostgresDocumentStores, PostgresMemoryStore } from './memory-store/open-postgres-memory-store.js';
// Documents and fact vectors on PostgreSQL + pgvector: the documents' catalogue and chunk store ports and the memory
// store's FactVectorIndex (ADR 0067).
export { PostgresChunkStore } from './documents/chunk-store.js';
export { BM25_B, BM25_K1, CORPUS_STATS_TTL_MS } from './documents/chunk-bm25.js';
export type { PostgresChunkStoreOptions } from './documents/chunk-store.js';
export { PostgresDocumentCatalog } from './documents/document-catalog.js';
export { PostgresFactVectorIndex } from './documents/fact-vector-index.js';
export type { PostgresFactVectorIndexOptions } from './documents/fact-vector-index.js';
// Sign-in (ADR 0074): users and personal access tokens.
export { createPostgresAccessTokensRepository } from './auth/access-tokens-repository.js';
export { createPostgresUsersRepository } from './auth/users-repository.js';
