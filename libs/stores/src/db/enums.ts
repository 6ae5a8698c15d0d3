/**
 * Enumerations of the data model (docs/reference/data-model.md#enumerations), one list each. Schemas, repositories
 * and tool input schemas all use these arrays so a value accepted by a tool is always a value the store accepts.
 */

export const FACT_CATEGORIES = ['personal', 'preference', 'work', 'relationship', 'backlog'] as const;
export type FactCategory = (typeof FACT_CATEGORIES)[number];

export const EMBEDDING_STATUSES = ['ok', 'pending'] as const;
export type EmbeddingStatus = (typeof EMBEDDING_STATUSES)[number];

export const DECISION_STATUSES = ['pending_execution', 'executed', 'deferred', 'reversed'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export const DELEGATION_STATUSES = ['active', 'completed', 'cancelled'] as const;
export type DelegationStatus = (typeof DELEGATION_STATUSES)[number];

/** Ordered most urgent first; list orderings rely on this order. */
export const DELEGATION_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type DelegationPriority = (typeof DELEGATION_PRIORITIES)[number];

export const IDENTITY_PROVIDERS = [
  'email',
  'phone',
  'imessage',
  'sms',
  'whatsapp',
  'slack',
  'teams',
  'm365_email',
  'jira',
  'confluence',
  'github',
  'other',
] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

export const AGENT_MEMORY_TYPES = ['insight', 'preference', 'context'] as const;
export type AgentMemoryType = (typeof AGENT_MEMORY_TYPES)[number];

export const ALERT_TYPES = [
  'overdue_delegation',
  'upcoming_deadline',
  'stale_decision',
  'follow_up_due',
  'stale_fact',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const WEBHOOK_STATUSES = ['pending', 'processing', 'processed', 'failed', 'unrouted', 'ignored'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const WEBHOOK_RECEIVED_VIA = ['http', 'inbox', 'tool'] as const;
export type WebhookReceivedVia = (typeof WEBHOOK_RECEIVED_VIA)[number];

export const SCHEDULE_TYPES = ['interval', 'cron', 'once'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

export const HANDLER_TYPES = [
  'alert_eval',
  'skill_analysis',
  'webhook_inbox',
  'webhook_dispatch',
  'run_agent',
  'morning_brief',
  'digest',
  'proactive_push',
  'calendar_sync',
  'retention',
] as const;
export type HandlerType = (typeof HANDLER_TYPES)[number];

export const TASK_RUN_TRIGGERS = ['scheduled', 'manual'] as const;
export type TaskRunTrigger = (typeof TASK_RUN_TRIGGERS)[number];

export const TASK_RUN_STATUSES = ['running', 'succeeded', 'failed', 'timeout', 'skipped'] as const;
export type TaskRunStatus = (typeof TASK_RUN_STATUSES)[number];

export const DELIVERY_CHANNELS = ['notification', 'email', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const SKILL_SUGGESTION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type SkillSuggestionStatus = (typeof SKILL_SUGGESTION_STATUSES)[number];

export const SUGGESTION_PRIORITIES = ['high', 'medium', 'low'] as const;
export type SuggestionPriority = (typeof SUGGESTION_PRIORITIES)[number];

export const SUGGESTION_CATEGORIES = [
  'delegation',
  'deadline',
  'decision',
  'follow_up',
  'webhook',
  'skill',
  'scheduler',
  'alert',
  'mail',
  'meeting',
] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];

export const EVENT_SHOW_AS = ['busy', 'free', 'tentative', 'oof', 'working_elsewhere'] as const;
export type EventShowAs = (typeof EVENT_SHOW_AS)[number];

export const EVENT_STATUSES = ['confirmed', 'tentative', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const ATTENDEE_RESPONSES = ['accepted', 'declined', 'tentative', 'needs_action'] as const;
export type AttendeeResponse = (typeof ATTENDEE_RESPONSES)[number];

export const CALENDAR_KINDS = ['own', 'person', 'feed'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const REMINDER_PRIORITIES = ['none', 'low', 'medium', 'high'] as const;
export type ReminderPriority = (typeof REMINDER_PRIORITIES)[number];

export const MAILBOX_ROLES = ['inbox', 'sent', 'drafts', 'archive', 'trash', 'other'] as const;
export type MailboxRole = (typeof MAILBOX_ROLES)[number];

export const MAIL_OUTBOX_STATUSES = ['draft', 'queued', 'sent', 'failed'] as const;
export type MailOutboxStatus = (typeof MAIL_OUTBOX_STATUSES)[number];

export const DOC_TYPES = [
  'text',
  'markdown',
  'pdf',
  'docx',
  'html',
  'csv',
  'xlsx',
  'json',
  'yaml',
  'code',
] as const;
export type DocType = (typeof DOC_TYPES)[number];

export const RUN_STATUSES = ['completed', 'max_rounds', 'loop_detected', 'timeout', 'error'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A run still in progress has no terminal status yet; `running` marks it until it ends. */
export const AGENT_RUN_STATUSES = ['running', ...RUN_STATUSES] as const;
export type AgentRunStatus = (typeof AGENT_RUN_STATUSES)[number];

export const RUN_TRIGGERS = ['host', 'cli', 'agent', 'scheduler', 'webhook', 'dispatch', 'console'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/** One step of an agent run's trace: a model turn or a tool call. */
export const AGENT_RUN_STEP_KINDS = ['model', 'tool'] as const;
export type AgentRunStepKind = (typeof AGENT_RUN_STEP_KINDS)[number];

export const MODEL_CALL_CALLERS = ['agent', 'factory', 'triage', 'synthesis', 'summariser'] as const;
export type ModelCallCaller = (typeof MODEL_CALL_CALLERS)[number];

export const CALLER_KINDS = ['host', 'agent', 'scheduler', 'webhook', 'cli', 'console'] as const;

export const FALLBACK_OUTCOMES = [
  'success',
  'empty_result',
  'timeout',
  'error',
  'circuit_open',
  'skipped',
] as const;
export type FallbackOutcome = (typeof FALLBACK_OUTCOMES)[number];

export const NOTIFICATION_URGENCIES = ['low', 'normal', 'high'] as const;
export type NotificationUrgency = (typeof NOTIFICATION_URGENCIES)[number];

export const NOTIFICATION_ORIGINS = ['tool', 'scheduler', 'alert', 'agent'] as const;
export type NotificationOrigin = (typeof NOTIFICATION_ORIGINS)[number];

export const NOTIFICATION_STATUSES = ['delivered', 'logged', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const SOURCE_REF_PROVIDERS = ['email', 'message', 'calendar', 'document', 'webhook', 'manual'] as const;
export type SourceRefProvider = (typeof SOURCE_REF_PROVIDERS)[number];

/** Provenance of a fact, decision or delegation (SourceRef in docs/reference/data-model.md#enumerations). */
export interface SourceRef {
  provider: SourceRefProvider;
  thread_id?: string;
  message_id?: string;
  url?: string;
  quote?: string;
  timestamp?: string;
  from_identity?: string;
}

/** A disabled user keeps their rows and tokens but cannot sign in (ADR 0074). */
export const USER_STATUSES = ['active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** An attendee of a calendar event, as the `attendees` JSON column holds them. */
export interface EventAttendee {
  email: string;
  name?: string;
  response: (typeof ATTENDEE_RESPONSES)[number];
  is_self: boolean;
}

/** The JSON shapes of a mail message's address and attachment columns. */
export interface MailAddress {
  name?: string;
  address: string;
}

export interface MailAttachmentMeta {
  filename: string;
  content_type: string;
  size_bytes: number;
}
