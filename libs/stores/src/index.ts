/**
 * @chief-of-staff/stores — see README.md for what belongs here. Public API is named explicitly below.
 */

// Database: connection, migrations, case folding.
export {
  BUSY_TIMEOUT_MS,
  DATABASE_FILE_NAME,
  defaultMigrationsFolder,
  openDatabase,
} from './db/open-database.js';
export type { CosDatabase, DrizzleDb, OpenDatabaseOptions } from './db/open-database.js';
export { applyMigrations, databaseNewerError } from './db/apply-migrations.js';
export type { MigrationReport } from './db/apply-migrations.js';
export { FOLD_SQL_FUNCTION, foldCase } from './db/fold-case.js';
export { schema } from './db/schema-object.js';

// Shared helpers: pagination, LIKE escaping, FTS query building, validation.
export { closePage, decodeCursor, encodeCursor, filterKeyOf, mapPage, openPage } from './db/pagination.js';
export type { Page, PageLimits, PageRequest, PageWindow } from './db/pagination.js';
export { containsPattern, escapeLike } from './db/like.js';
export { buildFtsMatch, buildTrigramPhrase, ftsTokens } from './db/fts-query.js';
export {
  assertConfidence,
  assertDateOnly,
  assertEnum,
  assertText,
  isEmailAddress,
  MAX_NAME_LENGTH,
  MAX_QUERY_LENGTH,
  MAX_VALUE_LENGTH,
  normalizeEmail,
} from './db/validation.js';

// The memory store facade and its repositories.
export { openMemoryStore } from './memory/memory-store.js';
export type { MemoryStore, OpenMemoryStoreOptions } from './memory/memory-store.js';
export { createFactsRepository, FACT_LIST_LIMITS } from './memory/facts-repository.js';
export type {
  CandidateOptions,
  FactRecord,
  FactsRepository,
  ListFactsFilters,
  StoreFactInput,
} from './memory/facts-repository.js';
export type { FactToEmbed, FactVectorIndex, FactVectorMatch } from './memory/fact-vector-index.js';
export { refreshFactVector, removeFactVector } from './memory/fact-embedding.js';
export type { FactEmbeddingDeps } from './memory/fact-embedding.js';
export { CANDIDATE_LIST_SIZE, QUERY_MEMORY_LIMITS, searchFacts } from './memory/fact-search.js';
export type { FactSearchDeps, FactSearchRequest, RankedFact } from './memory/fact-search.js';
export {
  compareScored,
  DEFAULT_HALF_LIFE_DAYS,
  DEFAULT_RRF_K,
  fuseRelevance,
  round4,
  scoreFacts,
  temporalDecay,
} from './memory/fact-ranking.js';
export type { RankableFact, ScoredFact } from './memory/fact-ranking.js';
export { cosine, jaccard, MMR_LAMBDA, selectByMmr, wordSet } from './memory/mmr.js';
export { isStopWord, keywordQuery } from './db/stop-words.js';
export { hebrewStem, hebrewVariants, isHebrewWord, normaliseFinalLetters, withoutHebrewPrefixes } from './db/hebrew-prefixes.js';
export type { MmrCandidate, MmrSelection } from './memory/mmr.js';
export { createLocationsRepository, LOCATION_LIST_LIMITS } from './memory/locations-repository.js';
export type { LocationRecord, LocationsRepository, StoreLocationInput } from './memory/locations-repository.js';
export {
  createIdentitiesRepository,
  IDENTITY_SEARCH_LIMITS,
  normalizeProviderId,
} from './memory/identities-repository.js';
export type { IdentitiesRepository, IdentityRecord, LinkIdentityInput } from './memory/identities-repository.js';
export { AGENT_MEMORY_LIST_LIMITS, createAgentMemoryRepository } from './memory/agent-memory-repository.js';
export type {
  AgentMemoryFilters,
  AgentMemoryRecord,
  AgentMemoryRepository,
  StoreAgentMemoryInput,
} from './memory/agent-memory-repository.js';
export {
  assertNamespace,
  createSharedMemoryRepository,
  NAMESPACE_PATTERN,
  SHARED_MEMORY_LIST_LIMITS,
} from './memory/shared-memory-repository.js';
export type { SharedMemoryRecord, SharedMemoryRepository } from './memory/shared-memory-repository.js';

