/**
 * The capability table of docs/reference/tool-catalogue.md#capabilities-and-tools: the only way an agent gains tools.
 * Each entry names the tools it grants, whether it is restricted (stripped from factory output and not inherited by
 * nested runs unless the parent holds it) and a one-line description used in prompts. The table is data; the
 * functions that read it live in capability-registry.ts.
 */

export interface CapabilityDefinition {
  readonly name: string;
  /** One line, written for a model choosing capabilities and for people reading `cos agents show`. */
  readonly description: string;
  /** Tools granted, in the order they are offered to a model. Empty only for widening capabilities. */
  readonly tools: readonly string[];
  /** Restricted capabilities (docs/security.md#capabilities). */
  readonly restricted: boolean;
  /** Extra behaviour worth knowing (e.g. what the capability widens); shown in prompts when present. */
  readonly notes?: string;
}

export interface LegacyCapabilityDefinition {
  readonly name: string;
  readonly description: string;
}

const cap = (
  name: string,
  description: string,
  tools: readonly string[],
  options: { restricted?: boolean; notes?: string } = {},
): CapabilityDefinition =>
  Object.freeze({
    name,
    description,
    tools: Object.freeze([...tools]),
    restricted: options.restricted ?? false,
    ...(options.notes === undefined ? {} : { notes: options.notes }),
  });

/** Implemented capabilities, in the order of docs/reference/tool-catalogue.md#capabilities-and-tools. */
export const CAPABILITY_DEFINITIONS: readonly CapabilityDefinition[] = Object.freeze([
  cap('memory_read', 'Read long-term memory: facts, locations and identities', [
    'query_memory',
    'list_facts',
    'list_locations',
    'search_identity',
    'list_people',
  ]),
  cap('memory_write', 'Store and delete facts, locations and identity links', [
    'store_memory',
    'store_fact',
    'delete_fact',
    'store_location',
    'link_identity',
    'unlink_identity',
  ]),
  cap('document_search', 'Search and list ingested documents', ['search_documents', 'list_documents']),
  cap('document_write', 'Ingest and delete documents', ['ingest_documents', 'delete_document']),
  cap('calendar_read', 'Read and search calendar events and calendars', [
    'get_calendar_events',
    'search_calendar_events',
    'list_calendars',
  ]),
  cap(
    'calendar_write',
    'Create, update and delete calendar events',
    ['create_calendar_event', 'update_calendar_event', 'delete_calendar_event'],
    { restricted: true },
  ),
  cap('reminders_read', 'Read and search reminders and reminder lists', [
    'list_reminders',
    'search_reminders',
    'list_reminder_lists',
  ]),
  cap('reminders_write', 'Create, complete and delete reminders', [
    'create_reminder',
    'complete_reminder',
    'delete_reminder',
  ]),
  cap('notifications', 'Send a local notification to the user', ['send_notification'], { restricted: true }),
  cap('notifications_read', 'List the notifications already sent to the user', ['list_notifications']),
  cap('mail_read', 'Read and search mail', [
    'get_mail_messages',
    'get_mail_message',
    'search_mail',
    'get_unread_count',
    'list_mailboxes',
  ]),
  cap(
    'mail_write',
    'Send or draft email and change message state (read, flagged, mailbox)',
    ['send_email', 'reply_to_email', 'mark_mail_read', 'mark_mail_flagged', 'move_mail_message'],
    { restricted: true },
  ),
  cap('messages_read', 'Read and search chat messages', ['get_messages', 'search_messages']),
  cap('decision_read', 'Search tracked decisions and list pending ones', ['search_decisions', 'list_pending_decisions']),
  cap('decision_write', 'Create, update and delete tracked decisions', [
    'create_decision',
    'update_decision',
    'delete_decision',
  ]),
  cap('delegation_read', 'List delegations and check overdue ones', ['list_delegations', 'check_overdue_delegations']),
  cap('delegation_write', 'Create, update and delete delegations', [
    'create_delegation',
    'update_delegation',
    'delete_delegation',
  ]),
  cap('alerts_read', 'Run alert checks and list alert rules', ['check_alerts', 'list_alert_rules']),
  cap(
    'alerts_write',
    'Create and delete alert rules, dismiss alerts',
    ['create_alert_rule', 'dismiss_alert', 'delete_alert_rule'],
    { restricted: true },
  ),
  cap('scheduling', "Find open slots in the user's calendar and group availability", [
    'find_my_open_slots',
    'find_group_availability',
  ]),
  cap('enrichment', 'Build a person profile from every source', ['enrich_person'], {
    notes: "sections further limited by the caller's other capabilities",
  }),
  cap('agent_memory_read', "Read the agent's own memory and its configured shared namespaces", [
    'get_agent_memory',
    'get_shared_memory',
  ]),
  cap('agent_memory_write', "Write and clear the agent's own memory and its configured shared namespaces", [
    'store_agent_memory',
    'clear_agent_memory',
    'store_shared_memory',
  ]),
  cap('agent_memory_admin', "Widen agent memory access to any agent's memory and any namespace", [], {
    restricted: true,
    notes: 'grants no tools; widens agent_memory_read and agent_memory_write',
  }),
  cap('agent_read', 'List agents and read their configurations', ['list_agents', 'get_agent']),
  cap('agent_write', 'Create, update and delete agents', ['create_agent', 'update_agent', 'delete_agent'], {
    restricted: true,
  }),
  cap('agent_dispatch', 'Run other agents, alone or several in parallel', ['run_agent', 'dispatch_agents'], {
    restricted: true,
  }),
  cap('channel_read', 'Read the unified inbound event view across channels', [
    'list_inbound_events',
    'get_event_summary',
  ]),
  cap('proactive_read', 'Read and dismiss proactive suggestions', ['get_proactive_suggestions', 'dismiss_suggestion']),
  cap('webhook_read', 'List and inspect webhook events and event rules', [
    'list_webhook_events',
    'get_webhook_event',
    'list_event_rules',
  ]),
  cap(
    'webhook_write',
    'Process and ingest webhook events, manage event rules',
    ['process_webhook_event', 'ingest_webhook', 'create_event_rule', 'delete_event_rule'],
    { restricted: true },
  ),
  cap('scheduler_read', 'List scheduled tasks, their runs and the scheduler status', [
    'list_scheduled_tasks',
    'get_scheduler_status',
    'list_task_runs',
  ]),
  cap(
    'scheduler_write',
    'Create, update, delete and run scheduled tasks',
    ['create_scheduled_task', 'update_scheduled_task', 'delete_scheduled_task', 'run_scheduled_task'],
    { restricted: true },
  ),
  cap('skill_read', 'List skill suggestions and read tool and orchestration statistics', [
    'list_skill_suggestions',
    'get_tool_statistics',
    'get_orchestration_stats',
  ]),
  cap('skill_write', 'Record tool usage, analyse usage patterns and turn suggestions into agents', [
    'record_tool_usage',
    'analyze_skill_patterns',
    'auto_create_skill',
    'reject_skill_suggestion',
  ]),
  cap('admin', "See the deployment's users and per-user usage counts (never anybody's content)", ['admin_list_users', 'admin_usage'], {
    restricted: true,
  }),
]);

