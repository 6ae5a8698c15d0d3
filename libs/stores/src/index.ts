/**
 * @chief-of-staff/stores — see README.md for what belongs here. Public API is named explicitly below.
 */

// Database: connection, migrations, case folding.

export { UNREADABLE_STORED_JSON } from './db/stored-json.js';

// Shared helpers: pagination, LIKE escaping, FTS query building, validation.
export { closePage, encodeCursor, openPage } from './db/pagination.js';
export type { Page, PageWindow } from './db/pagination.js';


// The storage port: the memory store facade and its repository interfaces (every method returns a promise), and its
// SQLite adapter `openMemoryStore`. Another adapter implements these same interfaces.
export type { MemoryStore, StorageDescription } from './memory/memory-store.js';
export type { FactsRepository } from './memory/facts-repository.js';
export type { LocationsRepository } from './memory/locations-repository.js';
export type { AlertRulesRepository } from './lifecycle/alert-rules-repository.js';
export type { EventRulesRepository } from './webhooks/event-rules-repository.js';
export type { FallbackEventsRepository } from './telemetry/run-log-repositories.js';
export type { NotificationsRepository } from './telemetry/notifications-repository.js';
export type { SuggestionStateRepository } from './proactive/suggestion-state-repository.js';
// The local messages store (ADR 0073): its port, the rows it takes and gives, and the SQLite adapter's search tuning.
export type { ImportMessageInput, ListMessagesFilters, MessageRangeFilters, MessageRow, MessagesPage, MessagesPageRequest, MessagesRepository } from './personal-data/messages-repository.js';
// The reminders provider's local store (ADR 0071): the port, its rows and inputs, and the rules both adapters share.
export { DEFAULT_REMINDER_LIST } from './personal-data/reminders-repository.js';
export type {
  LinkedReminderList,
  ReminderFilter,
  ReminderListRecord,
  ReminderRecord,
  RemindersRepository,
  ReminderUpsertCounts,
  ReminderValues,
  RemoteReminderObject,
} from './personal-data/reminders-repository.js';
// The local calendar's port (ADR 0070): its rows in and out, for the providers and another adapter.
export type {
  CalendarRepository,
  CalendarRow,
  EventChanges,
  EventRow,
  EventRowsInRange,
  EventUpsert,
  FeedState,
  NewCalendarRow,
  NewEventRow,
  OverrideKey,
  RemoteObject,
  UpsertOutcome,
} from './personal-data/calendar-repository.js';
export { calendarDefaults } from './personal-data/calendar-repository.js';
export type { DueClaim, DueClaimResult, ScheduledTasksRepository } from './scheduling/scheduled-tasks-repository.js';
export type { TaskRunsRepository, WorkerHeartbeatRepository } from './scheduling/task-runs-repository.js';
// What another adapter's scheduler repositories need to behave as these do: the scheduler's enumerations, the
// input types of the ports, and the same validation (same errors; the validation helpers are exported below, with
// the facts adapter's).
export { HANDLER_TYPES, SCHEDULE_TYPES, TASK_RUN_STATUSES, TASK_RUN_TRIGGERS } from './db/enums.js';
export type { TaskRunStatus, TaskRunTrigger } from './db/enums.js';
export type { CreateScheduledTaskInput, RunOutcome, UpdateScheduledTaskInput } from './scheduling/scheduled-tasks-repository.js';
export type { FinishTaskRunInput, WorkerHeartbeatRecord } from './scheduling/task-runs-repository.js';
export { FACT_LIST_LIMITS } from './memory/facts-repository.js';
export type { FactRecord } from './memory/facts-repository.js';
export type { FactToEmbed, FactVectorIndex, FactVectorMatch } from './memory/fact-vector-index.js';
export { FactVectorIndexClosedError } from './memory/fact-vector-index.js';
export { refreshFactVector, removeFactVector } from './memory/fact-embedding.js';