// Lifecycle: decisions, delegations, alert rules and alert evaluation.
export { createDecisionsRepository, DECISION_SEARCH_LIMITS } from './lifecycle/decisions-repository.js';
export type {
  CreateDecisionInput,
  DecisionRecord,
  DecisionsRepository,
  UpdateDecisionInput,
} from './lifecycle/decisions-repository.js';
export { createDelegationsRepository, DELEGATION_LIST_LIMITS } from './lifecycle/delegations-repository.js';
export type {
  CreateDelegationInput,
  DelegationDue,
  DelegationRecord,
  DelegationsRepository,
  ListDelegationsFilters,
  UpdateDelegationInput,
} from './lifecycle/delegations-repository.js';
export { ALERT_RULE_LIST_LIMITS, createAlertRulesRepository } from './lifecycle/alert-rules-repository.js';
export type { AlertRuleRecord, AlertRulesRepository, CreateAlertRuleInput } from './lifecycle/alert-rules-repository.js';
export {
  ALERT_CONDITION_SCHEMAS,
  ALERT_TYPE_INPUTS,
  normalizeAlertType,
  parseAlertCondition,
} from './lifecycle/alert-conditions.js';
export type { AlertConditions } from './lifecycle/alert-conditions.js';
export {
  alertEntityKey,
  alertFingerprint,
  alertNotificationText,
  checkAlerts,
  daysBetween,
  decideAlertDelivery,
  evaluateAlertRule,
  evaluateBuiltInAlerts,
  factFreshness,
  followUpsDue,
  formatAlerts,
  overdueDelegations,
  staleDecisions,
  staleFacts,
  upcomingDeadlines,
} from './lifecycle/evaluate-alerts.js';
export type {
  AlertData,
  AlertDecision,
  AlertDelegation,
  AlertDeliveryDecision,
  AlertFact,
  AlertMatch,
  AlertRuleLike,
  AlertTime,
  AlertTriggerState,
  BuiltInAlerts,
  CheckAlertsResult,
  DecisionAlertMatch,
  DelegationAlertMatch,
  FactAlertMatch,
  RuleAlert,
} from './lifecycle/evaluate-alerts.js';
export { loadAlertData } from './lifecycle/alert-data.js';

// Proactive suggestions: dismissals, snoozes and pushes by stable key.
export { createSuggestionStateRepository, isSuggestionHidden } from './proactive/suggestion-state-repository.js';
export type { SuggestionStateRecord, SuggestionStateRepository } from './proactive/suggestion-state-repository.js';

// Telemetry: tool usage, skill suggestions, runs, model calls, fallbacks, notifications.
export {
  createToolUsageRepository,
  MAX_QUERY_PATTERN_LENGTH,
  TOOL_STATISTICS_LIMITS,
} from './telemetry/tool-usage-repository.js';
export type {
  CallerKindValue,
  RecordToolUsageInput,
  ToolStatistics,
  ToolUsageRecord,
  ToolUsageRepository,
  UsagePatternCount,
} from './telemetry/tool-usage-repository.js';
export {
  createSkillSuggestionsRepository,
  SKILL_SUGGESTION_LIST_LIMITS,
} from './telemetry/skill-suggestions-repository.js';
export type {
  SkillSuggestionRecord,
  SkillSuggestionsRepository,
  UpsertSkillSuggestionInput,
} from './telemetry/skill-suggestions-repository.js';
export {
  AGENT_RUN_LIST_LIMITS,
  createAgentRunsRepository,
  createFallbackEventsRepository,
  createModelCallsRepository,
} from './telemetry/run-log-repositories.js';
export type {
  AgentRunRecord,
  AgentRunsRepository,
  FallbackEventRecord,
  FallbackEventsRepository,
  FinishAgentRunInput,
  ModelCallRecord,
  ModelCallsRepository,
  StartAgentRunInput,
  TokenCounts,
} from './telemetry/run-log-repositories.js';
export { createNotificationsRepository, NOTIFICATION_LIST_LIMITS } from './telemetry/notifications-repository.js';
export type {
  NotificationRecord,
  NotificationsRepository,
  RecordNotificationInput,
} from './telemetry/notifications-repository.js';

// Webhooks and event rules.
export {
  assertWebhookSource,
  createWebhookEventsRepository,
  WEBHOOK_EVENT_LIST_LIMITS,
  WEBHOOK_SOURCE_PATTERN,
} from './webhooks/webhook-events-repository.js';
export type {
  InsertWebhookEventInput,
  ListWebhookEventsFilters,
  WebhookEventRecord,
  WebhookEventsRepository,
  WebhookEventUpdate,
} from './webhooks/webhook-events-repository.js';
export { createEventRulesRepository, EVENT_RULE_LIST_LIMITS } from './webhooks/event-rules-repository.js';
export type { CreateEventRuleInput, EventRuleRecord, EventRulesRepository } from './webhooks/event-rules-repository.js';

