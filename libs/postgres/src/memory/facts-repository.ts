/**
 * The facts repository on PostgreSQL: the same `FactsRepository` port, records and errors as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0060). Words are searched through the
 * `search_vector` tsvector (built from `factSearchTerms`, the tokens SQLite's FTS5 indexes), substrings through
 * `ILIKE` over the `pg_trgm` indexes of `key` and `value`. The candidate queries run on the candidate sessions with
 * the caller's principal named (ADR 0079), so team mode keeps those indexes; the facts are read by id on bound ones.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { escapeLike, hebrewStem, isHebrewWord, type Clock } from '@chief-of-staff/core';
import { closePage, FACT_CATEGORIES, FACT_LIST_LIMITS, openPage, type FactCategory, type FactRecord, type FactsRepository, type ObservedWindow } from '@chief-of-staff/stores';
import {
  assertConfidence,
  assertEnum,
  assertText,
  COMMON_TERM_MIN_ROWS,
  findTermBudget,
  ftsTokens,
  MAX_NAME_LENGTH,
  MAX_VALUE_LENGTH,
  nowIso,
  observedAtOf,
  queryTermRoles,
  stemPrefix,
  termCountLimit,
  type QueryTermRoles,
} from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { facts } from '../schema/memory.js';
import { factSearchTerms, unicode61Tokens } from '../search-terms.js';
import { assertNoNul } from '../postgres-text.js';

/** The columns of a fact record: everything but the search columns, which only this adapter sees. */
const RECORD_COLUMNS = {
  id: facts.id,
  category: facts.category,
  key: facts.key,
  value: facts.value,
  confidence: facts.confidence,
  pinned: facts.pinned,
  source: facts.source,
  sourceRef: facts.sourceRef,
  embeddingStatus: facts.embeddingStatus,
  observedAt: facts.observedAt,
  createdAt: facts.createdAt,
  updatedAt: facts.updatedAt,
};

/** How long the planner's most common words of `search_vector` are kept before they are read again (see `termCounts`). */
const COMMON_TERMS_TTL_MS = 60_000;

/** PostgreSQL's "could not obtain lock on row" (`FOR UPDATE NOWAIT`). */
const LOCK_NOT_AVAILABLE = '55P03';

type Row = Omit<FactRecord, 'embeddingStatus' | 'sourceRef'> & { embeddingStatus: string; sourceRef: FactRecord['sourceRef'] | null };

function toRecord(row: Row): FactRecord {
  return { ...row, embeddingStatus: row.embeddingStatus as FactRecord['embeddingStatus'], sourceRef: row.sourceRef ?? null };
}

/** The SQLSTATE of a `pg` error, also when drizzle wrapped it. */
function sqlState(error: unknown): unknown {
  const direct = (error as { code?: unknown }).code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: unknown }).cause;
  return cause === undefined ? undefined : (cause as { code?: unknown }).code;
}

/**
 * One tsquery operand per query token: the token's unicode61 terms (lower case, Latin diacritics removed), a phrase
 * when it falls apart into several, as FTS5 reads a quoted token. Terms hold only letters and digits, so quoting them
 * is enough to keep tsquery operators out.
 */
function tsqueryOperand(token: string): string | null {
  const terms = unicode61Tokens(token);
  if (terms.length === 0) return null;
  return terms.map((term) => `'${term}'`).join(' <-> ');
}

function orQuery(tokens: readonly string[]): string {
  const operands = tokens.map(tsqueryOperand).filter((operand): operand is string => operand !== null);
  // A token without any indexable term matches nothing, as its quoted form does in FTS5.
  return operands.length === 0 ? "''" : operands.join(' | ');
}

/**
 * Like `orQuery`, with a word that has a stem prefix matched by it (`'recommend':*`), as the SQLite adapter does
 * (ADR 0095). A stem prefix holds only the letters a-z, so quoting it keeps tsquery operators out.
 */
function orStemQuery(tokens: readonly string[]): string {
  const operands = tokens
    .map((token) => {
      const prefix = stemPrefix(token);
      return prefix === undefined ? tsqueryOperand(token) : `'${prefix}':*`;
    })
    .filter((operand): operand is string => operand !== null);
  return operands.length === 0 ? "''" : operands.join(' | ');
}

