/**
 * The SQLite adapter of `FactsRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { containsPattern, foldCase } from '@chief-of-staff/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { facts } from '../db/schema/memory.js';
import { closePage, FACT_CATEGORIES, FACT_LIST_LIMITS, openPage, type CandidateOptions, type EmbeddingStatus, type FactCategory, type FactRecord, type FactsRepository } from '@chief-of-staff/stores';
import {
  assertConfidence,
  assertEnum,
  assertText,
  COMMON_TERM_MIN_ROWS,
  ftsTokens,
  MAX_NAME_LENGTH,
  MAX_VALUE_LENGTH,
  nowIso,
  observedAtOf,
  observedCondition,
  queryTermRoles,
  termCountLimit,
  type QueryTermRoles,
} from '@chief-of-staff/stores/adapter-kit';
import { buildTrigramPhrase, orMatch, orStemMatch } from '../db/fts-query.js';
import { statementCache } from '../db/statement-cache.js';
import { hebrewStem, isHebrewWord } from '@chief-of-staff/core';

/**
 * The term the index holds for a token, when it is certain: the tokenizer (unicode61, remove_diacritics 2) lowercases
 * ASCII letters and keeps digits as they are. Any other token (accents, other scripts, a token the tokenizer would
 * split) is counted by matching it instead, as the full-text search itself reads it.
 */
function indexTerm(token: string): string | undefined {
  return /^[A-Za-z0-9]+$/.test(token) ? token.toLowerCase() : undefined;
}

interface ScoredRow {
  id: number;
  score: number;
}

/**
 * The best `limit` ids of scored rows, a row's later score replacing an earlier one (bm25: lower is better, ties by
 * id). Given the best facts the finding words match and, after them, the best of those that also hold a rank-only
 * word, each list cut at `limit`, this is the order one expression scoring every word would give them. A fact that
 * holds such a word yet is missing from the second list can only be missing because that list is full, and its whole
 * score ranks it below all `limit` facts there; its score in the first list leaves out a word, so it ranks lower still.
 */
