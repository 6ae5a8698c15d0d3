/**
 * BM25 over the `document_chunks` tsvector columns (ADR 0067): its parameters, the corpus statistics it needs (row
 * count, average lengths, the planner's common lexemes) and the query that scores one column. `ts_rank` is not BM25,
 * so the score is computed in SQL from each lexeme's frequency in a row's terms and its idf.
 */
import { BM25 } from '@chief-of-staff/ranking';
import type { PostgresDatabase } from '../open-postgres.js';
import { RESULT_COLUMNS } from './chunk-rows.js';

/** BM25's term-frequency saturation and length normalisation: the ranking engine's, which LanceDB's index also uses. */
export const BM25_K1 = BM25.k1;
export const BM25_B = BM25.b;
/** How long the row count, average lengths and common lexemes that BM25 needs are reused before they are read again. */
export const CORPUS_STATS_TTL_MS = 30_000;
/**
 * A query lexeme found in more rows than this only ranks the rows its rarer companions find, as the facts adapter
 * does with its common terms: a word in a large share of the chunks would otherwise make every search score them all.
 */
export const FIND_MAX_ROWS = 1_000;
/** Document frequencies remembered between two readings of the statistics. */
export const COUNTED_LEXEMES_KEPT = 10_000;
/**
 * Team mode counts a lexeme's document frequency in the person's rows up to this many: beyond it a word is so common
 * for them that the difference in its (tiny) idf does not change their ranking, and the count stays bounded.
 */
export const PRINCIPAL_DF_CAP = 5_001;
/** The most rows one keyword search scores with BM25 (the best of them by an idf-weighted `ts_rank` when more match). */
export const CANDIDATE_ROWS = 5_000;

/** The two keyword columns: the analysed terms (of the text, of the title) and their `tsvector`s. */
export const TEXT_COLUMNS = {
  body: { terms: 'terms', vector: 'terms_vector' },
  title: { terms: 'title_terms', vector: 'title_terms_vector' },
} as const;
export type TextColumn = keyof typeof TEXT_COLUMNS;

export interface ColumnStats {
  /** Average `length()` of the column's tsvector (distinct terms per row). */
  averageLength: number;
  /** Lexemes the planner's statistics (`pg_stats.most_common_elems`) put in more than FIND_MAX_ROWS rows, with that estimate. */
  common: Map<string, number>;
  /** Document frequencies counted since the statistics were read (dropped with them: after a write or the TTL). */
  counted: Map<string, number>;
}

export interface CorpusStats {
  rows: number;
  /** The table's pages as the planner last counted them (0 when unknown, and in a person's statistics). */
  pages: number;
  columns: Record<TextColumn, ColumnStats>;
  readAt: number;
}

/** Tables with fewer rows than this are measured exactly; larger ones from a sample and the planner's statistics. */
const EXACT_STATS_ROWS = 20_000;

/**
 * The statistics BM25 needs: rows, average tsvector lengths (exact on a small table, from a sample of about 2,000 rows
 * on a large one) and the lexemes the planner's statistics say are common (from the last ANALYZE).
 */
export async function readCorpusStats(pool: PostgresDatabase['pool']): Promise<CorpusStats> {
  const estimate = await pool.query<{ reltuples: number; relpages: number }>(
    "SELECT reltuples::float8 AS reltuples, relpages FROM pg_class WHERE oid = 'document_chunks'::regclass",
  );
  const estimated = estimate.rows[0]?.reltuples ?? -1;
  const sampled = estimated >= EXACT_STATS_ROWS;
  const source = sampled ? `document_chunks TABLESAMPLE SYSTEM (${Math.min(100, (2_000 * 100) / estimated)})` : 'document_chunks';
  const [averages, common] = await Promise.all([
    pool.query<{ rows: number; body: number | null; title: number | null }>(
      `SELECT count(*)::int AS rows, avg(length(terms_vector))::float8 AS body, avg(length(title_terms_vector))::float8 AS title FROM ${source}`,
    ),
    pool.query<{ column: string; elems: string[] | null; freqs: number[] | null }>(
      `SELECT attname AS column, most_common_elems::text::text[] AS elems, most_common_elem_freqs::float8[] AS freqs
       FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'document_chunks' AND attname IN ('terms_vector', 'title_terms_vector')`,
    ),
  ]);
  const rows = sampled ? estimated : (averages.rows[0]?.rows ?? 0);
  const commonOf = (attname: string): Map<string, number> => {
    const entry = common.rows.find((row) => row.column === attname);
    const found = new Map<string, number>();
    entry?.elems?.forEach((lexeme, index) => {
      const df = (entry.freqs?.[index] ?? 0) * rows;
      if (df > FIND_MAX_ROWS) found.set(lexeme, df);
    });
    return found;
  };
  return {
    rows,
    pages: estimate.rows[0]?.relpages ?? 0,
    columns: {
      body: { averageLength: averages.rows[0]?.body ?? 0, common: commonOf('terms_vector'), counted: new Map() },
      title: { averageLength: averages.rows[0]?.title ?? 0, common: commonOf('title_terms_vector'), counted: new Map() },
    },
    readAt: performance.now(),
  };
}