export { gatherFactCandidates, QUERY_MEMORY_LIMITS, searchFacts } from './memory/fact-search.js';
export { DEFAULT_FACT_RELEVANCE, factRelevance } from './memory/fact-relevance.js';
export { queryDaySpans } from './memory/query-time.js';
export type { FactCandidates, FactRelevanceParameters } from './memory/fact-relevance.js';

// What another adapter of the facts repository needs to behave exactly like the SQLite one: the same validation,
// query tokens and common-term rule (ADR 0060).
export { COMMON_TERM_MIN_ROWS, COMMON_TERM_SHARE, observedAtOf } from './memory/facts-repository.js';
export type { CandidateOptions, ListFactsFilters, StoreFactInput } from './memory/facts-repository.js';
export type { ObservedWindow } from './memory/observed-time.js';
export { assertConfidence, assertEnum, assertMaxLength, assertText, MAX_NAME_LENGTH, MAX_VALUE_LENGTH, nowIso } from './db/validation.js';
export { ftsTokens, stemPrefix } from './db/fts-query.js';
export type { PageRequest } from './db/pagination.js';

export { compareScored, DEFAULT_HALF_LIFE_DAYS, round4, scoreFacts } from './memory/fact-ranking.js';
export type { ScoredFact } from './memory/fact-ranking.js';


export { LOCATION_LIST_LIMITS } from './memory/locations-repository.js';
export type { LocationRecord } from './memory/locations-repository.js';
export { groupPeople, IDENTITY_SEARCH_LIMITS, PEOPLE_LIST_LIMITS } from './memory/identities-repository.js';
export type { IdentitiesRepository, IdentityRecord, PersonIdentities } from './memory/identities-repository.js';
export { AGENT_MEMORY_LIST_LIMITS } from './memory/agent-memory-repository.js';
export type { AgentMemoryRecord, AgentMemoryRepository } from './memory/agent-memory-repository.js';
export { NAMESPACE_PATTERN, SHARED_MEMORY_LIST_LIMITS } from './memory/shared-memory-repository.js';
export type { SharedMemoryRecord, SharedMemoryRepository } from './memory/shared-memory-repository.js';

// What another adapter of the identities, locations, agent memory, shared memory, decisions, delegations and alert
// rules repositories needs to behave as the SQLite ones do: their input types and the same validation, normalisation
// and update rules, as functions both adapters call (ADR 0063).
export { identityLink, normalizeProviderId } from './memory/identities-repository.js';
export type { IdentityLink, LinkIdentityInput } from './memory/identities-repository.js';
export { locationChanges } from './memory/locations-repository.js';
export type { StoreLocationInput } from './memory/locations-repository.js';
export { agentMemoryEntry } from './memory/agent-memory-repository.js';
export type { AgentMemoryFilters, StoreAgentMemoryInput } from './memory/agent-memory-repository.js';
export { assertNamespace, sharedMemoryEntry } from './memory/shared-memory-repository.js';
export type { StoreSharedMemoryInput } from './memory/shared-memory-repository.js';
export { decisionChanges, newDecisionFields, withDecisionNote } from './lifecycle/decisions-repository.js';
export type { CreateDecisionInput, DecisionFields, UpdateDecisionInput } from './lifecycle/decisions-repository.js';
export { applyDelegationUpdate, delegationChanges, dueWindowEnd, newDelegationFields } from './lifecycle/delegations-repository.js';
export type {
  CreateDelegationInput,
  DelegationFields,
  ListDelegationsFilters,
  UpdateDelegationInput,
} from './lifecycle/delegations-repository.js';
export { alertRuleDefinition, alertRuleNameTaken } from './lifecycle/alert-rules-repository.js';
export type { AlertRuleDefinition, CreateAlertRuleInput } from './lifecycle/alert-rules-repository.js';
export { PLAIN_CHARACTER_CLASS } from './lifecycle/decisions-text-search.js';
export { MAX_QUERY_LENGTH } from './db/validation.js';
export type { AgentMemoryType, DecisionStatus, DelegationPriority, IdentityProvider } from './db/enums.js';

