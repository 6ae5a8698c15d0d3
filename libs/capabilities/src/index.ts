/**
 * @chief-of-staff/capabilities — see README.md for what belongs here. Public API is named explicitly below.
 */
export {
  CAPABILITY_DEFINITIONS,
  HOST_ONLY_TOOLS,
  IMPLICIT_AGENT_TOOLS,
  LEGACY_CAPABILITY_DEFINITIONS,
} from './registry/capability-definitions.js';
export type { CapabilityDefinition, LegacyCapabilityDefinition } from './registry/capability-definitions.js';
export {
  agentToolNames,
  capabilitiesForTools,
  capabilitiesGrantingTool,
  getCapabilityDefinition,
  IMPLEMENTED_CAPABILITY_NAMES,
  isKnownCapability,
  isLegacyCapability,
  isRestrictedCapability,
  LEGACY_CAPABILITY_NAMES,
  RESTRICTED_CAPABILITY_NAMES,
  toolsForCapabilities,
  toolsForCapability,
  validateCapabilities,
  VALID_CAPABILITY_NAMES,
} from './registry/capability-registry.js';
export type { CapabilityLookupOptions, ExternalCapabilityGrants } from './registry/capability-registry.js';
export { capabilityPromptLine, capabilityPromptLines } from './registry/capability-prompt.js';
export type { CapabilityPromptOptions } from './registry/capability-prompt.js';

// Document tools (service key `documents`).
export { documentTools } from './tools/documents/document-tools.js';
export type { DocumentsServices } from './tools/documents/documents-services.js';

// Memory-domain tools (service key `memory`): memory & identity, decisions, delegations, alerts, agent/shared
// memory, tool usage and skill suggestions.
export { allMemoryDomainTools } from './tools/memory-domain-tools.js';
export { memoryTools } from './tools/memory/memory-tools.js';
export { alertTools, decisionTools, delegationTools } from './tools/lifecycle/lifecycle-tools.js';
export { agentMemoryTools } from './tools/agent-memory/agent-memory-tools.js';
export { skillUsageTools } from './tools/skills/skill-usage-tools.js';
export { AGENT_MEMORY_ADMIN, assertNamespaceAccess, resolveAgentScope } from './tools/agent-memory/memory-scope.js';
export { callerName } from './tools/memory-common/memory-services.js';
export type { MemoryServices } from './tools/memory-common/memory-services.js';

// Personal-data tools (service key `providers`, a ProviderRegistry; optional `config` and `memory`): calendar,
// reminders, mail, messages, notifications, scheduling, and the host-only import_data / export_calendar.
export { allProviderTools } from './tools/provider-common/provider-tools.js';
export { calendarTools } from './tools/calendar/calendar-tools.js';
export { reminderTools } from './tools/reminders/reminder-tools.js';
export { mailTools } from './tools/mail/mail-tools.js';
export { messageTools } from './tools/messages/message-tools.js';
export { notificationTools } from './tools/notifications/send-notification-tool.js';
export { availabilityTools } from './tools/availability/availability-tools.js';
export { importExportTools } from './tools/import-export/import-export-tools.js';
export { decideSend, onAllowList } from './tools/mail/send-policy.js';
export type { MailPolicy, SendDecision } from './tools/mail/send-policy.js';
export type { ProviderServices, ProviderToolConfig } from './tools/provider-common/provider-services.js';

// Webhooks (service key `memory`): receiving deliveries (signature, limits, de-duplication), rule matching, the
// event tools. Routing to agents lives in @chief-of-staff/agents.
export { webhookEventTools } from './tools/webhooks/webhook-event-tools.js';
export { receiveWebhook } from './webhooks/receive-webhook.js';
export type { ReceiveWebhookDeps, WebhookAnswer, WebhookRequest } from './webhooks/receive-webhook.js';
export { createRateLimiter } from './webhooks/rate-limiter.js';
export type { RateLimiter } from './webhooks/rate-limiter.js';
export { signPayload, verifySignature } from './webhooks/verify-signature.js';
export type { SignatureCheck, SignatureVerdict } from './webhooks/verify-signature.js';
export { globToRegExp, matchEventRules, MAX_RULES_PER_EVENT } from './webhooks/match-event-rules.js';
export { importInbox } from './webhooks/import-inbox.js';
export type { InboxImportResult } from './webhooks/import-inbox.js';

// Proactive suggestions (service keys `memory`, `providers`, `config`).
export { currentSuggestions, proactiveTools } from './tools/proactive/proactive-tools.js';
export type { ProactiveServices } from './tools/proactive/proactive-tools.js';
export { computeSuggestions } from './proactive/compute-suggestions.js';
export type { Suggestion, SuggestionPriority, SuggestionSources } from './proactive/compute-suggestions.js';

// The inbound channel view (service keys `memory`, `providers`).
export { channelTools } from './tools/channels/channel-tools.js';
export type { ChannelServices } from './tools/channels/channel-tools.js';
