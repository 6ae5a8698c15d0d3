/**
 * @chief-of-staff/stores — the relational storage port (ADR 0098): the `MemoryStore` facade, its repository interfaces
 * and records, and the rules the apps, the sdk and the libraries above the port use. What only the storage adapters
 * share is in `@chief-of-staff/stores/adapter-kit`; the adapters are `@chief-of-staff/sqlite` and
 * `@chief-of-staff/postgres`. Public API is named explicitly below.
 */

// Memory: the MemoryStore facade, facts and their ranking, identities, locations, agent and shared memory.
export { AGENT_MEMORY_LIST_LIMITS } from './memory/agent-memory-repository.js';
export type { AgentMemoryFilters, AgentMemoryRecord, AgentMemoryRepository, StoreAgentMemoryInput } from './memory/agent-memory-repository.js';
export { refreshFactVector, removeFactVector } from './memory/fact-embedding.js';
export { compareScored, DEFAULT_HALF_LIFE_DAYS, round4, scoreFacts } from './memory/fact-ranking.js';
export type { ScoredFact } from './memory/fact-ranking.js';
export type { FactCandidates, FactRelevanceParameters } from './memory/fact-relevance.js';
export { QUERY_MEMORY_LIMITS, searchFacts } from './memory/fact-search.js';
export type { FactToEmbed, FactVectorIndex, FactVectorMatch } from './memory/fact-vector-index.js';
export { FACT_LIST_LIMITS } from './memory/facts-repository.js';
export type { CandidateOptions, FactRecord, FactsRepository, ListFactsFilters, StoreFactInput } from './memory/facts-repository.js';
export { IDENTITY_SEARCH_LIMITS, PEOPLE_LIST_LIMITS } from './memory/identities-repository.js';
export type { IdentitiesRepository, IdentityRecord, LinkIdentityInput, PersonIdentities } from './memory/identities-repository.js';
export { LOCATION_LIST_LIMITS } from './memory/locations-repository.js';
export type { LocationRecord, LocationsRepository, StoreLocationInput } from './memory/locations-repository.js';
export type { MemoryStore, StorageDescription } from './memory/memory-store.js';
export type { ObservedWindow } from './memory/observed-time.js';
export { NAMESPACE_PATTERN, SHARED_MEMORY_LIST_LIMITS } from './memory/shared-memory-repository.js';
export type { SharedMemoryRecord, SharedMemoryRepository, StoreSharedMemoryInput } from './memory/shared-memory-repository.js';

// Lifecycle: decisions, delegations, alert rules and their evaluation.
export { ALERT_TYPE_INPUTS } from './lifecycle/alert-conditions.js';
export { loadAlertData } from './lifecycle/alert-data.js';
export { ALERT_RULE_LIST_LIMITS } from './lifecycle/alert-rules-repository.js';
export type { AlertRuleRecord, AlertRulesRepository, CreateAlertRuleInput } from './lifecycle/alert-rules-repository.js';
export { DECISION_SEARCH_LIMITS } from './lifecycle/decisions-repository.js';
export type { CreateDecisionInput, DecisionRecord, DecisionsRepository, UpdateDecisionInput } from './lifecycle/decisions-repository.js';
export { DELEGATION_LIST_LIMITS } from './lifecycle/delegations-repository.js';
export type { CreateDelegationInput, DelegationRecord, DelegationsRepository, ListDelegationsFilters, UpdateDelegationInput } from './lifecycle/delegations-repository.js';
export { alertEntityKey, alertMatchLine, alertNotificationText, checkAlerts, decideAlertDelivery, evaluateAlertRule } from './lifecycle/evaluate-alerts.js';
export type { AlertMatch } from './lifecycle/evaluate-alerts.js';

// The scheduler's storage.
export { SCHEDULED_TASK_LIST_LIMITS } from './scheduling/scheduled-tasks-repository.js';
export type { CreateScheduledTaskInput, DueClaim, DueClaimResult, RunOutcome, ScheduledTaskRecord, ScheduledTasksRepository, UpdateScheduledTaskInput } from './scheduling/scheduled-tasks-repository.js';
export { TASK_RUN_LIST_LIMITS } from './scheduling/task-runs-repository.js';
export type { FinishTaskRunInput, TaskRunRecord, TaskRunsRepository, WorkerHeartbeatRecord, WorkerHeartbeatRepository } from './scheduling/task-runs-repository.js';