/**
 * The time a fact counts as observed at, as text: `observed_at`, else `created_at` in the SQLite side's ISO form, in
 * code point order (a locale's collation skips the punctuation of `2023-05-08T…`), so the window compares exactly as
 * on SQLite (`observedWithin` of the stores library).
 */
const OBSERVED_TIME = sql`(coalesce(${facts.observedAt}, to_char(${facts.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) COLLATE "C")`;

/** The SQL test of a time window (none without one). */
function observedFilter(window: ObservedWindow | undefined): SQL | undefined {
  if (window === undefined) return undefined;
  return and(
    window.from === undefined
      ? undefined
      : window.fromDay === undefined
        ? sql`${OBSERVED_TIME} >= ${window.from}`
        : sql`(${OBSERVED_TIME} >= ${window.from} OR ${OBSERVED_TIME} = ${window.fromDay})`,
    window.before === undefined ? undefined : sql`${OBSERVED_TIME} < ${window.before}`,
    window.through === undefined ? undefined : sql`${OBSERVED_TIME} <= ${window.through}`,
  );
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createPostgresFactsRepository(database: PostgresDatabase, clock: Clock): FactsRepository {
  const { db, candidates } = database;
  /** The caller's facts among the candidates (nothing in a single-person database). */
  const own = (): SQL | undefined => candidates.ownRows(facts.principalId);

  const get = async (category: FactCategory, key: string): Promise<FactRecord | undefined> => {
    if (key.includes('\0')) return undefined;
    const rows = await db.select(RECORD_COLUMNS).from(facts).where(and(eq(facts.category, category), eq(facts.key, key)));
    return rows[0] === undefined ? undefined : toRecord(rows[0]);
  };

  const setEmbeddingStatus = async (id: number, status: FactRecord['embeddingStatus'], ifUpdatedAt?: string): Promise<boolean> => {
    const where = ifUpdatedAt === undefined ? eq(facts.id, id) : and(eq(facts.id, id), eq(facts.updatedAt, ifUpdatedAt));
    const rows = await db.update(facts).set({ embeddingStatus: status }).where(where).returning({ id: facts.id });
    return rows.length > 0;
  };

  const matches = (query: string): SQL => sql`${facts.searchVector} @@ to_tsquery('simple', ${query})`;

  /**
   * About how many facts the caller has: the highest id (one index probe) in a single-person database; in team mode
   * that times the caller's share of the rows in the planner's statistics (their most common values, or an even
   * share of the rest), as the shares decide which words are common for this person, not for the whole team.
   */
  const factCount = async (): Promise<number> => {
    const principal = candidates.principal();
    const bound = await candidates.db.select({ n: sql<number | null>`max(${facts.id})` }).from(facts);
    const highest = Number(bound[0]?.n ?? 0);
    if (principal === undefined || highest === 0) return highest;
    const { rows } = await candidates.pool.query<{ vals: string[] | null; freqs: number[] | null; distinct: number | null }>(
      `SELECT most_common_vals::text::text[] AS vals, most_common_freqs::float8[] AS freqs, n_distinct::float8 AS distinct
       FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'facts' AND attname = 'principal_id'`,
    );
    const stats = rows[0];
    // Not analysed yet: every fact counts, as before team mode.
    if (stats === undefined) return highest;
    const vals = stats.vals ?? [];
    const freqs = stats.freqs ?? [];
    const at = vals.indexOf(principal);
    if (at >= 0) return Math.ceil(highest * (freqs[at] ?? 1));
    const distinct = (stats.distinct ?? 1) < 0 ? -(stats.distinct ?? 1) * highest : (stats.distinct ?? 1);
    const rest = 1 - freqs.reduce((sum, freq) => sum + freq, 0);
    return Math.ceil((highest * Math.max(0, rest)) / Math.max(1, distinct - vals.length));
  };

  let commonTerms: { readAt: number; shares: Map<string, number> } | undefined;
  /**
   * The share of the facts holding each word ANALYZE found most common in `search_vector`: every word in more than
   * about 0.2% of the facts, within a few percent (at 100,000 synthetic facts: 1,000 words, none left out in more than
   * 213 facts). Kept for a minute; before the first ANALYZE there are none, and they are asked for on every search.
   */
  const commonTermShares = async (): Promise<Map<string, number>> => {
    if (commonTerms !== undefined && performance.now() - commonTerms.readAt < COMMON_TERMS_TTL_MS) return commonTerms.shares;
    const { rows } = await candidates.pool.query<{ terms: string[] | null; shares: number[] | null }>(
      `SELECT most_common_elems::text::text[] AS terms, most_common_elem_freqs::float8[] AS shares
       FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'facts' AND attname = 'search_vector'`,
    );
    const row = rows[0];
    const shares = new Map((row?.terms ?? []).map((term, i) => [term, row?.shares?.[i] ?? 0]));
    if (shares.size > 0) commonTerms = { readAt: performance.now(), shares };
    return shares;
  };

  /**
   * How many facts hold each token, each count stopping past `limit`; all in one round trip. In a single-person
   * database a one-word token that the statistics list (`commonTermShares`: every word in more than about 0.2% of the
   * facts) is not counted: it reads as its listed share of the `rows` facts, or as `limit + 1` past the cap. A GIN
   * bitmap scan reads all of a word's postings before LIMIT applies, so counting a listed word cost as much as reading
   * its facts (a name in 6% of 100,000 facts: 30–40 ms; the feedback search's listed words: 8–15 ms a search). Words
   * the statistics do not list are rare, and counted — or, with `estimateRare` (the feedback search, whose added words
   * all come from stored facts), read as the rarest listed share, an upper bound that spares the round trip. In team
   * mode every word is counted: the statistics are the whole team's, and a word common across it can be rare in one
   * person's facts.
   */
  const termCounts = async (tokens: readonly string[], limit: number, rows: number, estimateRare = false): Promise<number[]> => {
    const mine = own();
    const shares = mine === undefined ? await commonTermShares() : new Map<string, number>();
    const rarestListed = estimateRare && shares.size > 0 ? Math.min(...shares.values()) : undefined;
    const listed = tokens.map((token) => {
      const terms = unicode61Tokens(token);
      const share = (terms.length === 1 ? shares.get(terms[0] as string) : undefined) ?? rarestListed;
      return share === undefined ? undefined : Math.min(limit + 1, Math.round(share * rows));
    });
    const counted = tokens.filter((_, i) => listed[i] === undefined);
    if (counted.length === 0) return listed.map((count) => count ?? 0);
    const result = await candidates.db.execute<{ n: number[] }>(
      sql`SELECT ARRAY[${sql.join(
        counted.map(
          (token) =>
            sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${facts} WHERE ${and(matches(orQuery([token])), mine)} LIMIT ${limit + 1}) AS hits)`,
        ),
        sql`, `,
      )}] AS n`,
    );
    const counts = [...(result.rows[0]?.n ?? [])];
    return listed.map((count) => count ?? counts.shift() ?? 0);
  };

  /**
   * Which query tokens find the candidates and which rank them (`queryTermRoles`, the SQLite adapter's rule).
   * PostgreSQL must read every matched row to rank it (FTS5 ranks from its index): "Leo budget" at 100k facts, with
   * Leo in 9% of them, read 9,000 rows (100 ms) to return 50. The words are counted up to the find budget first; only
   * when none fits it are they counted on to the common-term share, which a query with a rare word never needs.
   */
  const queryTokens = async (tokens: string[], findShare?: number): Promise<QueryTermRoles> => {
    if (tokens.length < 2) return { rank: tokens, find: tokens };
    const rows = await factCount();
    if (rows < COMMON_TERM_MIN_ROWS) return { rank: tokens, find: tokens };
    const budget = findTermBudget(rows, findShare);
    const firstCounts = await termCounts(tokens, budget, rows, findShare !== undefined);
    // Counts past the budget matter only when no held word fits in it (a word no fact holds never finds,
    // `queryTermRoles`): the common-term share decides then.
    const fits = firstCounts.some((count) => count > 0 && count <= budget);
    const counts = fits ? firstCounts : await termCounts(tokens, termCountLimit(rows, findShare), rows);
    return queryTermRoles(tokens, counts, rows, findShare);
  };

  const categoryFilter = (category: FactCategory | undefined): SQL | undefined =>
    category === undefined ? undefined : eq(facts.category, assertEnum('category', category, FACT_CATEGORIES));

  /** `key ILIKE p OR value ILIKE p`: case-insensitive (Unicode lower case of the database's locale), wildcards escaped. */
  const containsText = (text: string): SQL => {
    const pattern = `%${escapeLike(text)}%`;
    return sql`(${facts.key} ILIKE ${pattern} OR ${facts.value} ILIKE ${pattern})`;
  };

  return {
    async upsert(input) {
      const category = assertEnum('category', input.category, FACT_CATEGORIES);
      const key = assertNoNul('key', assertText('key', input.key, MAX_NAME_LENGTH));
      const value = assertNoNul('value', assertText('value', input.value, MAX_VALUE_LENGTH));
      const confidence = assertConfidence('confidence', input.confidence ?? 1);
      const source = assertNoNul('source', assertText('source', input.source, MAX_NAME_LENGTH));
      const observedAt = observedAtOf(input);
      const now = nowIso(clock);
      const fields = {
        value,
        confidence,
        pinned: input.pinned ?? false,
        source,
        sourceRef: input.sourceRef ?? null,
        observedAt,
        embeddingStatus: 'pending',
        updatedAt: now,
        searchTerms: factSearchTerms({ key, value, category }),
      };
      // One statement, so two writers of the same new key cannot both insert: the second replaces. `created_at` is
      // not in the update, so a replaced fact keeps it; `xmax = 0` holds only for a row this statement inserted.
      const rows = await db
        .insert(facts)
        .values({ category, key, ...fields, createdAt: now })
        .onConflictDoUpdate({ target: [facts.category, facts.key, facts.principalId], set: fields })
        .returning({ ...RECORD_COLUMNS, inserted: sql<boolean>`(xmax = 0)` });
      const row = rows[0];
      if (row === undefined) throw new Error('facts upsert returned no row');
      const { inserted, ...fact } = row;
      return { fact: toRecord(fact), created: inserted };
    },

    get: (category, key) => get(category, key),

    async getById(id) {
      const rows = await db.select(RECORD_COLUMNS).from(facts).where(eq(facts.id, id));
      return rows[0] === undefined ? undefined : toRecord(rows[0]);
    },

    async getMany(ids) {
      if (ids.length === 0) return [];
      const rows = await db.select(RECORD_COLUMNS).from(facts).where(inArray(facts.id, [...new Set(ids)]));
      return rows.map(toRecord);
    },

    async delete(category, key) {
      const validCategory = assertEnum('category', category, FACT_CATEGORIES);
      if (key.includes('\0')) return undefined;
      const rows = await db
        .delete(facts)
        .where(and(eq(facts.category, validCategory), eq(facts.key, key)))
        .returning(RECORD_COLUMNS);
      return rows[0] === undefined ? undefined : toRecord(rows[0]);
    },

    async list(filters, request) {
      if (filters.category !== undefined) assertEnum('category', filters.category, FACT_CATEGORIES);
      const window = openPage(request, FACT_LIST_LIMITS, 'facts', filters);
      const prefix = filters.prefix === undefined || filters.prefix === '' ? undefined : filters.prefix;
      const conditions = [
        filters.category === undefined ? undefined : eq(facts.category, filters.category),
        filters.pinned === undefined ? undefined : eq(facts.pinned, filters.pinned),
        // Characters, as SQLite's substr counts them; a prefix holding NUL matches no stored key.
        prefix === undefined ? undefined : prefix.includes('\0') ? sql`false` : sql`left(${facts.key}, ${[...prefix].length}) = ${prefix}`,
      ];
      const where = and(...conditions);
      // Code point order (the "C" collation), as SQLite's BINARY collation sorts, whatever the database's locale.
      const rows = await db
        .select(RECORD_COLUMNS)
        .from(facts)
        .where(where)
        .orderBy(asc(facts.category), sql`${facts.key} COLLATE "C"`, asc(facts.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const total = await db.select({ n: sql<number>`count(*)::int` }).from(facts).where(where);
      return closePage(rows.map(toRecord), window, { total: total[0]?.n ?? 0 });
    },

    async allInCategory(category) {
      assertEnum('category', category, FACT_CATEGORIES);
      const rows = await db.select(RECORD_COLUMNS).from(facts).where(eq(facts.category, category));
      return rows.map(toRecord);
    },

    async observedIn(filters, limit) {
      const rows = await db
        .select(RECORD_COLUMNS)
        .from(facts)
        .where(and(categoryFilter(filters.category), observedFilter(filters.observed)))
        .orderBy(desc(OBSERVED_TIME), desc(facts.id))
        .limit(limit);
      return rows.map(toRecord);
    },

    async fullTextCandidates(query, options) {
      const category = categoryFilter(options.category);
      const tokens = ftsTokens(query);
      if (tokens.length === 0) return null;
      const selected = await queryTokens(tokens, options.findShare);
      const rankQuery = orStemQuery(selected.rank);
      // ts_rank with normalisation 1 (divided by 1 + log of the length): more query words and more occurrences
      // rank higher, long facts a little lower — the clear cases of bm25, without its per-term document counts.
      const rows = await candidates.db
        .select({ id: facts.id })
        .from(facts)
        .where(and(matches(orStemQuery(selected.find)), category, observedFilter(options.observed), own()))
        .orderBy(desc(sql`ts_rank(${facts.searchVector}, to_tsquery('simple', ${rankQuery}), 1)`), asc(facts.id))
        .limit(options.limit);
      return rows.map((row) => row.id);
    },

    async substringCandidates(query, options) {
      const category = categoryFilter(options.category);
      // No stored text holds a NUL (upsert refuses it), and PostgreSQL refuses one in a parameter.
      const text = query.replace(/\0/g, '').trim();
      if (text === '') return [];
      const rows = await candidates.db
        .select({ id: facts.id })
        .from(facts)
        .where(and(containsText(text), category, observedFilter(options.observed), own()))
        .orderBy(sql`(lower(${facts.key}) = lower(${text})) DESC`, desc(facts.updatedAt), desc(facts.id))
        .limit(options.limit);
      return rows.map((row) => row.id);
    },

    async hebrewWordCandidates(query, options) {
      const category = categoryFilter(options.category);
      const stems = [
        ...new Set(
          ftsTokens(query)
            .filter(isHebrewWord)
            .map(hebrewStem)
            .filter((stem) => [...stem].length >= 3),
        ),
      ];
      if (stems.length === 0) return [];
      const conditions = stems.map(containsText);
      // Most stems found first, then the shortest fact (bm25's length normalisation in its simplest form).
      const found = sql.join(
        conditions.map((condition) => sql`(CASE WHEN ${condition} THEN 1 ELSE 0 END)`),
        sql` + `,
      );
      const rows = await candidates.db
        .select({ id: facts.id })
        .from(facts)
        .where(and(sql`(${sql.join(conditions, sql` OR `)})`, category, observedFilter(options.observed), own()))
        .orderBy(desc(found), sql`length(${facts.key}) + length(${facts.value})`, desc(facts.id))
        .limit(options.limit);
      return rows.map((row) => row.id);
    },

    setEmbeddingStatus: (id, status, ifUpdatedAt) => setEmbeddingStatus(id, status, ifUpdatedAt),

    /**
     * PostgreSQL has no database-wide write lock to find busy; the row's lock is the one a writer holds. `FOR UPDATE
     * NOWAIT` takes it or fails at once (`lock_timeout = 0` would mean "wait forever"), and a fact locked by another
     * writer is left 'pending' for a later search to catch up: false, not an error.
     */
    async markEmbeddedIfFree(id, ifUpdatedAt) {
      try {
        return await db.transaction(async (tx) => {
          const locked = await tx.execute(sql`SELECT 1 FROM ${facts} WHERE ${facts.id} = ${id} AND ${facts.updatedAt} = ${ifUpdatedAt} FOR UPDATE NOWAIT`);
          if (locked.rows.length === 0) return false;
          await tx.update(facts).set({ embeddingStatus: 'ok' }).where(eq(facts.id, id));
          return true;
        });
      } catch (error) {
        if (sqlState(error) === LOCK_NOT_AVAILABLE) return false;
        throw error;
      }
    },

    async count() {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(facts);
      return rows[0]?.n ?? 0;
    },

    async hasAnyFact() {
      const rows = await db.select({ id: facts.id }).from(facts).limit(1);
      return rows.length > 0;
    },

    async pendingEmbedding(limit) {
      const rows = await db.select(RECORD_COLUMNS).from(facts).where(eq(facts.embeddingStatus, 'pending')).orderBy(asc(facts.id)).limit(limit);
      return rows.map(toRecord);
    },
  };
}
