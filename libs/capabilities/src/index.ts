/**
 * @chief-of-staff/capabilities — see README.md for what belongs here. Public API is named explicitly below.
 */
export { CAPABILITY_DEFINITIONS, HOST_ONLY_TOOLS, IMPLICIT_AGENT_TOOLS } from './registry/capability-definitions.js';

export {
  agentToolNames,
  capabilitiesForTools,
  capabilitiesGrantingTool,
  isKnownCapability,
  isRestrictedCapability,
  validateCapabilities,
} from './registry/capability-registry.js';
export type { ExternalCapabilityGrants } from './registry/capability-registry.js';
export { capabilityPromptLines } from './registry/capability-prompt.js';

// Document tools (service key `documents`).
export { documentTools } from './tools/documents/document-tools.js';

// Memory-domain tools (service key `memory`): memory & identity, decisions, delegations, alerts, agent/shared
// memory, tool usage and skill suggestions.
export { allMemoryDomainTools } from './tools/memory-domain-tools.js';

// Personal-data tools (service key `providers`, a ProviderRegistry; optional `config` and `memory`): calendar,
// reminders, mail, messages, notifications, scheduling, and the host-only import_data / export_calendar.

export { calendarTools } from './tools/calendar/calendar-tools.js';
export { reminderTools } from './tools/reminders/reminder-tools.js';
export { mailTools } from './tools/mail/mail-tools.js';
export { messageTools } from './tools/messages/message-tools.js';
export { notificationTools } from './tools/notifications/send-notification-tool.js';
export { availabilityTools } from './tools/availability/availability-tools.js';
export { importExportTools } from './tools/import-export/import-export-tools.js';

// The administrator's tools (capability admin, service key `memory`): users and per-user usage counts, never content.
export { adminTools } from './tools/admin/admin-tools.js';

// Webhooks (service key `memory`): receiving deliveries (signature, limits, de-duplication), rule matching, the
// event tools. Routing to agents lives in @chief-of-staff/agents.
export { webhookEventTools } from './tools/webhooks/webhook-event-tools.js';
export { receiveWebhook } from './webhooks/receive-webhook.js';
export type { WebhookAnswer, WebhookRequest } from './webhooks/receive-webhook.js';
export { createRateLimiter } from './webhooks/rate-limiter.js';

export { signPayload } from './webhooks/verify-signature.js';

export { matchEventRules } from './webhooks/match-event-rules.js';
export { importInbox } from './webhooks/import-inbox.js';

// Proactive suggestions (service keys `memory`, `providers`, `config`).
export { currentSuggestions, proactiveTools } from './tools/proactive/proactive-tools.js';

// The inbound channel view (service keys `memory`, `providers`).
export { channelTools } from './tools/channels/channel-tools.js';

