/**
 * The documents' `ChunkStore` port on PostgreSQL (ADR 0067): the `document_chunks` table with its pgvector HNSW
 * (cosine) index and its `tsvector` columns over the analysed terms (`chunkSearchTerms`), and the `vector_spaces` row
 * that keeps vectors of two embedders apart. It returns the same candidate lists as the LanceDB table — keyword hits
 * scored with BM25 (body, plus `TITLE_WEIGHT` times the title's), vector hits scored with cosine similarity — and the
 * documents library ranks them with the same shared code, floors and fusion.
 *
 * BM25 is computed here (`ts_rank` is not BM25): the query's lexemes are those `to_tsvector('simple', …)` makes of
 * its terms, each with its document frequency (counted through the GIN index, or taken from the planner's statistics
 * for a very common lexeme); a row's length is its tsvector's `length()` (distinct terms). The number of rows and the
 * average length are read at most every `CORPUS_STATS_TTL_MS` (and after this store writes), as full-text engines
 * refresh theirs when they merge segments rather than on every commit. On a large table a search scores a bounded
 * number of rows (see `#bm25`), where LanceDB's index prunes with block-max bounds instead (ADR 0067).
 *
 * In team mode the searches run on the candidate sessions, not bound by row-level security (under a policy neither
 * the GIN nor the prefix index could serve them), with the caller's principal named; they return ids and scores, and
 * the chunks' text is read by id on a bound session (ADR 0079).
 */
import { escapeLike } from '@chief-of-staff/core';
import {
  CHUNK_TABLE_SCHEMA_VERSION,
  chunkId,
  chunkTextHash,
  TITLE_WEIGHT,
  type ChunkFilter,
  type ChunkHit,
  type ChunkKind,
  type ChunkRecord,
  type ChunkStore,
  type ChunkStoreState,
  type ChunkTextQuery,
  type Embedder,
} from '@chief-of-staff/documents';
import type { DocType } from '@chief-of-staff/stores';
import type { PostgresDatabase } from '../open-postgres.js';
import { chunkSearchTerms } from '../search-terms.js';
import {
  assertWritableSpace,
  efSearchFor,
  hasIterativeScans,
  inTransaction,
  parseVector,
  readVectorSpaceState,
  recordVectorSpace,
  vectorLiteral,
  withVectorSearchSettings,
  type Queryable,
  type VectorSpaceRow,
} from './vector-space-row.js';

const DOCUMENT_CHUNKS: VectorSpaceRow = { tableName: 'document_chunks', label: 'document vectors', schemaVersion: CHUNK_TABLE_SCHEMA_VERSION };

/** BM25's term-frequency saturation and length normalisation: the usual values, which LanceDB's index also uses. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/** How long the row count, average lengths and common lexemes that BM25 needs are reused before they are read again. */
export const CORPUS_STATS_TTL_MS = 30_000;
/**
 * A query lexeme found in more rows than this only ranks the rows its rarer companions find, as the facts adapter
 * does with its common terms: a word in a large share of the chunks would otherwise make every search score them all.
 */
export const FIND_MAX_ROWS = 1_000;
/** Document frequencies remembered between two readings of the statistics. */
const COUNTED_LEXEMES_KEPT = 10_000;
/**
 * Team mode counts a lexeme's document frequency in the person's rows up to this many: beyond it a word is so common
 * for them that the difference in its (tiny) idf does not change their ranking, and the count stays bounded.
 */
const PRINCIPAL_DF_CAP = 5_001;
/** People whose statistics are kept at once (the cache starts again beyond it). */
const PRINCIPAL_STATS_KEPT = 1_000;
/** The most rows one keyword search scores with BM25 (the best of them by an idf-weighted `ts_rank` when more match). */
export const CANDIDATE_ROWS = 5_000;
/** Rows per INSERT statement: the parameters of one statement stay a few megabytes. */
const INSERT_SLICE = 500;

/** The two keyword columns: the analysed terms (of the text, of the title) and their `tsvector`s. */
const TEXT_COLUMNS = {
  body: { terms: 'terms', vector: 'terms_vector' },
  title: { terms: 'title_terms', vector: 'title_terms_vector' },
} as const;
type TextColumn = keyof typeof TEXT_COLUMNS;

const RESULT_COLUMNS = 'id, document_id, chunk_index, kind, path, source_name, doc_type, text';

