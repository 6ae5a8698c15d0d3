/**
 * Decisions on PostgreSQL: the same `DecisionsRepository` port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0063). Search folds the six searched columns as
 * the SQLite adapter folds them (`foldedContains`), so both find the same decisions, and checks only candidates read
 * from two indexes, as the SQLite adapter does: `decisions_trgm_idx` answers `ILIKE` with the folded query, which finds
 * every decision made of plain characters, and `decisions_fold_scan_idx` lists the others. In team mode the search
 * finds the page's ids on the candidate sessions and reads the decisions by id (ADR 0079). An update that appends
 * notes reads and writes the row under its lock.
 */
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { escapeLike, foldCase, ToolError, type Clock } from '@chief-of-staff/core';
import { closePage, DECISION_SEARCH_LIMITS, DECISION_STATUSES, openPage, type DecisionRecord, type DecisionsRepository } from '@chief-of-staff/stores';
import { assertEnum, decisionChanges, MAX_QUERY_LENGTH, newDecisionFields, nowIso, withDecisionNote } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { decisions, DECISIONS_FOLD_SCAN_PREDICATE } from '../schema/lifecycle.js';
import { assertNoNulFields, foldedContains, foldedEquals, hasNul } from '../postgres-text.js';
import { rowColumns } from '../row-columns.js';

/**
 * The searched columns, each as the text the SQLite adapter folds: `tags` as its JSON text, written as
 * `JSON.stringify` writes it (PostgreSQL's jsonb text puts a space after each comma; a `", "` inside a tag is
 * escaped as `\", \"`, so only separators are changed).
 */
const SEARCHED_TEXT = [
  decisions.title,
  decisions.description,
  decisions.context,
  sql`replace(${decisions.tags}::text, '", "', '","')`,
  decisions.owner,
  decisions.decidedBy,
];

/**
 * `decisions.id IN (candidates)`: the decisions whose indexed columns hold the folded query (`ILIKE` over the trigram
 * index: for a decision of plain characters that is exactly the folded match) and every decision holding another
 * character (the partial index), for the exact folded check to judge. Null when the folded query holds a comma: the
 * index has `tags` as PostgreSQL's JSON text, with a space after each separating comma that the searched text has not.
 */
