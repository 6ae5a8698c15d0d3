/**
 * The SQLite adapter of `EventRulesRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { eventRules } from '../db/schema/webhooks.js';
import { closePage, EVENT_RULE_LIST_LIMITS, openPage, type EventRulesRepository } from '@chief-of-staff/stores';
import { eventRuleFields, eventRuleNameConflict, nowIso } from '@chief-of-staff/stores/adapter-kit';

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
