/**
 * The SQLite adapter of `DecisionsRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { containsPattern, foldCase, ToolError, type Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { decisions } from '../db/schema/lifecycle.js';
import { closePage, DECISION_SEARCH_LIMITS, DECISION_STATUSES, openPage, type DecisionsRepository } from '@chief-of-staff/stores';
import { assertEnum, decisionChanges, MAX_QUERY_LENGTH, newDecisionFields, nowIso, withDecisionNote } from '@chief-of-staff/stores/adapter-kit';
import { decisionCandidatesCondition } from './decisions-text-search.js';

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createDecisionsRepository(database: CosDatabase, clock: Clock): DecisionsRepository {
  const { db } = database;
  const get = (id: number) => db.select().from(decisions).where(eq(decisions.id, id)).get();
  const ownerEquals = (owner: string) => sql`cos_fold(${decisions.owner}) = ${foldCase(owner.trim())}`;

  return {
    async create(input) {
      const now = nowIso(clock);
      return db
        .insert(decisions)
        .values({ ...newDecisionFields(input), createdAt: now, updatedAt: now })
        .returning()
        .get();
    },

    get: async (...args) => get(...args),

    async update(id, patch) {
      const { changes, notes } = decisionChanges(patch);
      return database.writeTransaction(() => {
        const existing = get(id);
        if (!existing) return undefined;
        if (notes !== undefined) changes.description = withDecisionNote(changes.description ?? existing.description, notes, clock.today());
        return db
          .update(decisions)
          .set({ ...changes, updatedAt: nowIso(clock) })
          .where(eq(decisions.id, id))
          .returning()
          .get();
      });
    },

    delete: async (id) => db.delete(decisions).where(eq(decisions.id, id)).run().changes > 0,

    async search(filters, request) {
      const query = filters.query?.trim() || undefined;
      if (query !== undefined && query.length > MAX_QUERY_LENGTH) {
        throw ToolError.invalidArgument('query', `is ${query.length} characters long.`, `Use at most ${MAX_QUERY_LENGTH} characters.`);
      }
      const status = filters.status === undefined ? undefined : assertEnum('status', filters.status, DECISION_STATUSES);
      const owner = filters.owner?.trim() || undefined;
      const window = openPage(request, DECISION_SEARCH_LIMITS, 'search_decisions', { query, status, owner });
      const pattern = query === undefined ? undefined : containsPattern(query);
      // From three folded characters on, the trigram index narrows the rows the folded LIKE below must check.
      const candidates = query === undefined ? null : decisionCandidatesCondition(foldCase(query));
      const where = and(
        candidates ?? undefined,
        pattern === undefined
          ? undefined
          : sql`(cos_fold(${decisions.title}) LIKE ${pattern} ESCAPE '\\'
              OR cos_fold(${decisions.description}) LIKE ${pattern} ESCAPE '\\'
              OR cos_fold(${decisions.context}) LIKE ${pattern} ESCAPE '\\'
              OR cos_fold(${decisions.tags}) LIKE ${pattern} ESCAPE '\\'
              OR cos_fold(${decisions.owner}) LIKE ${pattern} ESCAPE '\\'
              OR cos_fold(${decisions.decidedBy}) LIKE ${pattern} ESCAPE '\\')`,
        status === undefined ? undefined : eq(decisions.status, status),
        owner === undefined ? undefined : ownerEquals(owner),
      );
      const rows = db
        .select()
        .from(decisions)
        .where(where)
        .orderBy(desc(decisions.createdAt), desc(decisions.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(decisions).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    async listPending(filters, request) {
      const owner = filters.owner?.trim() || undefined;
      const dueOnly = filters.followUpDueOnly ?? false;
      const window = openPage(request, DECISION_SEARCH_LIMITS, 'list_pending_decisions', {
        owner,
        dueOnly,
        today: dueOnly ? filters.today : undefined,
      });
      const where = and(
        eq(decisions.status, 'pending_execution'),
        owner === undefined ? undefined : ownerEquals(owner),
        dueOnly ? lte(decisions.followUpDate, filters.today) : undefined,
      );
      const rows = db
        .select()
        .from(decisions)
        .where(where)
        .orderBy(sql`${decisions.followUpDate} IS NULL`, asc(decisions.followUpDate), asc(decisions.createdAt), asc(decisions.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(decisions).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    allPending: async () =>
      db.select().from(decisions).where(eq(decisions.status, 'pending_execution')).orderBy(asc(decisions.id)).all(),
  };
}
