/**
 * Delegations on PostgreSQL: the same `DelegationsRepository` port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0063). `delegated_to_folded` is written with the
 * stores' own `foldCase`, so a name filters the same rows on both adapters; an update reads and writes the row under
 * its lock (notes are appended, completion time follows the status it had).
 */
import { foldCase } from '@chief-of-staff/core';
import { and, asc, desc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { closePage, DELEGATION_LIST_LIMITS, DELEGATION_PRIORITIES, DELEGATION_STATUSES, openPage, type DelegationRecord, type DelegationsRepository } from '@chief-of-staff/stores';
import { applyDelegationUpdate, assertEnum, delegationChanges, dueWindowEnd, newDelegationFields, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { delegations } from '../schema/lifecycle.js';
import { assertNoNulFields, hasNul } from '../postgres-text.js';
import { rowColumns } from '../row-columns.js';

/** critical → low, for ORDER BY. */
const PRIORITY_RANK = sql`CASE ${delegations.priority} WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END`;

/** The same "a person's name, case-folded" the SQLite adapter compares, or undefined for no filter. */
const folded = (name: string | undefined) => (name?.trim() ? foldCase(name.trim()) : undefined);

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createPostgresDelegationsRepository(database: PostgresDatabase, clock: Clock): DelegationsRepository {
  const { db } = database;

  return {
    async create(input) {
      const now = nowIso(clock);
      const rows = await db
        .insert(delegations)
        .values({ ...assertNoNulFields(newDelegationFields(input)), createdAt: now, updatedAt: now })
        .returning(rowColumns(delegations));
      const row = rows[0];
      if (row === undefined) throw new Error('delegations insert returned no row');
      return row;
    },

    async get(id): Promise<DelegationRecord | undefined> {
      const rows = await db.select(rowColumns(delegations)).from(delegations).where(eq(delegations.id, id));
      return rows[0];
    },

    async update(id, patch) {
      const { changes, notes } = delegationChanges(patch);
      assertNoNulFields({ ...changes, notes });
      // Locked while read: two notes both land, and completed_at follows the status this update really replaced.
      return db.transaction(async (tx) => {
        const [existing] = await tx.select(rowColumns(delegations)).from(delegations).where(eq(delegations.id, id)).for('update');
        if (existing === undefined) return undefined;
        const now = nowIso(clock);
        applyDelegationUpdate(existing, changes, notes, now, clock.today());
        const [row] = await tx
          .update(delegations)
          .set({ ...changes, updatedAt: now })
          .where(eq(delegations.id, id))
          .returning(rowColumns(delegations));
        return row;
      });
    },

    async delete(id) {
      const rows = await db.delete(delegations).where(eq(delegations.id, id)).returning({ id: delegations.id });
      return rows.length > 0;
    },

    async list(filters, request) {
      const status = filters.status === undefined || filters.status === 'all' ? undefined : assertEnum('status', filters.status, DELEGATION_STATUSES);
      const priority = filters.priority === undefined ? undefined : assertEnum('priority', filters.priority, DELEGATION_PRIORITIES);
      const delegatedTo = folded(filters.delegatedTo);
      const overdueOnly = filters.overdueOnly ?? false;
      const dueBy = dueWindowEnd(filters);
      const window = openPage(request, DELEGATION_LIST_LIMITS, 'list_delegations', {
        status,
        priority,
        delegatedTo,
        overdueOnly,
        dueBy,
        today: overdueOnly || dueBy !== undefined ? filters.today : undefined,
      });
      if (hasNul(delegatedTo)) return closePage([], window, { total: 0 });
      const where = and(
        status === undefined ? undefined : eq(delegations.status, status),
        priority === undefined ? undefined : eq(delegations.priority, priority),
        delegatedTo === undefined ? undefined : eq(delegations.delegatedToFolded, delegatedTo),
        overdueOnly
          ? and(eq(delegations.status, 'active'), isNotNull(delegations.dueDate), lt(delegations.dueDate, filters.today))
          : undefined,
        dueBy === undefined ? undefined : and(eq(delegations.status, 'active'), gte(delegations.dueDate, filters.today), lte(delegations.dueDate, dueBy)),
      );
      const rows = await db
        .select(rowColumns(delegations))
        .from(delegations)
        .where(where)
        .orderBy(sql`${delegations.dueDate} ASC NULLS LAST`, PRIORITY_RANK, asc(delegations.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const total = await db.select({ n: sql<number>`count(*)::int` }).from(delegations).where(where);
      return closePage(rows, window, { total: total[0]?.n ?? 0 });
    },

    async listOverdue(filters, request) {
      const delegatedTo = folded(filters.delegatedTo);
      const window = openPage(request, DELEGATION_LIST_LIMITS, 'check_overdue_delegations', {
        delegatedTo,
        today: filters.today,
      });
      if (hasNul(delegatedTo)) return closePage([], window, { total: 0 });
      const where = and(
        eq(delegations.status, 'active'),
        isNotNull(delegations.dueDate),
        lt(delegations.dueDate, filters.today),
        delegatedTo === undefined ? undefined : eq(delegations.delegatedToFolded, delegatedTo),
      );
      const rows = await db
        .select(rowColumns(delegations))
        .from(delegations)
        .where(where)
        .orderBy(asc(delegations.dueDate), PRIORITY_RANK, asc(delegations.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const total = await db.select({ n: sql<number>`count(*)::int` }).from(delegations).where(where);
      return closePage(rows, window, { total: total[0]?.n ?? 0 });
    },

    allActive: async () => db.select(rowColumns(delegations)).from(delegations).where(eq(delegations.status, 'active')).orderBy(asc(delegations.id)),

    // Served by the (status, due_date) index; only the columns a suggestion shows are read.
    activeDueBy: async (date, limit) =>
      db
        .select({ id: delegations.id, task: delegations.task, delegatedTo: delegations.delegatedTo, dueDate: delegations.dueDate })
        .from(delegations)
        .where(and(eq(delegations.status, 'active'), isNotNull(delegations.dueDate), lte(delegations.dueDate, date)))
        .orderBy(desc(delegations.dueDate), desc(delegations.id))
        .limit(limit),
  };
}