function bestScored(rows: readonly ScoredRow[], limit: number): number[] {
  const scores = new Map<number, number>();
  for (const row of rows) scores.set(row.id, row.score);
  return [...scores]
    .sort(([idA, a], [idB, b]) => a - b || idA - idB)
    .slice(0, limit)
    .map(([id]) => id);
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createFactsRepository(database: CosDatabase, clock: Clock): FactsRepository {
  const { db, sqlite } = database;

  // The FTS table alone (no join): the category is an FTS column, filtered inside MATCH.
  const ftsScoredStatement = sqlite.prepare<unknown[], ScoredRow>(
    `SELECT rowid AS id, bm25(facts_fts) AS score FROM facts_fts WHERE facts_fts MATCH ? ORDER BY score, rowid LIMIT ?`,
  );
  // Counting stops at the limit, so telling a common term from a rare one costs at most `limit` index entries.
  const termRowsStatement = sqlite.prepare<unknown[], { n: number }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM facts_fts WHERE facts_fts MATCH ? LIMIT ?)`,
  );
  // The index's own count of the facts a term is in (an fts5vocab view, kept in this connection's temporary schema, so
  // it needs no migration and writes nothing to the store): a term in 6% of 100,000 facts is counted from its entry
  // in the index, not by matching its 6,000 rows one by one through the query engine.
  sqlite.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.facts_fts_terms USING fts5vocab(main, facts_fts, 'row')`);
  const termFactsStatement = sqlite.prepare<unknown[], { n: number }>(`SELECT doc AS n FROM temp.facts_fts_terms WHERE term = ?`);
  // An upper bound on the row count in O(log n); deleted facts only make terms look rarer (the safe side).
  const rowBoundStatement = sqlite.prepare<unknown[], { n: number | null }>(`SELECT max(id) AS n FROM facts`);

  /**
   * Which query terms find the candidates and which rank them (`queryTermRoles`): at 100k facts, scoring every fact a
   * name in 6% of them matches cost more than the rest of the query, while the facts holding only that name rank
   * below most of those a rarer word finds.
   */
  const termRoles = (tokens: string[], findShare?: number): QueryTermRoles => {
    if (tokens.length < 2) return { find: tokens, rank: tokens };
    const rows = rowBoundStatement.get()?.n ?? 0;
    if (rows < COMMON_TERM_MIN_ROWS) return { find: tokens, rank: tokens };
    const limit = termCountLimit(rows, findShare);
    const counts = tokens.map((token) => {
      const term = indexTerm(token);
      const count = term === undefined ? termRowsStatement.get(orMatch([token]), limit + 1)?.n : termFactsStatement.get(term)?.n;
      return Math.min(count ?? 0, limit + 1);
    });
    return queryTermRoles(tokens, counts, rows, findShare);
  };
  // Variants by category and time window, each prepared once.
  const prepared = statementCache(database);
  const ids = (text: string, params: unknown[]): { id: number }[] => prepared(text).all(...params) as { id: number }[];
  /** The best `limit` facts an FTS expression matches, with their bm25 scores (lower is better), optionally in a window. */
  const scoredMatches = (expression: string, limit: number, observed: CandidateOptions['observed']): ScoredRow[] => {
    if (observed === undefined) return ftsScoredStatement.all(expression, limit);
    // A time window needs the facts row: joined only then, as the plain list reads the FTS table alone.
    const window = observedCondition(observed, 'f.');
    return prepared(
      `SELECT f.id AS id, bm25(facts_fts) AS score FROM facts_fts JOIN facts f ON f.id = facts_fts.rowid
       WHERE facts_fts MATCH ?${window.sql} ORDER BY score, f.id LIMIT ?`,
    ).all(expression, ...window.params, limit) as ScoredRow[];
  };
  /** Trigram matches in the given order: the `?` of `order`, if any, comes after the match, category and window values. */
  const trigramSql = (withCategory: boolean, window: string, order: string) =>
    `SELECT f.id AS id FROM facts_trigram JOIN facts f ON f.id = facts_trigram.rowid
       WHERE facts_trigram MATCH ? ${withCategory ? 'AND f.category = ?' : ''}${window}
       ORDER BY ${order} LIMIT ?`;
  const EXACT_KEY_FIRST = '(cos_fold(f.key) = ?) DESC, f.updated_at DESC, f.id DESC';
  const BEST_MATCH_FIRST = 'bm25(facts_trigram), f.id DESC';
  // Below three characters a trigram index cannot answer; a scan with the folding function can.
  const likeSql = (withCategory: boolean, window: string) =>
    `SELECT id FROM facts
       WHERE (cos_fold(key) LIKE ? ESCAPE '\\' OR cos_fold(value) LIKE ? ESCAPE '\\') ${withCategory ? 'AND category = ?' : ''}${window}
       ORDER BY (cos_fold(key) = ?) DESC, updated_at DESC, id DESC LIMIT ?`;
  /** The category (if any) and window values of a candidate query, in the order of its placeholders. */
  const filterParams = (options: CandidateOptions, window: { params: string[] }): unknown[] => [
    ...(options.category === undefined ? [] : [options.category]),
    ...window.params,
  ];

  // Prepared on first use, not when the store opens: a store opened on an older schema (a migration test's "before")
  // must not fail on a column a later migration adds.
  const prepareGetMany = () =>
    db
      .select()
      .from(facts)
      .where(sql`${facts.id} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`)
      .prepare();
  let getManyPrepared: ReturnType<typeof prepareGetMany> | undefined;
  const getManyStatement = { all: (values: { ids: string }) => (getManyPrepared ??= prepareGetMany()).all(values) };

  const get = (category: FactCategory, key: string) =>
    db.select().from(facts).where(and(eq(facts.category, category), eq(facts.key, key))).get();

  const setEmbeddingStatus = (id: number, status: EmbeddingStatus, ifUpdatedAt?: string): boolean => {
    const where = ifUpdatedAt === undefined ? eq(facts.id, id) : and(eq(facts.id, id), eq(facts.updatedAt, ifUpdatedAt));
    return db.update(facts).set({ embeddingStatus: status }).where(where).run().changes > 0;
  };

  return {
    async upsert(input) {
      const category = assertEnum('category', input.category, FACT_CATEGORIES);
      const key = assertText('key', input.key, MAX_NAME_LENGTH);
      const value = assertText('value', input.value, MAX_VALUE_LENGTH);
      const confidence = assertConfidence('confidence', input.confidence ?? 1);
      const source = assertText('source', input.source, MAX_NAME_LENGTH);
      const observedAt = observedAtOf(input);
      return database.writeTransaction(() => {
        const now = nowIso(clock);
        const existing = get(category, key);
        const fields = {
          value,
          confidence,
          pinned: input.pinned ?? false,
          source,
          sourceRef: input.sourceRef ?? null,
          observedAt,
          embeddingStatus: 'pending' as const,
          updatedAt: now,
        };
        if (existing) {
          const fact = db.update(facts).set(fields).where(eq(facts.id, existing.id)).returning().get();
          return { fact, created: false };
        }
        const fact = db
          .insert(facts)
          .values({ category, key, ...fields, createdAt: now })
          .returning()
          .get();
        return { fact, created: true };
      });
    },

    get: async (...args) => get(...args),

    getById: async (id) => db.select().from(facts).where(eq(facts.id, id)).get(),

    async getMany(ids) {
      if (ids.length === 0) return [];
      return getManyStatement.all({ ids: JSON.stringify(ids) });
    },

    async delete(category, key) {
      const validCategory = assertEnum('category', category, FACT_CATEGORIES);
      return db
        .delete(facts)
        .where(and(eq(facts.category, validCategory), eq(facts.key, key)))
        .returning()
        .get();
    },

    async list(filters, request) {
      if (filters.category !== undefined) assertEnum('category', filters.category, FACT_CATEGORIES);
      const window = openPage(request, FACT_LIST_LIMITS, 'facts', filters);
      const conditions = [
        filters.category === undefined ? undefined : eq(facts.category, filters.category),
        filters.pinned === undefined ? undefined : eq(facts.pinned, filters.pinned),
        filters.prefix === undefined || filters.prefix === ''
          ? undefined
          : sql`substr(${facts.key}, 1, ${[...filters.prefix].length}) = ${filters.prefix}`,
      ];
      const where = and(...conditions);
      const rows = db
        .select()
        .from(facts)
        .where(where)
        .orderBy(asc(facts.category), asc(facts.key), asc(facts.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(facts).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    async allInCategory(category) {
      assertEnum('category', category, FACT_CATEGORIES);
      return db.select().from(facts).where(eq(facts.category, category)).all();
    },

    async observedIn(filters, limit) {
      if (filters.category !== undefined) assertEnum('category', filters.category, FACT_CATEGORIES);
      const window = observedCondition(filters.observed);
      const found = ids(
        `SELECT id FROM facts WHERE 1 = 1 ${filters.category === undefined ? '' : 'AND category = ?'}${window.sql}
         ORDER BY coalesce(observed_at, created_at) DESC, id DESC LIMIT ?`,
        [...(filters.category === undefined ? [] : [filters.category]), ...window.params, limit],
      );
      const byId = new Map(getManyStatement.all({ ids: JSON.stringify(found.map((row) => row.id)) }).map((fact) => [fact.id, fact]));
      return found.map((row) => byId.get(row.id)).filter((fact): fact is FactRecord => fact !== undefined);
    },

    async fullTextCandidates(query, options) {
      if (options.category !== undefined) assertEnum('category', options.category, FACT_CATEGORIES);
      const { find, rank } = termRoles(ftsTokens(query), options.findShare);
      const findMatch = orStemMatch(find);
      if (findMatch === null) return null;
      // The category is a validated enum value, safe to quote into the expression.
      const filtered = (match: string) => (options.category === undefined ? match : `(${match}) AND category : "${options.category}"`);
      const found = scoredMatches(filtered(findMatch), options.limit, options.observed);
      const rankOnly = orStemMatch(rank.filter((token) => !find.includes(token)));
      if (rankOnly === null) return found.map((row) => row.id);
      // bm25 sums a score per phrase of the expression, so a fact holding a rank-only word has its whole score only
      // where the expression names that word too: those facts are asked for apart and their scores taken.
      const withRankOnly = scoredMatches(filtered(`(${findMatch}) AND (${rankOnly})`), options.limit, options.observed);
      return bestScored([...found, ...withRankOnly], options.limit);
    },

    async substringCandidates(query, options) {
      // FTS5 reads a MATCH expression only up to a NUL ("unterminated string"), and no stored text can be searched
      // for one usefully: NUL characters are left out of the query.
      const text = query.replace(/\0/g, '').trim();
      if (text === '') return [];
      const folded = foldCase(text);
      const phrase = buildTrigramPhrase(text);
      const withCategory = options.category !== undefined;
      let rows: { id: number }[];
      if (phrase !== null) {
        const window = observedCondition(options.observed, 'f.');
        rows = ids(trigramSql(withCategory, window.sql, EXACT_KEY_FIRST), [phrase, ...filterParams(options, window), folded, options.limit]);
      } else {
        const pattern = containsPattern(text);
        const window = observedCondition(options.observed);
        rows = ids(likeSql(withCategory, window.sql), [pattern, pattern, ...filterParams(options, window), folded, options.limit]);
      }
      return rows.map((row) => row.id);
    },

    async hebrewWordCandidates(query, options) {
      const stems = ftsTokens(query)
        .filter(isHebrewWord)
        .map(hebrewStem)
        .map(buildTrigramPhrase)
        .filter((phrase): phrase is string => phrase !== null);
      if (stems.length === 0) return [];
      const match = [...new Set(stems)].join(' OR ');
      const window = observedCondition(options.observed, 'f.');
      const sqlText = trigramSql(options.category !== undefined, window.sql, BEST_MATCH_FIRST);
      return ids(sqlText, [match, ...filterParams(options, window), options.limit]).map((row) => row.id);
    },

    setEmbeddingStatus: async (...args) => setEmbeddingStatus(...args),

    markEmbeddedIfFree: async (id, ifUpdatedAt) => database.writeIfFree(() => setEmbeddingStatus(id, 'ok', ifUpdatedAt)),

    count: async () => db.select({ n: sql<number>`count(*)` }).from(facts).get()?.n ?? 0,

    hasAnyFact: async () => db.select({ id: facts.id }).from(facts).limit(1).get() !== undefined,

    pendingEmbedding: async (limit) => db.select().from(facts).where(eq(facts.embeddingStatus, 'pending')).orderBy(asc(facts.id)).limit(limit).all(),
  };
}
