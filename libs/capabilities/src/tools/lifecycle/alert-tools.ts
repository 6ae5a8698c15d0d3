/**
 * Alert tools (docs/reference/tool-catalogue.md#decisions-delegations-and-alerts,
 * docs/reference/algorithms.md#lifecycle-and-alerts): create_alert_rule, list_alert_rules, check_alerts,
 * dismiss_alert, delete_alert_rule. check_alerts runs the shared, pure evaluation from the store library (the same
 * code the worker's alert_eval handler uses) and never changes trigger state.
 */
import { z } from 'zod';
import { defineTool, ToolError, type ToolContext } from '@chief-of-staff/core';
import {
  ALERT_RULE_LIST_LIMITS,
  ALERT_TYPE_INPUTS,
  ALERT_TYPES,
  checkAlerts,
  DELIVERY_CHANNELS,
  FACT_CATEGORIES,
  loadAlertData,
  type AlertRuleRecord,
} from '@chief-of-staff/stores';
import { LOCAL_CREATE, LOCAL_DELETE, LOCAL_READ, LOCAL_UPSERT } from '../memory-common/annotations.js';
import { cursorSchema, deletedOutputSchema, idSchema, limitSchema, listOutputSchema, nameSchema, withWarnings } from '../memory-common/memory-schemas.js';
import type { MemoryServices } from '../memory-common/memory-services.js';
import { CREATE_ALERT_RULE_EXAMPLES, LIST_ALERT_RULES_EXAMPLES, CHECK_ALERTS_EXAMPLES, DISMISS_ALERT_EXAMPLES, DELETE_ALERT_RULE_EXAMPLES } from './alert-tools.examples.js';

const ruleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  alert_type: z.enum(ALERT_TYPES),
  condition: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  cooldown_hours: z.number(),
  delivery_channel: z.enum(DELIVERY_CHANNELS).nullable(),
  delivery_config: z.record(z.string(), z.unknown()).nullable(),
  last_triggered_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

function toRuleOutput(rule: AlertRuleRecord): z.input<typeof ruleSchema> {
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    alert_type: rule.alertType,
    condition: rule.condition,
    enabled: rule.enabled,
    cooldown_hours: rule.cooldownHours,
    delivery_channel: rule.deliveryChannel,
    delivery_config: rule.deliveryConfig ?? null,
    last_triggered_at: rule.lastTriggeredAt,
    created_at: rule.createdAt,
    updated_at: rule.updatedAt,
  };
}

const delegationMatch = z.object({
  entity: z.literal('delegation'),
  id: z.number().int(),
  task: z.string(),
  delegated_to: z.string(),
  due_date: z.string().nullable(),
  days_overdue: z.number().int().optional(),
});
const decisionMatch = z.object({
  entity: z.literal('decision'),
  id: z.number().int(),
  title: z.string(),
  created_at: z.string(),
  follow_up_date: z.string().optional(),
});
const factMatch = z.object({
  entity: z.literal('fact'),
  category: z.enum(FACT_CATEGORIES),
  key: z.string(),
  age_hours: z.number().optional(),
});
const matchSchema = z.discriminatedUnion('entity', [delegationMatch, decisionMatch, factMatch]);

export const createAlertRuleTool = defineTool({
  name: 'create_alert_rule',
  examples: CREATE_ALERT_RULE_EXAMPLES,
  title: 'Create alert rule',
  description:
    'Creates a named alert rule the worker checks on schedule and check_alerts reports. Types and their condition keys: ' +
    'overdue_delegation {days_overdue_min=1, delegated_to?}; upcoming_deadline {within_days=3}; stale_decision (alias pending_decision) ' +
    '{days_stale=7}; follow_up_due {}; stale_fact {category, key, max_age_hours=48}. A notification repeats at most once per ' +
    'cooldown unless new items match. Example: {"name": "Noa late", "alert_type": "overdue_delegation", "condition": {"delegated_to": "Noa", "days_overdue_min": 2}}.',
  input: z
    .object({
      name: nameSchema('Unique rule name.'),
      alert_type: z.enum(ALERT_TYPE_INPUTS).describe(`Alert type: ${ALERT_TYPES.join(', ')} (pending_decision = stale_decision).`),
      description: z.string().trim().max(10_000).optional().describe('What the rule is for.'),
      condition: z.record(z.string(), z.unknown()).optional().describe('Type-specific condition (see the description); defaults apply.'),
      enabled: z.boolean().default(true).describe('Whether the rule is active (default true).'),
      cooldown_hours: z.number().min(0).max(168).default(4).describe('Hours before the same alert notifies again (0–168, default 4).'),
      delivery_channel: z.enum(DELIVERY_CHANNELS).optional().describe('How the worker delivers it (default notification).'),
      delivery_config: z.record(z.string(), z.unknown()).optional().describe('Channel settings, e.g. {"to": "me@example.com"} for email.'),
      upsert: z.boolean().default(false).describe('Replace an existing rule with the same name instead of failing with CONFLICT.'),
    })
    .strict(),
  output: z.object({ rule: ruleSchema, created: z.boolean() }),
  annotations: LOCAL_CREATE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const { rule, created } = await ctx.services.memory.alertRules.create(
      {
        name: args.name,
        alertType: args.alert_type,
        description: args.description,
        condition: args.condition,
        enabled: args.enabled,
        cooldownHours: args.cooldown_hours,
        deliveryChannel: args.delivery_channel,
        deliveryConfig: args.delivery_config,
      },
      { upsert: args.upsert },
    );
    return { rule: toRuleOutput(rule), created };
  },
});