/**
 * Rows found by the finders from which one search is scored by two statements at once, each over half of the table's
 * pages: scoring costs about 30 µs a row (reading the row's tsvector out of TOAST is half of it), so 2,300 rows took
 * one core 70 ms while the other waited. Below this, the second statement's fixed cost outweighs what it saves.
 */
export const SPLIT_ROWS = 1_000;

/**
 * The filter's conditions once per half of the table (`ctid` below, then from, the middle page), when a search over
 * `finderRows` rows is worth splitting: not when the best CANDIDATE_ROWS by `ts_rank` are kept (the halves would each
 * keep their own), and not on a table the planner has not counted yet.
 */
export function splitByPages(where: { sql: string; values: unknown[] }, pages: number, finderRows: number): { sql: string; values: unknown[] }[] {
  if (finderRows < SPLIT_ROWS || finderRows > CANDIDATE_ROWS || pages < 2) return [where];
  const middle = `(${Math.floor(pages / 2)},0)`;
  const parameter = `$${where.values.length + 1}::tid`;
  // IS TRUE: the planner does not make such a condition a TID range scan, which would test every row of the half
  // (fetching each one's tsvector) instead of the rows the index finds.
  return [
    { sql: `${where.sql} AND (ctid < ${parameter}) IS TRUE`, values: [...where.values, middle] },
    { sql: `${where.sql} AND (ctid >= ${parameter}) IS TRUE`, values: [...where.values, middle] },
  ];
}

/**
 * The best `limit` rows of the halves' results, in the statement's order (score, then id in byte order). A row a
 * concurrent write moved from one half to the other may come from both: it is kept once.
 */
export function bestOfHalves<T extends { id: string; score: number | string }>(halves: readonly (readonly T[])[], limit: number): T[] {
  const rows = new Map<string, T>();
  for (const row of halves.flat()) if (!rows.has(row.id)) rows.set(row.id, row);
  return [...rows.values()].sort((a, b) => Number(b.score) - Number(a.score) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, limit);
}

/** A query lexeme of a BM25 search: as the tsvector holds it, quoted for a tsquery, and its document frequency. */
export interface FoundLexeme {
  lexeme: string;
  quoted: string;
  df: number;
}

export interface Bm25QueryInput {
  column: TextColumn;
  /** The filter's conditions (parameters from $1), the caller's principal included in team mode. */
  where: { sql: string; values: unknown[] };
  found: readonly FoundLexeme[];
  /** The lexemes whose rows are scored (the rare ones, else the rarest). */
  finders: readonly FoundLexeme[];
  /** Each found lexeme's idf, in the same order. */
  idf: readonly number[];
  averageLength: number;
  limit: number;
  /** Team mode: only ids and scores are read, the content later on a bound session. */
  principal: string | undefined;
}

/**
 * The SQL that scores one column with BM25: the rows the finders match (the CANDIDATE_ROWS best by an idf-weighted
 * `ts_rank` when they could be more), each query lexeme's frequency counted in the row's terms text.
 *
 * A row's tsvector is stored out of line (TOAST, about 2 kB for a 200-word chunk), and every function given the
 * stored column fetches it again: the query therefore copies it once per row (`tsvector || ''`, an identical value in
 * memory) and uses the copy, and computes each frequency once (a stage of its own), not once per use in the score.
 * Measured at 100,000 chunks (ADR 0067, amendment): 67,000 buffer accesses for a search of 2,300 rows before,
 * 11,500 after.
 */