/**
 * Legacy capabilities: accepted in configs for compatibility, grant nothing. `web_search` is the exception
 * that can become real when an external MCP server is assigned to it (docs/orchestration.md#external-mcp-servers);
 * callers pass those grants in as `externalGrants`.
 */
export const LEGACY_CAPABILITY_DEFINITIONS: readonly LegacyCapabilityDefinition[] = Object.freeze([
  { name: 'code_analysis', description: 'Static code analysis workflows' },
  { name: 'code_execution', description: 'Code execution workflows' },
  { name: 'data_analysis', description: 'Analytical workflows' },
  { name: 'editing', description: 'Editing-focused writing workflows' },
  { name: 'file_operations', description: 'Local file manipulation' },
  { name: 'planning', description: 'Planning workflows' },
  { name: 'web_search', description: 'Web lookup through a connected search server' },
  { name: 'writing', description: 'Long-form writing assistance' },
]);

/** Granted to every agent without being declared. */
export const IMPLICIT_AGENT_TOOLS: readonly string[] = Object.freeze(['tool_search']);

/**
 * Tools only the host or the CLI may call; no capability grants them. Run traces hold other runs' tool results, which
 * an agent's own capabilities may not cover (ADR 0087).
 */
export const HOST_ONLY_TOOLS: readonly string[] = Object.freeze(['import_data', 'export_calendar', 'list_agent_runs', 'get_agent_run']);
