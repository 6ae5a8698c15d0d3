/**
 * Alert rules on PostgreSQL: the same `AlertRulesRepository` port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0063). Creating is one statement on the unique
 * name: `ON CONFLICT DO NOTHING` (then CONFLICT naming the rule that won) or, with `upsert`, `ON CONFLICT DO UPDATE`
 * of the definition only, so the trigger state the worker wrote survives.
 */
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { ToolError, type Clock } from '@chief-of-staff/core';
import {
  ALERT_RULE_LIST_LIMITS,
  assertEnum,
  assertMaxLength,
  assertText,
  closePage,
  DELIVERY_CHANNELS,
  MAX_NAME_LENGTH,
  MAX_VALUE_LENGTH,
  normalizeAlertType,
  nowIso,
  openPage,
  parseAlertCondition,
  type AlertRuleRecord,
  type AlertRulesRepository,
} from '@chief-of-staff/stores';
import type { PostgresDatabase } from '../open-postgres.js';
import { alertRules } from '../schema/lifecycle.js';
import { assertNoNul, hasNul } from '../postgres-text.js';

export function createPostgresAlertRulesRepository(database: PostgresDatabase, clock: Clock): AlertRulesRepository {
  const { db } = database;
  const getByName = async (name: string): Promise<AlertRuleRecord | undefined> => {
    if (hasNul(name)) return undefined;
    const rows = await db.select().from(alertRules).where(eq(alertRules.name, name));
    return rows[0];
  };

  return {
    async create(input, options = {}) {
      const name = assertNoNul('name', assertText('name', input.name, MAX_NAME_LENGTH));
      const alertType = normalizeAlertType(input.alertType);
      const condition = parseAlertCondition(alertType, input.condition ?? {}) as Record<string, unknown>;
      const cooldownHours = input.cooldownHours ?? 4;
      if (!(cooldownHours >= 0 && cooldownHours <= 168)) {
        throw ToolError.invalidArgument('cooldown_hours', `${cooldownHours} is out of range.`, 'Use a number of hours from 0 to 168.');
      }
      const deliveryChannel =
        input.deliveryChannel == null ? null : assertEnum('delivery_channel', input.deliveryChannel, DELIVERY_CHANNELS);
      const now = nowIso(clock);
      const fields = {
        description: assertNoNul('description', assertMaxLength('description', input.description?.trim() ?? '', MAX_VALUE_LENGTH)),
        alertType,
        condition,
        enabled: input.enabled ?? true,
        cooldownHours,
        deliveryChannel,
        deliveryConfig: input.deliveryConfig ?? null,
        updatedAt: now,
      };
      const returning = { ...getTableColumns(alertRules), inserted: sql<boolean>`(xmax = 0)` };
      const insert = db.insert(alertRules).values({ ...fields, name, createdAt: now });
      // `xmax = 0` holds only for a row this statement inserted.
      const rows = options.upsert
        ? await insert.onConflictDoUpdate({ target: alertRules.name, set: fields }).returning(returning)
        : await insert.onConflictDoNothing({ target: alertRules.name }).returning(returning);
      const row = rows[0];
      if (row !== undefined) {
        const { inserted, ...rule } = row;
        return { rule, created: inserted };
      }
      // Only without upsert: the name is taken. (Should its rule be deleted meanwhile, the id is the one just seen.)
      const existing = await getByName(name);
      throw new ToolError('CONFLICT', `An alert rule named "${name}" already exists${existing ? ` (id ${existing.id})` : ''}.`, {
        hint: 'Choose another name, or pass upsert: true to replace it.',
        details: { entity: 'alert_rule', id: existing?.id ?? null, name },
      });
    },

    async get(id) {
      const rows = await db.select().from(alertRules).where(eq(alertRules.id, id));
      return rows[0];
    },

    getByName: (name) => getByName(name),

    async list(filters, request) {
      const enabledOnly = filters.enabledOnly ?? false;
      const window = openPage(request, ALERT_RULE_LIST_LIMITS, 'alert_rules', { enabledOnly });
      const where = and(enabledOnly ? eq(alertRules.enabled, true) : undefined);
      // Names in code point order (the "C" collation), as SQLite's BINARY collation sorts them.
      const rows = await db
        .select()
        .from(alertRules)
        .where(where)
        .orderBy(sql`${alertRules.name} COLLATE "C"`, asc(alertRules.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const total = await db.select({ n: sql<number>`count(*)::int` }).from(alertRules).where(where);
      return closePage(rows, window, { total: total[0]?.n ?? 0 });
    },

    listEnabled: async () =>
      db.select().from(alertRules).where(eq(alertRules.enabled, true)).orderBy(sql`${alertRules.name} COLLATE "C"`, asc(alertRules.id)),

    async setEnabled(id, enabled) {
      const rows = await db.update(alertRules).set({ enabled, updatedAt: nowIso(clock) }).where(eq(alertRules.id, id)).returning();
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
