/**
 * The SQLite adapter of `DelegationsRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { foldCase } from '@chief-of-staff/core';
import { and, asc, desc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { delegations } from '../db/schema/lifecycle.js';
import { closePage, DELEGATION_LIST_LIMITS, DELEGATION_PRIORITIES, DELEGATION_STATUSES, openPage, type DelegationsRepository } from '@chief-of-staff/stores';
import { applyDelegationUpdate, assertEnum, delegationChanges, dueWindowEnd, newDelegationFields, nowIso } from '@chief-of-staff/stores/adapter-kit';

/** critical → low, for ORDER BY. */
const PRIORITY_RANK = sql`CASE ${delegations.priority} WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END`;

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createDelegationsRepository(database: CosDatabase, clock: Clock): DelegationsRepository {
  const { db } = database;
  const get = (id: number) => db.select().from(delegations).where(eq(delegations.id, id)).get();
  const folded = (name: string | undefined) => (name?.trim() ? foldCase(name.trim()) : undefined);

  return {
    async create(input) {
      const now = nowIso(clock);
      return db
        .insert(delegations)
        .values({ ...newDelegationFields(input), createdAt: now, updatedAt: now })
        .returning()
        .get();
    },

    get: async (...args) => get(...args),

    async update(id, patch) {
      const { changes, notes } = delegationChanges(patch);
      return database.writeTransaction(() => {
        const existing = get(id);
        if (!existing) return undefined;
        const now = nowIso(clock);
        applyDelegationUpdate(existing, changes, notes, now, clock.today());
        return db
          .update(delegations)
          .set({ ...changes, updatedAt: now })
          .where(eq(delegations.id, id))
          .returning()
          .get();
      });
    },

    delete: async (id) => db.delete(delegations).where(eq(delegations.id, id)).run().changes > 0,

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
      const where = and(
        status === undefined ? undefined : eq(delegations.status, status),
        priority === undefined ? undefined : eq(delegations.priority, priority),
        delegatedTo === undefined ? undefined : eq(delegations.delegatedToFolded, delegatedTo),
        overdueOnly
          ? and(eq(delegations.status, 'active'), isNotNull(delegations.dueDate), lt(delegations.dueDate, filters.today))
          : undefined,
        dueBy === undefined ? undefined : and(eq(delegations.status, 'active'), gte(delegations.dueDate, filters.today), lte(delegations.dueDate, dueBy)),
      );
      const rows = db
        .select()
        .from(delegations)
        .where(where)
        .orderBy(sql`${delegations.dueDate} IS NULL`, asc(delegations.dueDate), PRIORITY_RANK, asc(delegations.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(delegations).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    async listOverdue(filters, request) {
      const delegatedTo = folded(filters.delegatedTo);
      const window = openPage(request, DELEGATION_LIST_LIMITS, 'check_overdue_delegations', {
        delegatedTo,
        today: filters.today,
      });
      const where = and(
        eq(delegations.status, 'active'),
        isNotNull(delegations.dueDate),
        lt(delegations.dueDate, filters.today),
        delegatedTo === undefined ? undefined : eq(delegations.delegatedToFolded, delegatedTo),
      );
      const rows = db
        .select()
        .from(delegations)
        .where(where)
        .orderBy(asc(delegations.dueDate), PRIORITY_RANK, asc(delegations.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(delegations).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    allActive: async () =>
      db.select().from(delegations).where(eq(delegations.status, 'active')).orderBy(asc(delegations.id)).all(),
    // Served by the (status, due_date) index; only the columns a suggestion shows are read.
    activeDueBy: async (date, limit) =>
      db
        .select({ id: delegations.id, task: delegations.task, delegatedTo: delegations.delegatedTo, dueDate: delegations.dueDate })
        .from(delegations)
        .where(and(eq(delegations.status, 'active'), isNotNull(delegations.dueDate), lte(delegations.dueDate, date)))
        .orderBy(desc(delegations.dueDate), desc(delegations.id))
        .limit(limit)
        .all(),
  };
}
