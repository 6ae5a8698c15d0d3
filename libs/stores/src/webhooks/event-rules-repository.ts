/**
 * Event rules (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#channels-proactive-suggestions-and-webhooks,
 * docs/webhooks.md#event-rules-which-agent-handles-what): route webhook events of a source and type pattern to an
 * agent. Whether the target agent exists and whether the caller may target it are checked by the tools; this stores
 * and lists.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { ToolError, type Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { eventRules } from '../db/schema/webhooks.js';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '../db/schema/enums.js';
import { closePage, openPage, type Page, type PageRequest } from '../db/pagination.js';
import { assertEnum, assertMaxLength, assertText, MAX_NAME_LENGTH, MAX_VALUE_LENGTH, nowIso } from '../db/validation.js';

export interface EventRuleRecord {
  id: number;
  name: string;
  description: string;
  eventSource: string;
  /** Glob over event types, e.g. `issue.*`. */
  eventTypePattern: string;
  agentName: string;
  instructionTemplate: string;
  priority: number;
  enabled: boolean;
  deliveryChannel: DeliveryChannel | null;
  deliveryConfig: Record<string, unknown> | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface CreateEventRuleInput {
  name: string;
  description?: string;
  eventSource: string;
  eventTypePattern: string;
  agentName: string;
  instructionTemplate?: string;
  priority?: number;
  enabled?: boolean;
  deliveryChannel?: DeliveryChannel | null;
  deliveryConfig?: Record<string, unknown> | null;
  createdBy: string;
}

export const EVENT_RULE_LIST_LIMITS = { defaultLimit: 50, maxLimit: 200 };

export interface EventRulesRepository {
  /** Duplicate name → CONFLICT unless `upsert`. */
  create(input: CreateEventRuleInput, options?: { upsert?: boolean }): Promise<{ rule: EventRuleRecord; created: boolean }>;
  get(id: number): Promise<EventRuleRecord | undefined>;
  /** Ordered by priority, then name. */
  list(filters: { enabledOnly?: boolean; source?: string }, page: PageRequest): Promise<Page<EventRuleRecord>>;
  /** Enabled rules for a source, in dispatch order (priority, name). */
  listEnabledForSource(source: string): Promise<EventRuleRecord[]>;
  delete(id: number): Promise<boolean>;
}

/** A rule's validated columns (the same checks and errors on every adapter). */
export function eventRuleFields(input: CreateEventRuleInput) {
  const name = assertText('name', input.name, MAX_NAME_LENGTH);
  const priority = input.priority ?? 100;
  if (!Number.isInteger(priority)) throw ToolError.invalidArgument('priority', `${priority} is not an integer.`, 'Use a whole number; lower runs first.');
  return {
    name,
    description: assertMaxLength('description', input.description?.trim() ?? '', MAX_VALUE_LENGTH),
    eventSource: assertText('event_source', input.eventSource, 64),
    eventTypePattern: assertText('event_type_pattern', input.eventTypePattern, MAX_NAME_LENGTH),
    agentName: assertText('agent_name', input.agentName, MAX_NAME_LENGTH),
    instructionTemplate: assertMaxLength('instruction_template', input.instructionTemplate ?? '', 20_000),
    priority,
    enabled: input.enabled ?? true,
    deliveryChannel: input.deliveryChannel == null ? null : assertEnum('delivery_channel', input.deliveryChannel, DELIVERY_CHANNELS),
    deliveryConfig: input.deliveryConfig ?? null,
    createdBy: assertText('created_by', input.createdBy, MAX_NAME_LENGTH),
  };
}

/** The error of creating a rule under a name another rule has. */
export function eventRuleNameConflict(name: string, id: number): ToolError {
  return new ToolError('CONFLICT', `An event rule named "${name}" already exists (id ${id}).`, {
    hint: 'Choose another name, or pass upsert: true to replace it.',
    details: { entity: 'event_rule', id, name },
  });
}

export function createEventRulesRepository(database: CosDatabase, clock: Clock): EventRulesRepository {
  const { db } = database;
  return {
    async create(input, options = {}) {
      const { name, ...fields } = eventRuleFields(input);
      return database.writeTransaction(() => {
        const now = nowIso(clock);
        const existing = db.select().from(eventRules).where(eq(eventRules.name, name)).get();
        if (existing) {
          if (!options.upsert) throw eventRuleNameConflict(name, existing.id);
          const rule = db.update(eventRules).set({ ...fields, updatedAt: now }).where(eq(eventRules.id, existing.id)).returning().get();
          return { rule, created: false };
        }
        const rule = db.insert(eventRules).values({ ...fields, name, createdAt: now, updatedAt: now }).returning().get();
        return { rule, created: true };
      });
    },

    get: async (id) => db.select().from(eventRules).where(eq(eventRules.id, id)).get(),

    async list(filters, request) {
      const enabledOnly = filters.enabledOnly ?? false;
      const window = openPage(request, EVENT_RULE_LIST_LIMITS, 'event_rules', { enabledOnly, source: filters.source });
      const where = and(
        enabledOnly ? eq(eventRules.enabled, true) : undefined,
        filters.source === undefined ? undefined : eq(eventRules.eventSource, filters.source),
      );
      const rows = db
        .select()
        .from(eventRules)
        .where(where)
        .orderBy(asc(eventRules.priority), asc(eventRules.name), asc(eventRules.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(eventRules).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    listEnabledForSource: async (source) =>
      db
        .select()
        .from(eventRules)
        .where(and(eq(eventRules.enabled, true), eq(eventRules.eventSource, source)))
        .orderBy(asc(eventRules.priority), asc(eventRules.name), asc(eventRules.id))
        .all(),

    delete: async (id) => db.delete(eventRules).where(eq(eventRules.id, id)).run().changes > 0,
  };
}
