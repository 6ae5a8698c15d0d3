/**
 * @chief-of-staff/stores/adapter-kit — what the storage adapters (`@chief-of-staff/sqlite`, `@chief-of-staff/postgres`)
 * share so that they validate, build rows, page, rank and fail alike (ADRs 0060, 0063, 0065, 0074): the rules each
 * repository applies before it writes, the input types of the repositories and the tuning both search paths use.
 * Apps and the sdk use the main entry instead.
 */

// Memory: the facts' query tokens and common-term rule, the row rules of identities, locations and memories, relevance tuning.
export { agentMemoryEntry } from './memory/agent-memory-repository.js';
export { DEFAULT_FACT_RELEVANCE, factRelevance } from './memory/fact-relevance.js';
export { gatherFactCandidates } from './memory/fact-search.js';
export { FactVectorIndexClosedError } from './memory/fact-vector-index.js';
export { COMMON_TERM_MIN_ROWS, findTermBudget, observedAtOf, observedCondition, queryTermRoles, termCountLimit } from './memory/facts-repository.js';
export type { QueryTermRoles } from './memory/facts-repository.js';
export { groupPeople, identityLink, normalizeProviderId } from './memory/identities-repository.js';
export type { IdentityLink } from './memory/identities-repository.js';
export { locationChanges } from './memory/locations-repository.js';
export { queryDaySpans } from './memory/query-time.js';
export { assertNamespace, sharedMemoryEntry } from './memory/shared-memory-repository.js';

// Lifecycle: the row and update rules of decisions, delegations and alert rules.
export { alertRuleDefinition, alertRuleNameTaken } from './lifecycle/alert-rules-repository.js';
export type { AlertRuleDefinition } from './lifecycle/alert-rules-repository.js';
export { decisionChanges, newDecisionFields, withDecisionNote } from './lifecycle/decisions-repository.js';
export type { DecisionFields } from './lifecycle/decisions-repository.js';
export { PLAIN_CHARACTER_CLASS } from './lifecycle/decisions-text-search.js';
export { applyDelegationUpdate, delegationChanges, dueWindowEnd, newDelegationFields } from './lifecycle/delegations-repository.js';
export type { DelegationFields } from './lifecycle/delegations-repository.js';
export { factFreshness } from './lifecycle/evaluate-alerts.js';
export type { AlertTime } from './lifecycle/evaluate-alerts.js';

// Telemetry: the rows of tool usage, runs, steps, model calls, fallbacks and notifications.
export { notificationValues } from './telemetry/notifications-repository.js';
export { AGENT_RUN_LIST_LIMITS, agentRunFinishValues, agentRunStartValues, fallbackEventValues, modelCallValues } from './telemetry/run-log-repositories.js';
export { AGENT_RUN_STEP_LIST_LIMITS, agentRunStepValues, boundRunStepPreview, RUN_STEP_PREVIEW_MAX_CHARS } from './telemetry/run-steps-repository.js';
export { skillSuggestionAlreadyAccepted } from './telemetry/skill-suggestions-repository.js';
export { toolErrorRate, toolUsageValues } from './telemetry/tool-usage-repository.js';

// Proactive suggestions.
export { assertSuggestionKey } from './proactive/suggestion-state-repository.js';

// Webhooks and event rules: their rows and conflicts.
export { eventRuleFields, eventRuleNameConflict } from './webhooks/event-rules-repository.js';
export { newWebhookEventValues, webhookEventChanges } from './webhooks/webhook-events-repository.js';

// The providers' local stores.
export { calendarDefaults } from './personal-data/calendar-repository.js';
export { DEFAULT_REMINDER_LIST } from './personal-data/reminders-repository.js';

// Sign-in: users' fields and access tokens (ADR 0074).
export { ACCESS_TOKEN_PREFIX, accessTokenHashMatches, accessTokenSignsIn, duplicateUserError, hashAccessToken, lastUsedCutoff, looksLikeAccessToken, newAccessToken, newUserFields } from './auth/sign-in-rules.js';

// Enumerations the adapters check, query tokens and validation.
export { AGENT_RUN_STATUSES, AGENT_RUN_STEP_KINDS, CALENDAR_KINDS, CALLER_KINDS, EMBEDDING_STATUSES, EVENT_SHOW_AS, EVENT_STATUSES, FALLBACK_OUTCOMES, HANDLER_TYPES, MAIL_OUTBOX_STATUSES, MAILBOX_ROLES, MODEL_CALL_CALLERS, REMINDER_PRIORITIES, RUN_TRIGGERS, SCHEDULE_TYPES, TASK_RUN_STATUSES, TASK_RUN_TRIGGERS, USER_STATUSES, WEBHOOK_RECEIVED_VIA } from './db/enums.js';
export { ftsTokens, stemPrefix } from './db/fts-query.js';
export { assertConfidence, assertEnum, assertMaxLength, assertText, MAX_NAME_LENGTH, MAX_QUERY_LENGTH, MAX_VALUE_LENGTH, nowIso } from './db/validation.js';