// Lifecycle: decisions, delegations, alert rules and alert evaluation.
export { DECISION_SEARCH_LIMITS } from './lifecycle/decisions-repository.js';
export type { DecisionRecord, DecisionsRepository } from './lifecycle/decisions-repository.js';
export { DELEGATION_LIST_LIMITS } from './lifecycle/delegations-repository.js';
export type { DelegationRecord, DelegationsRepository } from './lifecycle/delegations-repository.js';
export { ALERT_RULE_LIST_LIMITS } from './lifecycle/alert-rules-repository.js';
export type { AlertRuleRecord } from './lifecycle/alert-rules-repository.js';
export { ALERT_TYPE_INPUTS } from './lifecycle/alert-conditions.js';

export {
  alertEntityKey,
  alertMatchLine,
  alertNotificationText,
  checkAlerts,
  decideAlertDelivery,
  evaluateAlertRule,
} from './lifecycle/evaluate-alerts.js';

export type { AlertMatch } from './lifecycle/evaluate-alerts.js';
export { loadAlertData } from './lifecycle/alert-data.js';

// Proactive suggestions: dismissals, snoozes and pushes by stable key.
export { isSuggestionHidden } from './proactive/suggestion-state-repository.js';

// Telemetry: tool usage, skill suggestions, runs, model calls, fallbacks, notifications.
export { MAX_QUERY_PATTERN_LENGTH, TOOL_STATISTICS_LIMITS } from './telemetry/tool-usage-repository.js';
export type { ToolStatistics, ToolUsageRepository } from './telemetry/tool-usage-repository.js';
export { SKILL_SUGGESTION_LIST_LIMITS } from './telemetry/skill-suggestions-repository.js';
export type { SkillSuggestionRecord, SkillSuggestionsRepository } from './telemetry/skill-suggestions-repository.js';

export type { AgentRunsRepository, ModelCallsRepository } from './telemetry/run-log-repositories.js';
export { NOTIFICATION_LIST_LIMITS } from './telemetry/notifications-repository.js';
export type { NotificationRecord } from './telemetry/notifications-repository.js';

// Webhooks and event rules.
export { WEBHOOK_EVENT_LIST_LIMITS, WEBHOOK_SOURCE_PATTERN } from './webhooks/webhook-events-repository.js';
export type { WebhookEventRecord, WebhookEventsRepository } from './webhooks/webhook-events-repository.js';
export { EVENT_RULE_LIST_LIMITS } from './webhooks/event-rules-repository.js';
export type { EventRuleRecord } from './webhooks/event-rules-repository.js';

// Scheduler storage.
export { SCHEDULED_TASK_LIST_LIMITS } from './scheduling/scheduled-tasks-repository.js';
export type { ScheduledTaskRecord } from './scheduling/scheduled-tasks-repository.js';
export { TASK_RUN_LIST_LIMITS } from './scheduling/task-runs-repository.js';
export type { TaskRunRecord } from './scheduling/task-runs-repository.js';

// Schema tables (docs/reference/data-model.md#tables): the ones other libraries query directly (documents, facts and
// the provider stores).

// Enumerations (docs/reference/data-model.md#enumerations).
export {
  AGENT_MEMORY_TYPES,
  ALERT_TYPES,
  DECISION_STATUSES,
  DELEGATION_PRIORITIES,
  DELEGATION_STATUSES,
  DELIVERY_CHANNELS,
  DOC_TYPES,
  FACT_CATEGORIES,
  IDENTITY_PROVIDERS,
  NOTIFICATION_ORIGINS,
  NOTIFICATION_STATUSES,
  NOTIFICATION_URGENCIES,
  SKILL_SUGGESTION_STATUSES,
  SOURCE_REF_PROVIDERS,
  SUGGESTION_CATEGORIES,
  WEBHOOK_STATUSES,
} from './db/enums.js';
export type {
  AlertType,
  DelegationStatus,
  DeliveryChannel,
  DocType,
  FactCategory,
  HandlerType,
  ScheduleType,
  SourceRef,
  SuggestionCategory,
} from './db/enums.js';