// Telemetry: tool usage, skill suggestions, agent runs and their steps, model calls, fallbacks, notifications.
export { NOTIFICATION_LIST_LIMITS } from './telemetry/notifications-repository.js';
export type { NotificationRecord, NotificationsRepository } from './telemetry/notifications-repository.js';
export type { AgentRunRecord, AgentRunsRepository, FallbackEventRecord, FallbackEventsRepository, ModelCallRecord, ModelCallsRepository } from './telemetry/run-log-repositories.js';
export type { AgentRunStepRecord, AgentRunStepsRepository, RecordAgentRunStepInput } from './telemetry/run-steps-repository.js';
export { SKILL_SUGGESTION_LIST_LIMITS } from './telemetry/skill-suggestions-repository.js';
export type { SkillSuggestionRecord, SkillSuggestionsRepository } from './telemetry/skill-suggestions-repository.js';
export { MAX_QUERY_PATTERN_LENGTH, TOOL_STATISTICS_LIMITS } from './telemetry/tool-usage-repository.js';
export type { RecordToolUsageInput, ToolPerformance, ToolStatistics, ToolUsageRecord, ToolUsageRepository } from './telemetry/tool-usage-repository.js';

// Proactive suggestions: dismissals, snoozes and pushes by stable key.
export { isSuggestionHidden } from './proactive/suggestion-state-repository.js';
export type { SuggestionStateRecord, SuggestionStateRepository } from './proactive/suggestion-state-repository.js';

// Webhooks and event rules.
export { EVENT_RULE_LIST_LIMITS } from './webhooks/event-rules-repository.js';
export type { EventRuleRecord, EventRulesRepository } from './webhooks/event-rules-repository.js';
export { WEBHOOK_EVENT_LIST_LIMITS, WEBHOOK_SOURCE_PATTERN } from './webhooks/webhook-events-repository.js';
export type { WebhookEventRecord, WebhookEventsRepository } from './webhooks/webhook-events-repository.js';

// The providers' local stores: calendar (ADR 0070), reminders (ADR 0071), mail (ADR 0072), messages (ADR 0073).
export type { CalendarRepository, CalendarRow, EventChanges, EventRow, EventRowsInRange, EventUpsert, FeedState, NewCalendarRow, NewEventRow, OverrideKey, RemoteObject, UpsertOutcome } from './personal-data/calendar-repository.js';
export type { ListMailMessagesFilters, MailAddress, MailAttachmentMeta, MailboxRow, MailboxSummaryRow, MailHeaderRow, MailMessageInput, MailMessageRefRow, MailMessageRow, MailOutboxInput, MailOutboxRow, MailRepository, MailSyncStateRow, SearchMailMessagesFilters, SyncedMailMessageInput } from './personal-data/mail-repository.js';
export type { ImportMessageInput, ListMessagesFilters, MessageRangeFilters, MessageRow, MessagesPage, MessagesPageRequest, MessagesRepository } from './personal-data/messages-repository.js';
export type { LinkedReminderList, ReminderFilter, ReminderListRecord, ReminderRecord, RemindersRepository, ReminderUpsertCounts, ReminderValues, RemoteReminderObject } from './personal-data/reminders-repository.js';

// The documents' catalogue (ADR 0067).
export { PENDING_CONTENT_HASH } from './documents/document-catalog.js';
export type { DocumentCatalogStore, DocumentFileFacts, DocumentListFilter, DocumentRow } from './documents/document-catalog.js';

// Sign-in (ADR 0074) and per-principal usage (ADR 0080).
export { emptyPrincipalUsage } from './auth/principal-usage.js';
export type { PrincipalUsageRecord, PrincipalUsageRepository } from './auth/principal-usage.js';
export { unknownUserError, userEmailKey } from './auth/sign-in-rules.js';
export type { AccessTokenRecord, AccessTokensRepository, AddUserInput, CreateAccessTokenInput, CreatedAccessToken, UserRecord, UsersRepository, VerifiedAccessToken } from './auth/sign-in-rules.js';

// Enumerations (docs/reference/data-model.md#enumerations), pagination, validation and stored JSON.
export { AGENT_MEMORY_TYPES, ALERT_TYPES, DECISION_STATUSES, DELEGATION_PRIORITIES, DELEGATION_STATUSES, DELIVERY_CHANNELS, DOC_TYPES, FACT_CATEGORIES, IDENTITY_PROVIDERS, NOTIFICATION_ORIGINS, NOTIFICATION_STATUSES, NOTIFICATION_URGENCIES, SKILL_SUGGESTION_STATUSES, SOURCE_REF_PROVIDERS, SUGGESTION_CATEGORIES, WEBHOOK_STATUSES } from './db/enums.js';
export type { AgentMemoryType, AgentRunStatus, AgentRunStepKind, AlertType, DecisionStatus, DelegationPriority, DelegationStatus, DeliveryChannel, DocType, EmbeddingStatus, EventAttendee, FactCategory, HandlerType, IdentityProvider, MailboxRole, MailOutboxStatus, ScheduleType, SourceRef, SuggestionCategory, TaskRunStatus, TaskRunTrigger, UserStatus } from './db/enums.js';
export { closePage, encodeCursor, openPage } from './db/pagination.js';
export type { Page, PageRequest, PageWindow } from './db/pagination.js';
export { UNREADABLE_STORED_JSON } from './db/stored-json.js';
