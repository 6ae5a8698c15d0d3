/**
 * Alert rules on PostgreSQL: the same `AlertRulesRepository` port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0063). Creating is one statement on the unique
 * name: `ON CONFLICT DO NOTHING` (then CONFLICT naming the rule that won) or, with `upsert`, `ON CONFLICT DO UPDATE`
 * of the definition only, so the trigger state the worker wrote survives.
 */
import {and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { ALERT_RULE_LIST_LIMITS, closePage, openPage, type AlertRuleRecord, type AlertRulesRepository } from '@chief-of-staff/stores';
import { alertRuleDefinition, alertRuleNameTaken, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { alertRules } from '../schema/lifecycle.js';
import { assertNoNul, assertNoNulFields, hasNul } from '../postgres-text.js';
import { rowColumns } from '../row-columns.js';

export function createPostgresAlertRulesRepository(database: PostgresDatabase, clock: Clock): AlertRulesRepository {
  const { db } = database;
  const getByName = async (name: string): Promise<AlertRuleRecord | undefined> => {
    if (hasNul(name)) return undefined;
    const rows = await db.select(rowColumns(alertRules)).from(alertRules).where(eq(alertRules.name, name));
    return rows[0];
  };

  return {
    async create(input, options = {}) {
      const { name, definition } = alertRuleDefinition(input);
      assertNoNulFields({ name, ...definition });
      const now = nowIso(clock);
      const fields = { ...definition, updatedAt: now };
      const returning = { ...rowColumns(alertRules), inserted: sql<boolean>`(xmax = 0)` };
      const insert = db.insert(alertRules).values({ ...fields, name, createdAt: now });
      // `xmax = 0` holds only for a row this statement inserted.
      const rows = options.upsert
        ? await insert.onConflictDoUpdate({ target: [alertRules.name, alertRules.principalId], set: fields }).returning(returning)
        : await insert.onConflictDoNothing({ target: [alertRules.name, alertRules.principalId] }).returning(returning);
      const row = rows[0];
      if (row !== undefined) {
        const { inserted, ...rule } = row;
        return { rule, created: inserted };
      }
      // Only without upsert: the name is taken. (Should its rule be deleted meanwhile, there is no id to name.)
      throw alertRuleNameTaken(name, (await getByName(name))?.id);
    },

    async get(id) {
      const rows = await db.select(rowColumns(alertRules)).from(alertRules).where(eq(alertRules.id, id));
      return rows[0];
    },

    getByName: (name) => getByName(name),

    async list(filters, request) {
      const enabledOnly = filters.enabledOnly ?? false;
      const window = openPage(request, ALERT_RULE_LIST_LIMITS, 'alert_rules', { enabledOnly });
      const where = and(enabledOnly ? eq(alertRules.enabled, true) : undefined);
      // Names in code point order (the "C" collation), as SQLite's BINARY collation sorts them.
      const rows = await db
        .select(rowColumns(alertRules))
        .from(alertRules)
        .where(where)
        .orderBy(sql`${alertRules.name} COLLATE "C"`, asc(alertRules.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const total = await db.select({ n: sql<number>`count(*)::int` }).from(alertRules).where(where);
      return closePage(rows, window, { total: total[0]?.n ?? 0 });
    },

    listEnabled: async () =>
      db.select(rowColumns(alertRules)).from(alertRules).where(eq(alertRules.enabled, true)).orderBy(sql`${alertRules.name} COLLATE "C"`, asc(alertRules.id)),

    async setEnabled(id, enabled) {
      const rows = await db.update(alertRules).set({ enabled, updatedAt: nowIso(clock) }).where(eq(alertRules.id, id)).returning(rowColumns(alertRules));
      return rows[0];
    },

    async delete(id) {
      const rows = await db.delete(alertRules).where(eq(alertRules.id, id)).returning({ id: alertRules.id });
      return rows.length > 0;
    },

    async recordTrigger(id, state) {
      await db
        .update(alertRules)
        .set({ lastTriggeredAt: state.triggeredAt, lastFingerprint: assertNoNul('fingerprint', state.fingerprint) })
        .where(eq(alertRules.id, id));
    },
  };
}
