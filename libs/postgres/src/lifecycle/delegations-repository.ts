/**
 * Delegations on PostgreSQL: the same `DelegationsRepository` port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0063). `delegated_to_folded` is written with the
 * stores' own `foldCase`, so a name filters the same rows on both adapters; an update reads and writes the row under
 * its lock (notes are appended, completion time follows the status it had).
 */
import { and, asc, desc, eq, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { ToolError, type Clock } from '@chief-of-staff/core';
import {
  assertDateOnly,
  assertEnum,
  assertMaxLength,
  assertText,
  closePage,
  DELEGATION_LIST_LIMITS,
  DELEGATION_PRIORITIES,
  DELEGATION_STATUSES,
  foldCase,
  MAX_NAME_LENGTH,
  MAX_VALUE_LENGTH,
  nowIso,
  openPage,
  type DelegationRecord,
  type DelegationsRepository,
} from '@chief-of-staff/stores';
import type { PostgresDatabase } from '../open-postgres.js';
import { delegations } from '../schema/lifecycle.js';
import { assertNoNul, hasNul } from '../postgres-text.js';

/** critical → low, for ORDER BY. */
const PRIORITY_RANK = sql`CASE ${delegations.priority} WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END`;

/** The same "a person's name, case-folded" the SQLite adapter compares, or undefined for no filter. */
const folded = (name: string | undefined) => (name?.trim() ? foldCase(name.trim()) : undefined);

export function createPostgresDelegationsRepository(database: PostgresDatabase, clock: Clock): DelegationsRepository {
  const { db } = database;

  return {
    async create(input) {
      const delegatedTo = assertNoNul('delegated_to', assertText('delegated_to', input.delegatedTo, MAX_NAME_LENGTH));
      const now = nowIso(clock);
      const rows = await db
        .insert(delegations)
        .values({
          task: assertNoNul('task', assertText('task', input.task, MAX_NAME_LENGTH)),
          description: assertNoNul('description', assertMaxLength('description', input.description?.trim() ?? '', MAX_VALUE_LENGTH)),
          delegatedTo,
          delegatedToFolded: foldCase(delegatedTo),
          delegatedBy: assertNoNul('delegated_by', input.delegatedBy?.trim() || 'user'),
          dueDate: input.dueDate == null ? null : assertDateOnly('due_date', input.dueDate),
          priority: input.priority === undefined ? 'medium' : assertEnum('priority', input.priority, DELEGATION_PRIORITIES),
          status: 'active',
          notes: assertNoNul('notes', assertMaxLength('notes', input.notes?.trim() ?? '', MAX_VALUE_LENGTH)),
          source: assertNoNul('source', input.source?.trim() || 'user'),
          sourceRef: input.sourceRef ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const row = rows[0];
      if (row === undefined) throw new Error('delegations insert returned no row');
      return row;
    },

    async get(id): Promise<DelegationRecord | undefined> {
      const rows = await db.select().from(delegations).where(eq(delegations.id, id));
      return rows[0];
    },

    async update(id, patch) {
      const changes: Partial<typeof delegations.$inferInsert> = {};
      if (patch.task !== undefined) changes.task = assertNoNul('task', assertText('task', patch.task, MAX_NAME_LENGTH));
      if (patch.description !== undefined) {
        changes.description = assertNoNul('description', assertMaxLength('description', patch.description.trim(), MAX_VALUE_LENGTH));
      }
      if (patch.delegatedTo !== undefined) {
        changes.delegatedTo = assertNoNul('delegated_to', assertText('delegated_to', patch.delegatedTo, MAX_NAME_LENGTH));
        changes.delegatedToFolded = foldCase(changes.delegatedTo);
      }
      if (patch.dueDate !== undefined) changes.dueDate = patch.dueDate === null ? null : assertDateOnly('due_date', patch.dueDate);
      if (patch.priority !== undefined) changes.priority = assertEnum('priority', patch.priority, DELEGATION_PRIORITIES);
      if (patch.status !== undefined) changes.status = assertEnum('status', patch.status, DELEGATION_STATUSES);
      if (patch.sourceRef !== undefined) changes.sourceRef = patch.sourceRef;
      const notes = patch.notes === undefined ? undefined : assertNoNul('notes', assertText('notes', patch.notes, MAX_VALUE_LENGTH));
      if (Object.keys(changes).length === 0 && notes === undefined) {
        throw ToolError.invalidArgument(
          'input',
          'no field to update was given.',
          'Give at least one of task, description, delegated_to, due_date, priority, status, notes, source_ref.',
        );
      }
      // Locked while read: two notes both land, and completed_at follows the status this update really replaced.
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(delegations).where(eq(delegations.id, id)).for('update');
        if (existing === undefined) return undefined;
        const now = nowIso(clock);
        if (notes !== undefined) {
          const line = `[${clock.today()}] ${notes}`;
          changes.notes = existing.notes === '' ? line : `${existing.notes}\n${line}`;
        }
        if (changes.status !== undefined && changes.status !== existing.status) {
          changes.completedAt = changes.status === 'completed' ? now : null;
        }
        const [row] = await tx
          .update(delegations)
          .set({ ...changes, updatedAt: now })
          .where(eq(delegations.id, id))
          .returning();
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
      const window = openPage(request, DELEGATION_LIST_LIMITS, 'list_delegations', {
        status,
        priority,
        delegatedTo,
        overdueOnly,
        today: overdueOnly ? filters.today : undefined,
      });
      if (hasNul(delegatedTo)) return closePage([], window, { total: 0 });
      const where = and(
        status === undefined ? undefined : eq(delegations.status, status),
        priority === undefined ? undefined : eq(delegations.priority, priority),
        delegatedTo === undefined ? undefined : eq(delegations.delegatedToFolded, delegatedTo),
        overdueOnly
          ? and(eq(delegations.status, 'active'), isNotNull(delegations.dueDate), lt(delegations.dueDate, filters.today))
          : undefined,
      );
      const rows = await db
        .select()
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
        .select()
        .from(delegations)
        .where(where)
        .orderBy(asc(delegations.dueDate), PRIORITY_RANK, asc(delegations.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const total = await db.select({ n: sql<number>`count(*)::int` }).from(delegations).where(where);
      return closePage(rows, window, { total: total[0]?.n ?? 0 });
    },

    allActive: async () => db.select().from(delegations).where(eq(delegations.status, 'active')).orderBy(asc(delegations.id)),

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