interface HitRow {
  id: string;
  document_id: string | number;
  chunk_index: number;
  kind: string;
  path: string;
  source_name: string;
  doc_type: string;
  text: string;
  score: number | string;
}

/** A search's hit on the candidate sessions: the chunk's id and score, its content read on a bound session. */
interface ScoredId {
  id: string;
  score: number | string;
}

/** `conditions` and `principal_id = <principal>` (a parameter numbered after theirs), when there is a principal. */
function withPrincipal(conditions: { sql: string; values: unknown[] } | undefined, principal: string | undefined, firstParameter: number): { sql: string; values: unknown[] } | undefined {
  if (conditions === undefined || principal === undefined) return conditions;
  return { sql: `${conditions.sql} AND principal_id = $${firstParameter + conditions.values.length}`, values: [...conditions.values, principal] };
}

function toHit(row: HitRow): ChunkHit {
  return {
    id: row.id,
    documentId: Number(row.document_id),
    chunkIndex: row.chunk_index,
    kind: row.kind as ChunkKind,
    path: row.path,
    sourceName: row.source_name,
    docType: row.doc_type as DocType,
    text: row.text,
    score: Number(row.score),
  };
}

/** PostgreSQL text cannot hold U+0000: stored text drops it (the text hash is of the original, so reuse still finds it). */
function storable(text: string): string {
  return text.includes('\0') ? text.replace(/\0/g, '') : text;
}

/**
 * The WHERE conditions of a filter, their parameters numbered from `firstParameter`; undefined when nothing can
 * match (a path prefix holding U+0000, which no stored path has and PostgreSQL refuses as a parameter).
 */
function filterConditions(filter: ChunkFilter, firstParameter: number): { sql: string; values: unknown[] } | undefined {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (condition: (parameter: string) => string, value: unknown): void => {
    values.push(value);
    conditions.push(condition(`$${firstParameter + values.length - 1}`));
  };
  add((p) => `kind = ${p}`, filter.kind);
  if (filter.pathPrefix !== undefined && filter.pathPrefix !== '') {
    if (filter.pathPrefix.includes('\0')) return undefined;
    // LIKE with the pattern characters escaped: a literal, case-sensitive prefix that the text_pattern_ops index serves.
    add((p) => `path LIKE ${p} ESCAPE '\\'`, `${escapeLike(filter.pathPrefix)}%`);
  }
  if (filter.docType !== undefined) add((p) => `doc_type = ${p}`, filter.docType);
  if (filter.modifiedFromMs !== undefined) add((p) => `modified_at_ms >= ${p}`, filter.modifiedFromMs);
  if (filter.modifiedBeforeMs !== undefined) add((p) => `modified_at_ms < ${p}`, filter.modifiedBeforeMs);
  return { sql: conditions.join(' AND '), values };
}

interface ColumnStats {
  /** Average `length()` of the column's tsvector (distinct terms per row). */
  averageLength: number;
  /** Lexemes the planner's statistics (`pg_stats.most_common_elems`) put in more than FIND_MAX_ROWS rows, with that estimate. */
  common: Map<string, number>;
  /** Document frequencies counted since the statistics were read (dropped with them: after a write or the TTL). */
  counted: Map<string, number>;
}

interface CorpusStats {
  rows: number;
  columns: Record<TextColumn, ColumnStats>;
  readAt: number;
}

/** Tables with fewer rows than this are measured exactly; larger ones from a sample and the planner's statistics. */
const EXACT_STATS_ROWS = 20_000;

/**
 * The statistics BM25 needs: rows, average tsvector lengths (exact on a small table, from a sample of about 2,000 rows
 * on a large one) and the lexemes the planner's statistics say are common (from the last ANALYZE).
 */
async function readCorpusStats(pool: PostgresDatabase['pool']): Promise<CorpusStats> {
  const estimate = await pool.query<{ reltuples: number }>("SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = 'document_chunks'::regclass");
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
    columns: {
      body: { averageLength: averages.rows[0]?.body ?? 0, common: commonOf('terms_vector'), counted: new Map() },
      title: { averageLength: averages.rows[0]?.title ?? 0, common: commonOf('title_terms_vector'), counted: new Map() },
    },
    readAt: performance.now(),
  };
}

export interface PostgresChunkStoreOptions {
  /** The embedder whose vectors this store holds (the `vector_spaces` row records its id). */
  embedder: Embedder;
}

