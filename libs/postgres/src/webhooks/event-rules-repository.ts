/**
 * Event rules on PostgreSQL: the same `EventRulesRepository` port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0065). Creating is one statement on the unique
 * name, so two writers of the same new name cannot both create it; names sort by code point, as SQLite's BINARY
 * collation does.
 */
import {and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { closePage, EVENT_RULE_LIST_LIMITS, openPage, type EventRuleRecord, type EventRulesRepository } from '@chief-of-staff/stores';
import { eventRuleFields, eventRuleNameConflict, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { holdsNul, refuseNulCharacters } from '../nul-characters.js';
import { eventRules } from '../schema/webhooks.js';
import { rowColumns } from '../row-columns.js';

/** How many times a create tries again when the rule holding its name was deleted before it could be named. */
const CREATE_ATTEMPTS = 3;

export function createPostgresEventRulesRepository(database: PostgresDatabase, clock: Clock): EventRulesRepository {
  const { db } = database;
  const dispatchOrder = [asc(eventRules.priority), sql`${eventRules.name} COLLATE "C"`, asc(eventRules.id)];

  return {
    async create(input, options = {}) {
      const { name, ...fields } = refuseNulCharacters(eventRuleFields(input));
      const now = nowIso(clock);
      const insert = db.insert(eventRules).values({ ...fields, name, createdAt: now, updatedAt: now });
      if (options.upsert) {
        // `created_at` is not in the update, so a replaced rule keeps it; `xmax = 0` holds only for a row this
        // statement inserted.
        const [row] = await insert
          .onConflictDoUpdate({ target: [eventRules.name, eventRules.principalId], set: { ...fields, updatedAt: now } })
          .returning({ ...rowColumns(eventRules), inserted: sql<boolean>`(xmax = 0)` });
        if (row === undefined) throw new Error('event rule upsert returned no row');
        const { inserted, ...rule } = row;
        return { rule: rule as EventRuleRecord, created: inserted };
      }
      for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt += 1) {
        const [created] = await insert.onConflictDoNothing({ target: [eventRules.name, eventRules.principalId] }).returning(rowColumns(eventRules));
        if (created !== undefined) return { rule: created as EventRuleRecord, created: true };
        const [existing] = await db.select({ id: eventRules.id }).from(eventRules).where(eq(eventRules.name, name));
        if (existing !== undefined) throw eventRuleNameConflict(name, existing.id);
      }
      throw new Error(`event rule ${name} collided with a rule that kept disappearing`);
    },

    async get(id) {
      const [row] = await db.select(rowColumns(eventRules)).from(eventRules).where(eq(eventRules.id, id));
      return row as EventRuleRecord | undefined;
    },

    async list(filters, request) {
      const enabledOnly = filters.enabledOnly ?? false;
      const window = openPage(request, EVENT_RULE_LIST_LIMITS, 'event_rules', { enabledOnly, source: filters.source });
      if (holdsNul(filters.source)) return closePage([], window, { total: 0 });
      const where = and(
        enabledOnly ? eq(eventRules.enabled, true) : undefined,
        filters.source === undefined ? undefined : eq(eventRules.eventSource, filters.source),
      );
      const rows = await db
        .select(rowColumns(eventRules))
        .from(eventRules)
        .where(where)
        .orderBy(...dispatchOrder)
        .limit(window.limit + 1)
        .offset(window.offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(eventRules).where(where);
      return closePage(rows as EventRuleRecord[], window, { total: count?.n ?? 0 });
    },

    async listEnabledForSource(source) {
      if (holdsNul(source)) return [];
      const rows = await db
        .select(rowColumns(eventRules))
        .from(eventRules)
        .where(and(eq(eventRules.enabled, true), eq(eventRules.eventSource, source)))
        .orderBy(...dispatchOrder);
      return rows as EventRuleRecord[];
    },

    async delete(id) {
      const deleted = await db.delete(eventRules).where(eq(eventRules.id, id)).returning({ id: eventRules.id });
      return deleted.length > 0;
    },
  };
}