// Scheduler storage.
export {
  createScheduledTasksRepository,
  SCHEDULED_TASK_LIST_LIMITS,
} from './scheduling/scheduled-tasks-repository.js';
export type {
  CreateScheduledTaskInput,
  RunOutcome,
  ScheduledTaskRecord,
  ScheduledTasksRepository,
  UpdateScheduledTaskInput,
} from './scheduling/scheduled-tasks-repository.js';
export {
  createTaskRunsRepository,
  createWorkerHeartbeatRepository,
  TASK_RUN_LIST_LIMITS,
} from './scheduling/task-runs-repository.js';
export type {
  FinishTaskRunInput,
  TaskRunRecord,
  TaskRunsRepository,
  WorkerHeartbeatRecord,
  WorkerHeartbeatRepository,
} from './scheduling/task-runs-repository.js';

// Schema tables (SPEC §2.3).
export {
  agentMemory,
  agentRuns,
  alertRules,
  calendars,
  conversations,
  decisions,
  delegations,
  documents,
  eventRules,
  events,
  facts,
  fallbackEvents,
  identities,
  locations,
  mailboxes,
  mailMessages,
  mailOutbox,
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
  webhookEvents,
  workerHeartbeat,
} from './db/schema/index.js';
export type { EventAttendee, MailAddress, MailAttachmentMeta } from './db/schema/index.js';

// Enumerations (SPEC §2.2).
export {
  AGENT_MEMORY_TYPES,
  AGENT_RUN_STATUSES,
  ALERT_TYPES,
  ATTENDEE_RESPONSES,
  CALENDAR_KINDS,
  CALLER_KINDS,
  DECISION_STATUSES,
  DELEGATION_PRIORITIES,
  DELEGATION_STATUSES,
  DELIVERY_CHANNELS,
  DOC_TYPES,
  EMBEDDING_STATUSES,
  EVENT_SHOW_AS,
  EVENT_STATUSES,
  FACT_CATEGORIES,
  FALLBACK_OUTCOMES,
  HANDLER_TYPES,
  IDENTITY_PROVIDERS,
  MAIL_OUTBOX_STATUSES,
  MAILBOX_ROLES,
  MODEL_CALL_CALLERS,
  NOTIFICATION_ORIGINS,
  NOTIFICATION_STATUSES,
  NOTIFICATION_URGENCIES,
  REMINDER_PRIORITIES,
  RUN_STATUSES,
  RUN_TRIGGERS,
  SCHEDULE_TYPES,
  SKILL_SUGGESTION_STATUSES,
  SOURCE_REF_PROVIDERS,
  SUGGESTION_CATEGORIES,
  SUGGESTION_PRIORITIES,
  TASK_RUN_STATUSES,
  TASK_RUN_TRIGGERS,
  WEBHOOK_RECEIVED_VIA,
  WEBHOOK_STATUSES,
} from './db/schema/enums.js';
export type {
  AgentMemoryType,
  AgentRunStatus,
  AlertType,
  AttendeeResponse,
  CalendarKind,
  DecisionStatus,
  DelegationPriority,
  DelegationStatus,
  DeliveryChannel,
  DocType,
  EmbeddingStatus,
  EventShowAs,
  EventStatus,
  FactCategory,
  FallbackOutcome,
  HandlerType,
  IdentityProvider,
  MailboxRole,
  MailOutboxStatus,
  ModelCallCaller,
  NotificationOrigin,
  NotificationStatus,
  NotificationUrgency,
  ReminderPriority,
  RunStatus,
  RunTrigger,
  ScheduleType,
  SkillSuggestionStatus,
  SourceRef,
  SourceRefProvider,
  SuggestionCategory,
  SuggestionPriority,
  TaskRunStatus,
  TaskRunTrigger,
  WebhookReceivedVia,
  WebhookStatus,
} from './db/schema/enums.js';

// Safe file access inside the allowed roots: no links followed, no pipes opened, hard links refused by default.
export {
  FOLLOW_HARD_LINKS_CONFIG_KEY,
  UnsafeFileError,
  checkRegularFile,
  openRegularFile,
  readRegularFile,
  writeFileReplacing,
} from './fs/regular-file.js';
export type { FileReadPolicy } from './fs/regular-file.js';
