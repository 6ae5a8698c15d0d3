/**
 * Event rules and routing as tools: list_event_rules, create_event_rule (the agent must exist — a misspelt one gets
 * the closest names —, the source must be configured or have sent events, and an agent may only route events to
 * agents whose capabilities it holds itself), delete_event_rule, and process_webhook_event (route an
 * event now, or acknowledge it by hand).
 */
import { z } from 'zod';
import { defineTool, didYouMean, ToolError, type CosConfig, type ToolContext } from '@chief-of-staff/core';
import { DELIVERY_CHANNELS, EVENT_RULE_LIST_LIMITS, WEBHOOK_SOURCE_PATTERN, WEBHOOK_STATUSES, type EventRuleRecord, type MemoryStore } from '@chief-of-staff/stores';
import { dispatchWebhookEvent } from '../webhooks/dispatch-webhook-event.js';
import { assertCallerHolds, createdBy, DELETE, OPEN_WORLD_ACTION, READ_ONLY, UPSERT, type AgentToolServices } from './tool-support.js';
import { LIST_EVENT_RULES_EXAMPLES, CREATE_EVENT_RULE_EXAMPLES, DELETE_EVENT_RULE_EXAMPLES, PROCESS_WEBHOOK_EVENT_EXAMPLES } from './event-rule-tools.examples.js';

/** Event tools also reach the store's webhook tables. */
export interface EventRuleToolServices extends AgentToolServices {
  memory: Pick<MemoryStore, 'webhookEvents' | 'eventRules'>;
  /** The configured webhook sources, which a new rule's source is checked against. */
  config: Pick<CosConfig, 'webhooks'>;
}

/**
 * A rule for a source nothing will ever deliver never fires, silently: the source must be configured under
 * webhooks.sources, or have sent events already (inbox files and ingest_webhook need no configuration).
 */
async function assertKnownSource(source: string, services: EventRuleToolServices): Promise<void> {
  const configured = Object.keys(services.config.webhooks.sources).sort();
  if (configured.includes(source)) return;
  if ((await services.memory.webhookEvents.list({ source }, { limit: 1 })).items.length > 0) return;
  const names = configured.length === 0 ? 'none are configured' : `configured: ${configured.join(', ')}`;
  throw new ToolError('INVALID_ARGUMENT', `event_source: the webhook source "${source}" is not configured (${names}) and has sent no events.${didYouMean(source, configured)}`, {
    hint: `Use a configured source name, or add "${source}" under webhooks.sources in the configuration (a source fed only by the inbox or ingest_webhook needs no secret).`,
    details: { field: 'event_source', configured },
  });
}

const ruleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  event_source: z.string(),
  event_type_pattern: z.string(),
  agent_name: z.string(),
  instruction_template: z.string(),
  priority: z.number().int(),
  enabled: z.boolean(),
  delivery_channel: z.enum(DELIVERY_CHANNELS).nullable(),
  delivery_config: z.record(z.string(), z.unknown()).nullable(),
  created_by: z.string(),
  updated_at: z.string(),
});

function toRule(rule: EventRuleRecord): z.input<typeof ruleSchema> {
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    event_source: rule.eventSource,
    event_type_pattern: rule.eventTypePattern,
    agent_name: rule.agentName,
    instruction_template: rule.instructionTemplate,
    priority: rule.priority,
    enabled: rule.enabled,
    delivery_channel: rule.deliveryChannel,
    delivery_config: rule.deliveryConfig,
    created_by: rule.createdBy,
    updated_at: rule.updatedAt,
  };
}

export const listEventRulesTool = defineTool({
  name: 'list_event_rules',
  examples: LIST_EVENT_RULES_EXAMPLES,
  title: 'List event rules',
  description: 'Lists the rules that route webhook events to agents, in the order they apply (priority, then name). Example: {"source": "github"}.',
  input: z
    .object({
      enabled_only: z.boolean().default(false).describe('Only enabled rules.'),
      source: z.string().trim().min(1).max(64).optional().describe('Only rules for this event source.'),
      limit: z.number().int().min(1).max(EVENT_RULE_LIST_LIMITS.maxLimit).default(EVENT_RULE_LIST_LIMITS.defaultLimit).describe(`Page size, 1–${EVENT_RULE_LIST_LIMITS.maxLimit}.`),
      cursor: z.string().max(500).optional().describe('next_cursor from the previous page.'),
    })
    .strict(),
  output: z.object({ items: z.array(ruleSchema), next_cursor: z.string().nullable(), total: z.number().int().optional() }),
  annotations: READ_ONLY,
  latency: 'fast',
  async handler(args, ctx: ToolContext<EventRuleToolServices>) {
    const page = await ctx.services.memory.eventRules.list({ enabledOnly: args.enabled_only, source: args.source }, { limit: args.limit, cursor: args.cursor });
    return { items: page.items.map(toRule), next_cursor: page.next_cursor, ...(page.total === undefined ? {} : { total: page.total }) };
  },
});