/** The `document_chunks` table as a `ChunkStore`. The catalogue (`documents`) must live in the same database. */
export class PostgresChunkStore implements ChunkStore {
  readonly label = DOCUMENT_CHUNKS.label;
  readonly #database: PostgresDatabase;
  readonly #embedder: Embedder;
  #stats: Promise<CorpusStats> | undefined;
  /** Team mode: each person's statistics (BM25 over their rows alone). */
  readonly #principalStatsCache = new Map<string, { stats: Promise<CorpusStats>; readAt: number }>();
  #iterative: Promise<boolean> | undefined;

  constructor(database: PostgresDatabase, options: PostgresChunkStoreOptions) {
    this.#database = database;
    this.#embedder = options.embedder;
  }

  state(): Promise<ChunkStoreState> {
    return readVectorSpaceState(this.#database.pool, DOCUMENT_CHUNKS, this.#embedder);
  }

  async replaceDocuments(documentIds: readonly number[], rows: readonly ChunkRecord[]): Promise<void> {
    if (documentIds.length === 0) return;
    await inTransaction(this.#database.pool, async (client) => {
      await assertWritableSpace(client, DOCUMENT_CHUNKS, this.#embedder);
      await client.query('DELETE FROM document_chunks WHERE document_id = ANY($1::bigint[])', [documentIds]);
      await this.#insert(client, rows);
    });
    this.#stats = undefined;
    this.#principalStatsCache.clear();
  }

  async insertNewDocuments(rows: readonly ChunkRecord[]): Promise<void> {
    if (rows.length === 0) return;
    await inTransaction(this.#database.pool, async (client) => {
      await assertWritableSpace(client, DOCUMENT_CHUNKS, this.#embedder);
      await this.#insert(client, rows);
    });
    this.#stats = undefined;
    this.#principalStatsCache.clear();
  }

  /** Inserts the rows; an id already stored is left alone (another writer of the same new document came first). */
  async #insert(client: Queryable, rows: readonly ChunkRecord[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_SLICE) {
      const slice = rows.slice(start, start + INSERT_SLICE);
      const column = <T>(value: (row: ChunkRecord) => T): T[] => slice.map(value);
      await client.query(
        `INSERT INTO document_chunks (id, document_id, chunk_index, kind, path, source_name, doc_type, title, text, terms,
           title_terms, content_hash, text_hash, size_bytes, modified_at_ms, ingested_at_ms, vector)
         SELECT id, document_id, chunk_index, kind, path, source_name, doc_type, title, text, terms, title_terms,
           content_hash, text_hash, size_bytes, modified_at_ms, ingested_at_ms, vector::vector
         FROM unnest($1::text[], $2::bigint[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
           $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::bigint[], $15::bigint[], $16::bigint[],
           $17::text[])
           AS r(id, document_id, chunk_index, kind, path, source_name, doc_type, title, text, terms, title_terms,
             content_hash, text_hash, size_bytes, modified_at_ms, ingested_at_ms, vector)
         ON CONFLICT (id) DO NOTHING`,
        [
          column((row) => chunkId(row.documentId, row.chunkIndex)),
          column((row) => row.documentId),
          column((row) => row.chunkIndex),
          column((row) => row.kind),
          column((row) => row.path),
          column((row) => row.sourceName),
          column((row) => row.docType),
          column((row) => storable(row.title)),
          column((row) => storable(row.text)),
          column((row) => storable(chunkSearchTerms(row.text))),
          column((row) => storable(chunkSearchTerms(row.title))),
          column((row) => row.contentHash),
          column((row) => chunkTextHash(row.text)),
          column((row) => row.sizeBytes),
          column((row) => row.modifiedAtMs),
          column((row) => row.ingestedAtMs),
          column((row) => vectorLiteral(row.vector)),
        ],
      );
    }
  }

  async vectorsByTextHash(hashes: readonly string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    if (hashes.length === 0) return found;
    if ((await this.state()).status !== 'ok') return found;
    const { rows } = await this.#database.pool.query<{ text_hash: string; vector: string }>(
      'SELECT DISTINCT ON (text_hash) text_hash, vector::text AS vector FROM document_chunks WHERE text_hash = ANY($1::text[])',
      [hashes],
    );
    for (const row of rows) found.set(row.text_hash, parseVector(row.vector));
    return found;
  }

  async deleteDocuments(documentIds: readonly number[]): Promise<number> {
    if (documentIds.length === 0) return 0;
    const result = await this.#database.pool.query('DELETE FROM document_chunks WHERE document_id = ANY($1::bigint[])', [documentIds]);
    this.#stats = undefined;
    this.#principalStatsCache.clear();
    return result.rowCount ?? 0;
  }

  async countChunks(documentId: number): Promise<number> {
    const { rows } = await this.#database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM document_chunks WHERE document_id = $1 AND kind = 'chunk'",
      [documentId],
    );
    return rows[0]?.n ?? 0;
  }

  async count(): Promise<number> {
    const { rows } = await this.#database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM document_chunks');
    return rows[0]?.n ?? 0;
  }

  /**
   * BM25 over the body's terms plus `titleWeight` (default TITLE_WEIGHT) times BM25 over the title's, each column
   * searched on its own and added up here, as the LanceDB table does; a chunk found only through its title counts.
   */
  async textSearch(query: ChunkTextQuery, filter: ChunkFilter, limit: number): Promise<ChunkHit[]> {
    if (query.terms.trim() === '' || limit <= 0) return [];
    const titleWeight = query.titleWeight ?? TITLE_WEIGHT;
    const [body, title] = await Promise.all([
      this.#bm25('body', query.terms, filter, limit),
      titleWeight > 0 ? this.#bm25('title', query.terms, filter, limit) : [],
    ]);
    const hits = new Map(body.map((hit) => [hit.id, hit]));
    for (const hit of title) {
      const found = hits.get(hit.id);
      hits.set(hit.id, { ...(found ?? hit), score: (found?.score ?? 0) + titleWeight * hit.score });
    }
    return [...hits.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, limit);
  }

  /**
   * BM25 candidates of one column. The rows holding any query lexeme found in at most FIND_MAX_ROWS rows are scored
   * (only the rarest lexeme finds when every one is more common than that: a word in most chunks finds nothing on its
   * own), over every query lexeme; when those rows could be more than CANDIDATE_ROWS, the CANDIDATE_ROWS best by an
   * idf-weighted `ts_rank` are. A lexeme's frequency in a row is counted in the row's terms text (the terms are
   * space-separated, as the tsvector was built from them), which costs far less than unnesting the tsvector.
   */
  async #bm25(column: TextColumn, terms: string, filter: ChunkFilter, limit: number): Promise<ChunkHit[]> {
    const { vector, terms: termsColumn } = TEXT_COLUMNS[column];
    const { pool, principal } = this.#database.candidates;
    const mine = principal();
    // In team mode a person's scores come from their own rows only: the table's row count, lengths and common words
    // would otherwise let one person's documents move another's scores and so reveal their words (ADR 0096).
    const stats = mine === undefined ? await this.#corpusStats() : await this.#principalStats(mine);
    const { common, counted } = stats.columns[column];
    const known = (lexeme: string): number | undefined => common.get(lexeme) ?? counted.get(lexeme);
    // The query's lexemes as the column's tsvector holds them, quoted for a tsquery, with their document frequencies
    // (counted through the GIN index unless the statistics already say they are common, or they were counted lately).
    const lexemes = await pool.query<{ lexeme: string; quoted: string; df: number | null }>(
      `WITH q AS (
         SELECT lexeme, '''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''' AS quoted
         FROM unnest(to_tsvector('simple', $1))
       )
       SELECT lexeme, quoted,
         CASE WHEN lexeme = ANY($2::text[]) THEN NULL
              ELSE (SELECT count(*)::int FROM (SELECT 1 FROM document_chunks c WHERE c.${vector} @@ q.quoted::tsquery${mine === undefined ? '' : ` AND c.principal_id = $3 LIMIT ${PRINCIPAL_DF_CAP}`}) AS m) END AS df
       FROM q`,
      mine === undefined ? [storable(terms), [...common.keys(), ...counted.keys()]] : [storable(terms), [...common.keys(), ...counted.keys()], mine],
    );
    for (const row of lexemes.rows) {
      // A person's counts are not kept for the next person's search.
      if (row.df !== null && mine === undefined && counted.size < COUNTED_LEXEMES_KEPT) counted.set(row.lexeme, row.df);
    }
    const found = lexemes.rows
      .map((row) => ({ lexeme: row.lexeme, quoted: row.quoted, df: row.df ?? (known(row.lexeme) as number) }))
      .filter((row) => row.df > 0);
    if (found.length === 0) return [];
    const where = withPrincipal(filterConditions(filter, 1), mine, 1);
    if (!where) return [];
    const rows = Math.max(stats.rows, ...found.map((row) => row.df));
    const idf = found.map((row) => Math.log(1 + (rows - row.df + 0.5) / (row.df + 0.5)));
    const rare = found.filter((row) => row.df <= FIND_MAX_ROWS);
    const finders = rare.length > 0 ? rare : [found.reduce((best, row) => (row.df < best.df ? row : best))];

    const values: unknown[] = [...where.values];
    const parameter = (value: unknown): string => {
      values.push(value);
      return `$${values.length}`;
    };
    const findQuery = parameter(finders.map((row) => row.quoted).join(' | '));
    const quoted = found.map((row) => parameter(row.quoted));
    const bounded =
      finders.reduce((sum, row) => sum + row.df, 0) > CANDIDATE_ROWS
        ? `ORDER BY ${found.map((_, index) => `${parameter(idf[index])}::float8 * ts_rank(${vector}, ${quoted[index]}::tsquery)`).join(' + ')} DESC
           LIMIT ${parameter(CANDIDATE_ROWS)}::int`
        : '';
    const k1 = parameter(BM25_K1);
    const b = parameter(BM25_B);
    const averageLength = parameter(Math.max(1, stats.columns[column].averageLength));
    // Each term between two spaces (the terms' single spaces doubled), so neighbouring repeats all count.
    const frequencies = found
      .map((row, index) => {
        const token = parameter(` ${row.lexeme} `);
        return `CASE WHEN c.terms_vector @@ ${quoted[index]}::tsquery
          THEN greatest(1, (octet_length(c.padded) - octet_length(replace(c.padded, ${token}::text, ''))) / octet_length(${token}::text))
          ELSE 0 END AS tf${index}`;
      })
      .join(', ');
    const score = found
      .map((_, index) => `${parameter(idf[index])}::float8 * (t.tf${index} * (${k1}::float8 + 1))
          / (t.tf${index} + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * c.length / ${averageLength}::float8))`)
      .join(' + ');
    // MATERIALIZED: each row's tsvector and padded terms are read (and decompressed) once, not once per use; the
    // other columns are read for the best rows only.
    const { rows: hits } = await pool.query<HitRow | ScoredId>(
      `WITH candidates AS MATERIALIZED (
         SELECT id, ${vector} AS terms_vector, length(${vector}) AS length,
           ' ' || replace(${termsColumn}, ' ', '  ') || ' ' AS padded
         FROM document_chunks
         WHERE ${vector} @@ ${findQuery}::tsquery AND ${where.sql}
         ${bounded}
       ),
       best AS (
         SELECT c.id, ${score} AS score
         FROM candidates c
         CROSS JOIN LATERAL (SELECT ${frequencies}) AS t
         ORDER BY score DESC, c.id COLLATE "C"
         LIMIT ${parameter(limit)}::int
       )
       SELECT ${mine === undefined ? RESULT_COLUMNS.split(', ').map((name) => `d.${name}`).join(', ') : 'd.id'}, best.score
       FROM best JOIN document_chunks d ON d.id = best.id
       ORDER BY best.score DESC, best.id COLLATE "C"`,
      values,
    );
    return this.#withContent(hits, mine);
  }

  /**
   * One person's row count and average lengths (team mode), re-read after `CORPUS_STATS_TTL_MS` or a write of this
   * store. No common lexemes: every document frequency is counted in the person's rows (up to PRINCIPAL_DF_CAP).
   */
  #principalStats(principal: string): Promise<CorpusStats> {
    const cached = this.#principalStatsCache.get(principal);
    if (cached && performance.now() - cached.readAt < CORPUS_STATS_TTL_MS) return cached.stats;
    const stats = this.#database.candidates.pool
      .query<{ rows: number; body: number | null; title: number | null }>(
        `SELECT count(*)::int AS rows, avg(length(terms_vector))::float8 AS body, avg(length(title_terms_vector))::float8 AS title
         FROM document_chunks WHERE principal_id = $1`,
        [principal],
      )
      .then(({ rows: [row] }) => ({
        rows: row?.rows ?? 0,
        columns: {
          body: { averageLength: row?.body ?? 0, common: new Map<string, number>(), counted: new Map<string, number>() },
          title: { averageLength: row?.title ?? 0, common: new Map<string, number>(), counted: new Map<string, number>() },
        },
        readAt: performance.now(),
      }));
    if (this.#principalStatsCache.size >= PRINCIPAL_STATS_KEPT) this.#principalStatsCache.clear();
    this.#principalStatsCache.set(principal, { stats, readAt: performance.now() });
    stats.catch(() => this.#principalStatsCache.delete(principal));
    return stats;
  }

  /** The row count, average lengths and common lexemes, re-read after `CORPUS_STATS_TTL_MS` or a write of this store. */
  #corpusStats(): Promise<CorpusStats> {
    const cached = this.#stats;
    if (cached) {
      return cached.then((stats) => (performance.now() - stats.readAt < CORPUS_STATS_TTL_MS ? stats : this.#readCorpusStats()));
    }
    return this.#readCorpusStats();
  }

  #readCorpusStats(): Promise<CorpusStats> {
    // pg_stats hides a table whose row-level security is active: read on the candidate sessions (ADR 0079).
    const reading = readCorpusStats(this.#database.candidates.pool);
    this.#stats = reading;
    reading.catch(() => {
      if (this.#stats === reading) this.#stats = undefined;
    });
    return reading;
  }

  /** Nearest chunks by cosine distance under the HNSW index. Callers check `state()` first, as with LanceDB. */
  async vectorSearch(vector: Float32Array, filter: ChunkFilter, limit: number): Promise<ChunkHit[]> {
    if (limit <= 0) return [];
    const { pool, principal } = this.#database.candidates;
    const mine = principal();
    // The person's chunks only, as the HNSW scan's filter; iterative scans keep it going until `limit` pass.
    const where = withPrincipal(filterConditions(filter, 3), mine, 3);
    if (!where) return [];
    this.#iterative ??= hasIterativeScans(this.#database.pool);
    const iterative = await this.#iterative;
    const found = await withVectorSearchSettings(pool, efSearchFor(limit), iterative, async (client) => {
      const result = await client.query<HitRow | ScoredId>(
        `SELECT ${mine === undefined ? RESULT_COLUMNS : 'id'}, 1 - (vector <=> $1::vector) AS score
         FROM document_chunks
         WHERE ${where.sql}
         ORDER BY vector <=> $1::vector
         LIMIT $2`,
        [vectorLiteral(vector), limit, ...where.values],
      );
      return result.rows;
    });
    const rows = await this.#withContent(found, mine);
    // Iterative scans return rows in roughly, not exactly, ascending distance.
    return rows.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /**
   * The hits of a search: as they came when the query read the chunks (no principal to name), otherwise the chunks
   * read by id on a bound session, in the order of the scored ids (a chunk deleted meanwhile is left out).
   */
  async #withContent(rows: readonly (HitRow | ScoredId)[], principal: string | undefined): Promise<ChunkHit[]> {
    if (principal === undefined) return (rows as HitRow[]).map(toHit);
    if (rows.length === 0) return [];
    const { rows: chunks } = await this.#database.pool.query<Omit<HitRow, 'score'>>(
      `SELECT ${RESULT_COLUMNS} FROM document_chunks WHERE id = ANY($1::text[])`,
      [rows.map((row) => row.id)],
    );
    const byId = new Map(chunks.map((chunk) => [chunk.id, chunk]));
    return rows.flatMap((row) => {
      const chunk = byId.get(row.id);
      return chunk === undefined ? [] : [toHit({ ...chunk, score: row.score })];
    });
  }

  async recreate(): Promise<void> {
    await inTransaction(this.#database.pool, async (client) => {
      await client.query('DELETE FROM document_chunks');
      await recordVectorSpace(client, DOCUMENT_CHUNKS, this.#embedder);
    });
    this.#stats = undefined;
    this.#principalStatsCache.clear();
  }

  /** Refreshes the planner's statistics (after a large ingest the HNSW index is then chosen for filtered searches). */
  async optimize(): Promise<void> {
    await this.#database.pool.query('ANALYZE document_chunks');
    this.#stats = undefined;
    this.#principalStatsCache.clear();
  }
}