export function bm25Query({ column, where, found, finders, idf, averageLength, limit, principal }: Bm25QueryInput): { sql: string; values: unknown[] } {
  const { vector, terms: termsColumn } = TEXT_COLUMNS[column];
  const values: unknown[] = [...where.values];
  const parameter = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  const findQuery = parameter(finders.map((row) => row.quoted).join(' | '));
  const quoted = found.map((row) => parameter(row.quoted));
  const bounded = finders.reduce((sum, row) => sum + row.df, 0) > CANDIDATE_ROWS;
  // Only the best CANDIDATE_ROWS by the idf-weighted ts_rank go on; the rest are never scored.
  const ranked = bounded ? `CROSS JOIN LATERAL (SELECT ${vector} || ''::tsvector AS ranked_vector OFFSET 0) AS r` : '';
  const bound = bounded
    ? `ORDER BY ${found.map((_, index) => `${parameter(idf[index])}::float8 * ts_rank(r.ranked_vector, ${quoted[index]}::tsquery)`).join(' + ')} DESC
       LIMIT ${parameter(CANDIDATE_ROWS)}::int`
    : '';
  const k1 = parameter(BM25_K1);
  const b = parameter(BM25_B);
  const averageLengthParameter = parameter(Math.max(1, averageLength));
  const frequencies = found.map((row, index) => `CASE WHEN v.row_vector @@ ${quoted[index]}::tsquery
        THEN greatest(1, ${occurrences(row.lexeme, parameter)}) ELSE 0 END AS tf${index}`).join(', ');
  const score = found
    .map((_, index) => `${parameter(idf[index])}::float8 * (t.tf${index} * (${k1}::float8 + 1))
        / (t.tf${index} + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * t.length / ${averageLengthParameter}::float8))`)
    .join(' + ');
  // candidates: the rows found (their stored tsvector and terms not yet read); frequencies: one copy of each row's
  // tsvector and spaced terms (OFFSET 0 keeps the planner from repeating the expressions per use), MATERIALIZED so
  // the score reads each frequency computed once; the other columns are read for the best rows only.
  return {
    sql: `WITH candidates AS (
       SELECT id, ${vector} AS stored_vector, ${termsColumn} AS terms
       FROM document_chunks ${ranked}
       WHERE ${vector} @@ ${findQuery}::tsquery AND ${where.sql}
       ${bound}
     ),
     frequencies AS MATERIALIZED (
       SELECT c.id, length(v.row_vector) AS length, ${frequencies}
       FROM candidates c
       CROSS JOIN LATERAL (
         SELECT c.stored_vector || ''::tsvector AS row_vector, ' ' || c.terms || ' ' AS spaced OFFSET 0
       ) AS v
     ),
     best AS (
       SELECT t.id, ${score} AS score
       FROM frequencies t
       ORDER BY score DESC, t.id COLLATE "C"
       LIMIT ${parameter(limit)}::int
     )
     SELECT ${principal === undefined ? RESULT_COLUMNS.split(', ').map((name) => `d.${name}`).join(', ') : 'd.id'}, best.score
     FROM best JOIN document_chunks d ON d.id = best.id
     ORDER BY best.score DESC, best.id COLLATE "C"`,
    values,
  };
}

/**
 * SQL counting a lexeme's occurrences among the space-separated terms (`v.spaced`: the terms between two spaces;
 * `c.terms`: as stored). `replace` finds non-overlapping matches, so ' x ' misses the second of two neighbouring x
 * (they share a space); that happens only where ' x x ' occurs, and only there are the spaces doubled first — which
 * costs a copy of the whole text — so every repeat is counted either way. A lexeme holding a space (the parser makes
 * none) always takes the doubled spaces, which such a lexeme never matches.
 */
function occurrences(lexeme: string, parameter: (value: unknown) => string): string {
  const token = parameter(` ${lexeme} `);
  const doubled = `(octet_length(' ' || replace(c.terms, ' ', '  ') || ' ') - octet_length(replace(' ' || replace(c.terms, ' ', '  ') || ' ', ${token}::text, ''))) / octet_length(${token}::text)`;
  if (lexeme.includes(' ')) return doubled;
  return `CASE WHEN strpos(v.spaced, ${parameter(` ${lexeme} ${lexeme} `)}::text) = 0
          THEN (octet_length(v.spaced) - octet_length(replace(v.spaced, ${token}::text, ''))) / octet_length(${token}::text)
          ELSE ${doubled} END`;
}