export function decisionCandidates(query: string): SQL | null {
  const folded = foldCase(query);
  if (folded.includes(',')) return null;
  const pattern = `%${escapeLike(folded)}%`;
  const columns = [decisions.title, decisions.description, decisions.context, sql`(${decisions.tags}::text)`, decisions.owner, decisions.decidedBy];
  return sql`${decisions.id} IN (
    SELECT ${decisions.id} FROM ${decisions} WHERE ${sql.join(
      columns.map((column) => sql`${column} ILIKE ${pattern} ESCAPE '\\'`),
      sql` OR `,
    )}
    UNION ALL
    SELECT ${decisions.id} FROM ${decisions} WHERE ${DECISIONS_FOLD_SCAN_PREDICATE})`;
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createPostgresDecisionsRepository(database: PostgresDatabase, clock: Clock): DecisionsRepository {
  const { db, candidates } = database;
  const ownerEquals = (owner: string) => foldedEquals(decisions.owner, owner.trim());

  return {
    async create(input) {
      const now = nowIso(clock);
      const rows = await db
        .insert(decisions)
        .values({ ...assertNoNulFields(newDecisionFields(input)), createdAt: now, updatedAt: now })
        .returning(rowColumns(decisions));
      const row = rows[0];
      if (row === undefined) throw new Error('decisions insert returned no row');
      return row;
    },

    async get(id): Promise<DecisionRecord | undefined> {
      const rows = await db.select(rowColumns(decisions)).from(decisions).where(eq(decisions.id, id));
      return rows[0];
    },

    async update(id, patch) {
      const { changes, notes } = decisionChanges(patch);
      assertNoNulFields({ ...changes, notes });
      // The row is locked while its description is read and the note appended, so two notes both land.
      return db.transaction(async (tx) => {
        const [existing] = await tx.select(rowColumns(decisions)).from(decisions).where(eq(decisions.id, id)).for('update');
        if (existing === undefined) return undefined;
        if (notes !== undefined) changes.description = withDecisionNote(changes.description ?? existing.description, notes, clock.today());
        const [row] = await tx
          .update(decisions)
          .set({ ...changes, updatedAt: nowIso(clock) })
          .where(eq(decisions.id, id))
          .returning(rowColumns(decisions));
        return row;
      });
    },

    async delete(id) {
      const rows = await db.delete(decisions).where(eq(decisions.id, id)).returning({ id: decisions.id });
      return rows.length > 0;
    },

    async search(filters, request) {
      const query = filters.query?.trim() || undefined;
      if (query !== undefined && query.length > MAX_QUERY_LENGTH) {
        throw ToolError.invalidArgument('query', `is ${query.length} characters long.`, `Use at most ${MAX_QUERY_LENGTH} characters.`);
      }
      const status = filters.status === undefined ? undefined : assertEnum('status', filters.status, DECISION_STATUSES);
      const owner = filters.owner?.trim() || undefined;
      const window = openPage(request, DECISION_SEARCH_LIMITS, 'search_decisions', { query, status, owner });
      if (hasNul(query, owner)) return closePage([], window, { total: 0 });
      const where = and(
        query === undefined ? undefined : decisionCandidates(query) ?? undefined,
        query === undefined ? undefined : foldedContains(SEARCHED_TEXT, query),
        status === undefined ? undefined : eq(decisions.status, status),
        owner === undefined ? undefined : ownerEquals(owner),
      );
      const own = candidates.ownRows(decisions.principalId);
      if (own === undefined) {
        const rows = await db
          .select(rowColumns(decisions))
          .from(decisions)
          .where(where)
          .orderBy(desc(decisions.createdAt), desc(decisions.id))
          .limit(window.limit + 1)
          .offset(window.offset);
        const total = await db.select({ n: sql<number>`count(*)::int` }).from(decisions).where(where);
        return closePage(rows, window, { total: total[0]?.n ?? 0 });
      }
      // Team mode (ADR 0079): the page's ids and the total on the candidate sessions, whose trigram index a bound
      // session cannot use, with the caller's principal named; the decisions themselves by id on a bound one.
      const mine = and(where, own);
      const [found, total] = await Promise.all([
        candidates.db
          .select({ id: decisions.id })
          .from(decisions)
          .where(mine)
          .orderBy(desc(decisions.createdAt), desc(decisions.id))
          .limit(window.limit + 1)
          .offset(window.offset),
        candidates.db.select({ n: sql<number>`count(*)::int` }).from(decisions).where(mine),
      ]);
      const ids = found.map((row) => row.id);
      const byId = new Map(
        ids.length === 0 ? [] : (await db.select(rowColumns(decisions)).from(decisions).where(inArray(decisions.id, ids))).map((row) => [row.id, row]),
      );
      const rows = ids.map((id) => byId.get(id)).filter((row): row is DecisionRecord => row !== undefined);
      return closePage(rows, window, { total: total[0]?.n ?? 0 });
    },

    async listPending(filters, request) {
      const owner = filters.owner?.trim() || undefined;
      const dueOnly = filters.followUpDueOnly ?? false;
      const window = openPage(request, DECISION_SEARCH_LIMITS, 'list_pending_decisions', {
        owner,
        dueOnly,
        today: dueOnly ? filters.today : undefined,
      });
      if (hasNul(owner)) return closePage([], window, { total: 0 });
      const where = and(
        eq(decisions.status, 'pending_execution'),
        owner === undefined ? undefined : ownerEquals(owner),
        dueOnly ? lte(decisions.followUpDate, filters.today) : undefined,
      );
      const rows = await db
        .select(rowColumns(decisions))
        .from(decisions)
        .where(where)
        .orderBy(sql`${decisions.followUpDate} ASC NULLS LAST`, asc(decisions.createdAt), asc(decisions.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const total = await db.select({ n: sql<number>`count(*)::int` }).from(decisions).where(where);
      return closePage(rows, window, { total: total[0]?.n ?? 0 });
    },

    allPending: async () => db.select(rowColumns(decisions)).from(decisions).where(eq(decisions.status, 'pending_execution')).orderBy(asc(decisions.id)),
  };
}
