/**
 * The SQLite adapter of `AlertRulesRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { alertRules } from '../db/schema/lifecycle.js';
import { ALERT_RULE_LIST_LIMITS, closePage, openPage, type AlertRulesRepository } from '@chief-of-staff/stores';
import { alertRuleDefinition, alertRuleNameTaken, nowIso } from '@chief-of-staff/stores/adapter-kit';

export function createAlertRulesRepository(database: CosDatabase, clock: Clock): AlertRulesRepository {
  const { db } = database;
  const getByName = (name: string) => db.select().from(alertRules).where(eq(alertRules.name, name)).get();

  return {
    async create(input, options = {}) {
      const { name, definition: fields } = alertRuleDefinition(input);
      return database.writeTransaction(() => {
        const now = nowIso(clock);
        const existing = getByName(name);
        if (existing) {
          if (!options.upsert) throw alertRuleNameTaken(name, existing.id);
          const rule = db.update(alertRules).set({ ...fields, updatedAt: now }).where(eq(alertRules.id, existing.id)).returning().get();
          return { rule, created: false };
        }
        const rule = db.insert(alertRules).values({ ...fields, name, createdAt: now, updatedAt: now }).returning().get();
        return { rule, created: true };
      });
    },

    get: async (id) => db.select().from(alertRules).where(eq(alertRules.id, id)).get(),

    getByName: async (...args) => getByName(...args),

    async list(filters, request) {
      const enabledOnly = filters.enabledOnly ?? false;
      const window = openPage(request, ALERT_RULE_LIST_LIMITS, 'alert_rules', { enabledOnly });
      const where = and(enabledOnly ? eq(alertRules.enabled, true) : undefined);
      const rows = db
        .select()
        .from(alertRules)
        .where(where)
        .orderBy(asc(alertRules.name), asc(alertRules.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(alertRules).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    listEnabled: async () => db.select().from(alertRules).where(eq(alertRules.enabled, true)).orderBy(asc(alertRules.name), asc(alertRules.id)).all(),

    setEnabled: async (id, enabled) =>
      db.update(alertRules).set({ enabled, updatedAt: nowIso(clock) }).where(eq(alertRules.id, id)).returning().get(),

    delete: async (id) => db.delete(alertRules).where(eq(alertRules.id, id)).run().changes > 0,

    async recordTrigger(id, state) {
      db.update(alertRules)
        .set({ lastTriggeredAt: state.triggeredAt, lastFingerprint: state.fingerprint })
        .where(eq(alertRules.id, id))
        .run();
    },
  };
}
