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
import { bm25Idf } from '@chief-of-staff/ranking';
import {
  CHUNK_TABLE_SCHEMA_VERSION,
  chunkId,
  chunkTextHash,
  TITLE_WEIGHT,
  type ChunkFilter,
  type ChunkHit,
  type ChunkRecord,
  type ChunkStore,
  type ChunkStoreState,
  type ChunkTextQuery,
  type Embedder,
} from '@chief-of-staff/documents';
import type { PostgresDatabase } from '../open-postgres.js';
import { chunkSearchTerms } from '../search-terms.js';
import {
  bestOfHalves,
  bm25Query,
  COUNTED_LEXEMES_KEPT,
  CORPUS_STATS_TTL_MS,
  FIND_MAX_ROWS,
  PRINCIPAL_DF_CAP,
  readCorpusStats,
  splitByPages,
  TEXT_COLUMNS,
  type CorpusStats,
  type FoundLexeme,
  type TextColumn,
} from './chunk-bm25.js';
import { filterConditions, RESULT_COLUMNS, storable, toHit, withPrincipal, type HitRow, type ScoredId } from './chunk-rows.js';
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

/** Keyword terms whose lexemes are kept at once (the cache starts again beyond it). */
const PARSED_TERMS_KEPT = 1_000;

/** People whose statistics are kept at once (the cache starts again beyond it). */
const PRINCIPAL_STATS_KEPT = 1_000;

const DOCUMENT_CHUNKS: VectorSpaceRow = { tableName: 'document_chunks', label: 'document vectors', schemaVersion: CHUNK_TABLE_SCHEMA_VERSION };

/** Rows per INSERT statement: the parameters of one statement stay a few megabytes. */
const INSERT_SLICE = 500;


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
  /** Keyword terms → their lexemes as `to_tsvector('simple', …)` makes them (the same whatever the rows). */
  readonly #parsedTerms = new Map<string, { lexeme: string; quoted: string }[]>();

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
    const { pool, principal } = this.#database.candidates;
    const mine = principal();
    // In team mode a person's scores come from their own rows only: the table's row count, lengths and common words
    // would otherwise let one person's documents move another's scores and so reveal their words (ADR 0096).
    const stats = mine === undefined ? await this.#corpusStats() : await this.#principalStats(mine);
    const found = (await this.#lexemes(column, terms, stats, mine)).filter((row) => row.df > 0);
    if (found.length === 0) return [];
    const where = withPrincipal(filterConditions(filter, 1), mine, 1);
    if (!where) return [];
    const rows = Math.max(stats.rows, ...found.map((row) => row.df));
    const idf = found.map((row) => bm25Idf(rows, row.df));
    const rare = found.filter((row) => row.df <= FIND_MAX_ROWS);
    const finders = rare.length > 0 ? rare : [found.reduce((best, row) => (row.df < best.df ? row : best))];

    // One person's search runs whole: team mode's candidate sessions are few and shared by everybody.
    const parts = mine === undefined ? splitByPages(where, stats.pages, finders.reduce((sum, row) => sum + row.df, 0)) : [where];
    const results = await Promise.all(
      parts.map(async (part) => {
        const query = bm25Query({ column, where: part, found, finders, idf, averageLength: stats.columns[column].averageLength, limit, principal: mine });
        return (await pool.query<HitRow | ScoredId>(query.sql, query.values)).rows;
      }),
    );
    return this.#withContent(results.length === 1 ? (results[0] ?? []) : bestOfHalves(results, limit), mine);
  }

  /**
   * The query's lexemes as the column's tsvector holds them, quoted for a tsquery, with their document frequencies
   * (counted through the GIN index unless the statistics already say they are common, or they were counted lately).
   * Terms parsed before whose frequencies are all known need no statement (one person's only: team mode counts).
   */
  async #lexemes(column: TextColumn, terms: string, stats: CorpusStats, mine: string | undefined): Promise<FoundLexeme[]> {
    const { common, counted } = stats.columns[column];
    const known = (lexeme: string): number | undefined => common.get(lexeme) ?? counted.get(lexeme);
    const parsed = mine === undefined ? this.#parsedTerms.get(terms) : undefined;
    if (parsed?.every((row) => known(row.lexeme) !== undefined)) return parsed.map((row) => ({ ...row, df: known(row.lexeme) as number }));
    const { vector } = TEXT_COLUMNS[column];
    const lexemes = await this.#database.candidates.pool.query<{ lexeme: string; quoted: string; df: number | null }>(
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
    if (mine === undefined) {
      // A person's counts are not kept for the next person's search.
      for (const row of lexemes.rows) if (row.df !== null && counted.size < COUNTED_LEXEMES_KEPT) counted.set(row.lexeme, row.df);
      if (this.#parsedTerms.size >= PARSED_TERMS_KEPT) this.#parsedTerms.clear();
      this.#parsedTerms.set(terms, lexemes.rows.map(({ lexeme, quoted }) => ({ lexeme, quoted })));
    }
    return lexemes.rows.map((row) => ({ lexeme: row.lexeme, quoted: row.quoted, df: row.df ?? (known(row.lexeme) as number) }));
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
        pages: 0,
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