export const listAlertRulesTool = defineTool({
  name: 'list_alert_rules',
  examples: LIST_ALERT_RULES_EXAMPLES,
  title: 'List alert rules',
  description: 'Lists alert rules ordered by name, with their conditions and when each last notified. Example: {"enabled_only": true}.',
  input: z
    .object({
      enabled_only: z.boolean().default(false).describe('Only enabled rules.'),
      limit: limitSchema(ALERT_RULE_LIST_LIMITS.defaultLimit, ALERT_RULE_LIST_LIMITS.maxLimit, 'rules'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(ruleSchema),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const page = await ctx.services.memory.alertRules.list({ enabledOnly: args.enabled_only }, { limit: args.limit, cursor: args.cursor });
    return withWarnings({ items: page.items.map(toRuleOutput), next_cursor: page.next_cursor, total: page.total }, page.warnings);
  },
});

export const checkAlertsTool = defineTool({
  name: 'check_alerts',
  examples: CHECK_ALERTS_EXAMPLES,
  title: 'Check alerts',
  description:
    'Reports what needs attention now: overdue delegations, deadlines in the next 3 days, decisions pending over 7 days, ' +
    'follow-ups due, plus matches of every enabled alert rule, with a short plain-text card in `formatted`. Read-only: it never ' +
    'marks anything as notified. Example: {} or {"include_rules": false}.',
  input: z.object({ include_rules: z.boolean().default(true).describe('Also evaluate enabled alert rules (default true).') }).strict(),
  output: z.object({
    total_alerts: z.number().int().min(0),
    alerts: z.object({
      overdue_delegations: z.array(delegationMatch),
      upcoming_deadlines: z.array(delegationMatch),
      stale_decisions: z.array(decisionMatch),
      follow_ups_due: z.array(decisionMatch),
    }),
    rule_alerts: z.array(
      z.object({
        rule_id: z.number().int(),
        name: z.string(),
        alert_type: z.enum(ALERT_TYPES),
        count: z.number().int(),
        matches: z.array(matchSchema),
      }),
    ),
    formatted: z.string(),
    warnings: z.array(z.string()).optional(),
  }),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const { memory } = ctx.services;
    const rules = args.include_rules ? await memory.alertRules.listEnabled() : [];
    return checkAlerts(
      await loadAlertData(memory, rules),
      rules,
      { today: ctx.clock.today(), now: ctx.clock.now(), timezone: ctx.clock.timezone },
      { includeRules: args.include_rules },
    );
  },
});

export const dismissAlertTool = defineTool({
  name: 'dismiss_alert',
  examples: DISMISS_ALERT_EXAMPLES,
  title: 'Dismiss alert',
  description: 'Silences an alert rule by disabling it (create it again with upsert, or re-enable it, to resume). Example: {"rule_id": 3}.',
  input: z.object({ rule_id: idSchema('alert rule') }).strict(),
  output: z.object({ rule: ruleSchema }),
  annotations: LOCAL_UPSERT,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const rule = await ctx.services.memory.alertRules.setEnabled(args.rule_id, false);
    if (!rule) throw ToolError.notFound('Alert rule', args.rule_id);
    return { rule: toRuleOutput(rule) };
  },
});

export const deleteAlertRuleTool = defineTool({
  name: 'delete_alert_rule',
  examples: DELETE_ALERT_RULE_EXAMPLES,
  title: 'Delete alert rule',
  description: 'Deletes an alert rule permanently. Example: {"rule_id": 3}.',
  input: z.object({ rule_id: idSchema('alert rule') }).strict(),
  output: deletedOutputSchema(),
  annotations: LOCAL_DELETE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    if (!await ctx.services.memory.alertRules.delete(args.rule_id)) throw ToolError.notFound('Alert rule', args.rule_id);
    return { deleted: true as const, id: args.rule_id };
  },
});