// What another adapter of the webhook, telemetry and proactive repositories needs to behave exactly like the SQLite
// ones: the same validation, row building and errors (ADR 0065).
export { newWebhookEventValues, webhookEventChanges } from './webhooks/webhook-events-repository.js';
export { eventRuleFields, eventRuleNameConflict } from './webhooks/event-rules-repository.js';
export { toolErrorRate, toolUsageValues } from './telemetry/tool-usage-repository.js';
export type { ToolUsageRecord } from './telemetry/tool-usage-repository.js';
export { skillSuggestionAlreadyAccepted } from './telemetry/skill-suggestions-repository.js';
export { agentRunFinishValues, agentRunStartValues, AGENT_RUN_LIST_LIMITS, fallbackEventValues, modelCallValues } from './telemetry/run-log-repositories.js';
export type { AgentRunRecord, FallbackEventRecord, ModelCallRecord } from './telemetry/run-log-repositories.js';
export { AGENT_RUN_STEP_LIST_LIMITS, agentRunStepValues, boundRunStepPreview, RUN_STEP_PREVIEW_MAX_CHARS } from './telemetry/run-steps-repository.js';
export type { AgentRunStepRecord, AgentRunStepsRepository, RecordAgentRunStepInput } from './telemetry/run-steps-repository.js';
export { notificationValues } from './telemetry/notifications-repository.js';
export { assertSuggestionKey } from './proactive/suggestion-state-repository.js';
export type { SuggestionStateRecord } from './proactive/suggestion-state-repository.js';
export { AGENT_RUN_STATUSES } from './db/enums.js';
export type { AgentRunStatus, AgentRunStepKind } from './db/enums.js';

// The mail repository of the providers' local mail store (imported mail, the IMAP cache), its rows and its SQLite adapter (ADR 0072).
export type {
  ListMailMessagesFilters,
  MailAddress,
  MailAttachmentMeta,
  MailboxRow,
  MailboxSummaryRow,
  MailHeaderRow,
  MailMessageInput,
  MailMessageRefRow,
  MailMessageRow,
  MailOutboxInput,
  MailOutboxRow,
  MailRepository,
  MailSyncStateRow,
  SearchMailMessagesFilters,
  SyncedMailMessageInput,
} from './personal-data/mail-repository.js';
export type { MailboxRole, MailOutboxStatus } from './db/enums.js';
// Sign-in (ADR 0074): users and personal access tokens, and what another adapter needs to behave as SQLite's do.
export type {
  AccessTokenRecord,
  AccessTokensRepository,
  AddUserInput,
  CreateAccessTokenInput,
  CreatedAccessToken,
  UserRecord,
  UsersRepository,
  VerifiedAccessToken,
} from './auth/sign-in-rules.js';
export {
  ACCESS_TOKEN_PREFIX,
  accessTokenHashMatches,
  accessTokenSignsIn,
  duplicateUserError,
  hashAccessToken,
  lastUsedCutoff,
  looksLikeAccessToken,
  newAccessToken,
  newUserFields,
  unknownUserError,
  userEmailKey,
} from './auth/sign-in-rules.js';
export { USER_STATUSES } from './db/enums.js';
// The documents' catalogue (ADR 0067): one row per ingested file, in the relational store of either adapter.
export { PENDING_CONTENT_HASH } from './documents/document-catalog.js';
export type { DocumentCatalogStore, DocumentFileFacts, DocumentListFilter, DocumentRow } from './documents/document-catalog.js';
// Per-principal usage counts for the administrator (ADR 0080).
export type { PrincipalUsageRecord, PrincipalUsageRepository } from './auth/principal-usage.js';
export { emptyPrincipalUsage } from './auth/principal-usage.js';
export type { UserStatus } from './db/enums.js';