export const createEventRuleTool = defineTool({
  name: 'create_event_rule',
  examples: CREATE_EVENT_RULE_EXAMPLES,
  title: 'Create event rule',
  description:
    'Routes webhook events of a source whose type matches a glob ("issue.*") to an agent, with an instruction ({{source}}, {{event_type}}, ' +
    '{{event_id}} and {{received_at}} are filled in; the payload follows as untrusted data). Example: {"name": "triage-issues", "event_source": "github", ' +
    '"event_type_pattern": "issue.*", "agent_name": "incident_summarizer", "instruction_template": "Summarise the new {{event_type}}."}.',
  input: z
    .object({
      name: z.string().trim().min(1).max(100).describe('Unique rule name.'),
      description: z.string().trim().max(500).optional().describe('What the rule is for.'),
      event_source: z.string().regex(WEBHOOK_SOURCE_PATTERN, 'use the source name as configured, e.g. "github"').describe('The webhook source (exact): one configured under webhooks.sources, or one that has sent events.'),
      event_type_pattern: z.string().trim().min(1).max(200).describe('Glob over event types: * any run of characters, ? one, […] a class.'),
      agent_name: z.string().trim().min(1).max(64).describe('The agent that handles matching events (must exist: list_agents).'),
      instruction_template: z.string().max(4_000).optional().describe('What to tell the agent.'),
      priority: z.number().int().min(0).max(10_000).default(100).describe('Lower runs first.'),
      enabled: z.boolean().default(true),
      delivery_channel: z.enum(DELIVERY_CHANNELS).optional().describe("Where to send the agent's answer."),
      delivery_config: z.record(z.string(), z.unknown()).optional(),
      upsert: z.boolean().default(false).describe('Replace a rule with the same name instead of failing.'),
    })
    .strict(),
  output: z.object({ rule: ruleSchema, created: z.boolean() }),
  annotations: UPSERT,
  latency: 'fast',
  async handler(args, ctx: ToolContext<EventRuleToolServices>) {
    const agent = ctx.services.agents.registry.require(args.agent_name, 'agent_name');
    await assertKnownSource(args.event_source, ctx.services);
    // A rule runs its agent later with the agent's own capabilities: an agent may not arrange runs it could not make.
    assertCallerHolds(ctx.caller, agent.config.capabilities);
    const { rule, created } = await ctx.services.memory.eventRules.create(
      {
        name: args.name,
        ...(args.description === undefined ? {} : { description: args.description }),
        eventSource: args.event_source,
        eventTypePattern: args.event_type_pattern,
        agentName: args.agent_name,
        ...(args.instruction_template === undefined ? {} : { instructionTemplate: args.instruction_template }),
        priority: args.priority,
        enabled: args.enabled,
        deliveryChannel: args.delivery_channel ?? null,
        deliveryConfig: args.delivery_config ?? null,
        createdBy: createdBy(ctx.caller),
      },
      { upsert: args.upsert },
    );
    return { rule: toRule(rule), created };
  },
});

export const deleteEventRuleTool = defineTool({
  name: 'delete_event_rule',
  examples: DELETE_EVENT_RULE_EXAMPLES,
  title: 'Delete event rule',
  description: 'Deletes an event rule; events already routed keep their history. Example: {"rule_id": 3}.',
  input: z.object({ rule_id: z.number().int().positive().describe('The rule id (list_event_rules).') }).strict(),
  output: z.object({ deleted: z.literal(true), id: z.number().int() }),
  annotations: DELETE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<EventRuleToolServices>) {
    if (!await ctx.services.memory.eventRules.delete(args.rule_id)) throw ToolError.notFound('Event rule', args.rule_id);
    return { deleted: true as const, id: args.rule_id };
  },
});

const dispatchSchema = z.object({
  rule_id: z.number().int(),
  rule_name: z.string(),
  agent_name: z.string(),
  run_id: z.string().nullable(),
  status: z.string(),
  error: z.string().optional(),
});

export const processWebhookEventTool = defineTool({
  name: 'process_webhook_event',
  examples: PROCESS_WEBHOOK_EVENT_EXAMPLES,
  title: 'Process webhook event',
  description:
    'Routes a webhook event through the event rules now (each matching rule runs its agent), or marks it processed or ignored by hand. ' +
    'An event already processed is left alone unless force is true. Example: {"event_id": 12}.',
  input: z
    .object({
      event_id: z.number().int().positive().describe('The event id (list_webhook_events).'),
      action: z.enum(['dispatch', 'mark_processed', 'mark_ignored']).default('dispatch'),
      force: z.boolean().default(false).describe('Route again even if already processed.'),
    })
    .strict(),
  output: z.object({ event_id: z.number().int(), status: z.enum(WEBHOOK_STATUSES), dispatches: z.array(dispatchSchema).optional() }),
  annotations: OPEN_WORLD_ACTION,
  latency: 'slow',
  async handler(args, ctx: ToolContext<EventRuleToolServices>) {
    const event = await ctx.services.memory.webhookEvents.get(args.event_id);
    if (!event) throw ToolError.notFound('Webhook event', args.event_id);
    if (args.action !== 'dispatch') {
      const status = args.action === 'mark_processed' ? ('processed' as const) : ('ignored' as const);
      await ctx.services.memory.webhookEvents.update(event.id, { status, processedAt: ctx.clock.now().toISOString() });
      return { event_id: event.id, status };
    }
    return dispatchWebhookEvent({ memory: ctx.services.memory, agents: ctx.services.agents, logger: ctx.logger }, event.id, { force: args.force });
  },
});

export const eventRuleTools = [listEventRulesTool, createEventRuleTool, deleteEventRuleTool, processWebhookEventTool] as const;
