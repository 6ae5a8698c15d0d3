/**
 * The memory store's `FactVectorIndex` port on PostgreSQL (ADR 0067): fact vectors in `fact_vectors` (pgvector, HNSW
 * cosine), written by the embedder passed in. As with the LanceDB index, upserts made within a few milliseconds share
 * one embedding call and one statement, a fact whose text and category are already stored is not embedded again,
 * query vectors are cached by text, and the `vector_spaces` row refuses vectors of another embedder with the "run
 * `cos reindex`" message until `reindex()` rebuilds the table. A vector whose fact was deleted meanwhile is dropped,
 * not written (the table's foreign key would refuse it).
 */
import { createHash } from 'node:crypto';
import { ToolError } from '@chief-of-staff/core';
import { embedderMismatchError, factEmbeddingText, QueryEmbeddingCache, REINDEX_HINT, vectorSpaceOf, type Embedder } from '@chief-of-staff/documents';
import type { FactCategory, FactToEmbed, FactVectorIndex, FactVectorMatch } from '@chief-of-staff/stores';
import { FactVectorIndexClosedError } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
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

const FACT_VECTORS: VectorSpaceRow = { tableName: 'fact_vectors', label: 'fact vectors', schemaVersion: 1 };
/** Facts per embedding call and statement when `reindex()` rebuilds the table. */
const REINDEX_SLICE = 256;

function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

interface PendingUpsert {
  fact: FactToEmbed;
  sequence: number;
  waiters: { resolve(): void; reject(error: unknown): void }[];
}

export interface PostgresFactVectorIndexOptions {
  embedder: Embedder;
  /** Share the query cache with document search (same embedder). */
  queries?: QueryEmbeddingCache;
  /** How long an upsert waits for companions before the batch is written (default 10 ms). */
  batchDelayMs?: number;
}

export class PostgresFactVectorIndex implements FactVectorIndex {
  readonly #database: PostgresDatabase;
  readonly #embedder: Embedder;
  readonly #queries: QueryEmbeddingCache;
  readonly #batchDelayMs: number;
  readonly #pending = new Map<number, PendingUpsert>();
  /** Sequence number of each fact's latest delete, so an upsert taken before it cannot resurrect the vector. */
  readonly #deletedAt = new Map<number, number>();
  #sequence = 0;
  #flushesInFlight = 0;
  /** Facts whose batch is being embedded and written right now. */
  readonly #writing = new Set<number>();
  /** Flushes under way, awaited by `close()`. */
  readonly #flushing = new Set<Promise<void>>();
  /** Writes under way: a prompt close still waits for these (they take milliseconds). */
  readonly #writes = new Set<Promise<void>>();
  /** Set by a prompt close: vectors not yet embedded are left pending instead of written. */
  #abandoned = false;
  #timer: NodeJS.Timeout | undefined;
  #iterative: Promise<boolean> | undefined;

  constructor(database: PostgresDatabase, options: PostgresFactVectorIndexOptions) {
    this.#database = database;
    this.#embedder = options.embedder;
    this.#queries = options.queries ?? new QueryEmbeddingCache(options.embedder);
    this.#batchDelayMs = options.batchDelayMs ?? 10;
  }

  async search(query: string, options: { limit: number; category?: FactCategory }): Promise<FactVectorMatch[]> {
    if (!(await this.#readable()) || query.trim() === '' || options.limit <= 0) return [];
    const vector = await this.#queries.embedQuery(query);
    this.#iterative ??= hasIterativeScans(this.#database.pool);
    const iterative = await this.#iterative;
    // Nearest fact ids only, so on the candidate sessions with the caller's principal named (ADR 0079): the HNSW scan
    // filtered by it, and with iterative scans kept going until `limit` of the person's vectors pass.
    const { candidates } = this.#database;
    const params: unknown[] = [vectorLiteral(vector), options.limit];
    const filters: string[] = [];
    if (options.category !== undefined) filters.push(`category = $${params.push(options.category)}`);
    const principal = candidates.principal();
    if (principal !== undefined) filters.push(`principal_id = $${params.push(principal)}`);
    const where = filters.length === 0 ? '' : `WHERE ${filters.join(' AND ')}`;
    const rows = await withVectorSearchSettings(candidates.pool, efSearchFor(options.limit), iterative, async (client) => {
      const result = await client.query<{ fact_id: string | number; distance: number }>(
        `SELECT fact_id, vector <=> $1::vector AS distance FROM fact_vectors ${where} ORDER BY vector <=> $1::vector LIMIT $2`,
        params,
      );
      return result.rows;
    });
    return rows
      .map((row) => ({ factId: Number(row.fact_id), similarity: Math.round((1 - Number(row.distance)) * 1e6) / 1e6 }))
      .sort((a, b) => b.similarity - a.similarity || a.factId - b.factId);
  }

  async getVectors(factIds: readonly number[]): Promise<Map<number, Float32Array>> {
    const result = new Map<number, Float32Array>();
    if (factIds.length === 0 || !(await this.#readable())) return result;
    const { rows } = await this.#database.pool.query<{ fact_id: string | number; vector: string }>(
      'SELECT fact_id, vector::text AS vector FROM fact_vectors WHERE fact_id = ANY($1::bigint[])',
      [factIds],
    );
    for (const row of rows) result.set(Number(row.fact_id), parseVector(row.vector));
    return result;
  }

  upsertFact(fact: FactToEmbed): Promise<void> {
    if (this.#abandoned) return Promise.reject(new FactVectorIndexClosedError());
    return new Promise((resolve, reject) => {
      const entry = this.#pending.get(fact.id) ?? { fact, sequence: 0, waiters: [] };
      entry.fact = fact;
      entry.sequence = ++this.#sequence;
      entry.waiters.push({ resolve, reject });
      this.#pending.set(fact.id, entry);
      this.#timer ??= setTimeout(() => void this.#flush(), this.#batchDelayMs);
    });
  }

  isQueued(factId: number): boolean {
    return this.#pending.has(factId) || this.#writing.has(factId);
  }

  async deleteFact(factId: number): Promise<void> {
    const pending = this.#pending.get(factId);
    if (pending) {
      this.#pending.delete(factId);
      for (const waiter of pending.waiters) waiter.resolve();
    }
    // Only a batch already being embedded could still write this fact; remember the delete for it.
    if (this.#flushesInFlight > 0) this.#deletedAt.set(factId, ++this.#sequence);
    await this.#database.pool.query('DELETE FROM fact_vectors WHERE fact_id = $1', [factId]);
  }

  /** Writes pending upserts now; their embedding goes ahead of background work. */
  async flush(): Promise<void> {
    await this.#flush(true);
  }

  /**
   * Rebuilds the table for the configured embedder from the given facts (`cos reindex`). Returns the ids that now
   * have a vector; the caller marks them `embedding_status = ok`.
   */
  async reindex(facts: readonly FactToEmbed[], onProgress?: (done: number, total: number) => void): Promise<number[]> {
    await this.#flush();
    const done: number[] = [];
    await inTransaction(this.#database.pool, async (client) => {
      await client.query('DELETE FROM fact_vectors');
      await recordVectorSpace(client, FACT_VECTORS, this.#embedder);
    });
    for (let start = 0; start < facts.length; start += REINDEX_SLICE) {
      const slice = facts.slice(start, start + REINDEX_SLICE);
      const texts = slice.map(factEmbeddingText);
      const vectors = await this.#embedder.embed(texts);
      const written = await this.#write(
        this.#database.pool,
        slice.map((fact, index) => ({ fact, hash: textHash(texts[index] as string), vector: vectors[index] as Float32Array })),
      );
      done.push(...written);
      onProgress?.(done.length, facts.length);
    }
    return done;
  }

  /** Refreshes the planner's statistics of the table. */
  async optimize(): Promise<void> {
    await this.#database.pool.query('ANALYZE fact_vectors');
  }

  /**
   * Writes what is queued and waits for batches under way. With `promptly` (a process stopping on a signal) it waits
   * only for writes already started: vectors still waiting for the model stay pending for the catch-up.
   */
  async close(options: { promptly?: boolean } = {}): Promise<void> {
    if (options.promptly) {
      this.#abandoned = true;
      clearTimeout(this.#timer);
      this.#timer = undefined;
      const queued = [...this.#pending.values()];
      this.#pending.clear();
      for (const entry of queued) for (const waiter of entry.waiters) waiter.reject(new FactVectorIndexClosedError());
      await Promise.all(this.#writes);
    } else {
      await this.#flush();
      await Promise.all(this.#flushing);
    }
  }

  /** True when the table has vectors of this embedder; a mismatch throws the re-index message. */
  async #readable(): Promise<boolean> {
    const state = await readVectorSpaceState(this.#database.pool, FACT_VECTORS, this.#embedder);
    if (state.status === 'absent') return false;
    if (state.status === 'mismatch') {
      const error = embedderMismatchError(FACT_VECTORS.label, state.recorded, vectorSpaceOf(this.#embedder));
      // The memory store shows only the message, so the way out goes into it.
      throw new ToolError('CONFLICT', `${error.message} ${REINDEX_HINT}`, { details: error.details });
    }
    return true;
  }

  #flush(urgent = false): Promise<void> {
    const flushing = this.#flushBatch(urgent);
    this.#flushing.add(flushing);
    void flushing.finally(() => this.#flushing.delete(flushing));
    return flushing;
  }

  async #flushBatch(urgent: boolean): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = [...this.#pending.values()];
    this.#pending.clear();
    if (batch.length === 0) return;
    this.#flushesInFlight++;
    for (const entry of batch) this.#writing.add(entry.fact.id);
    try {
      await this.#writeBatch(batch, urgent);
      for (const entry of batch) for (const waiter of entry.waiters) waiter.resolve();
    } catch (error) {
      // After a prompt close the embedder is gone, so the batch fails for that reason only: the facts stay pending.
      const reason = this.#abandoned ? new FactVectorIndexClosedError() : error;
      for (const entry of batch) for (const waiter of entry.waiters) waiter.reject(reason);
    } finally {
      for (const entry of batch) this.#writing.delete(entry.fact.id);
      if (--this.#flushesInFlight === 0) this.#deletedAt.clear();
    }
  }

  async #writeBatch(batch: PendingUpsert[], urgent: boolean): Promise<void> {
    const pool = this.#database.pool;
    await assertWritableSpace(pool, FACT_VECTORS, this.#embedder);
    const texts = batch.map((entry) => factEmbeddingText(entry.fact));
    const hashes = texts.map(textHash);
    const { rows: existing } = await pool.query<{ fact_id: string | number; text_hash: string; category: string }>(
      'SELECT fact_id, text_hash, category FROM fact_vectors WHERE fact_id = ANY($1::bigint[])',
      [batch.map((entry) => entry.fact.id)],
    );
    const stored = new Map(existing.map((row) => [Number(row.fact_id), row]));
    // Facts whose text and category are already stored need no new vector.
    const changed = batch
      .map((entry, index) => ({ entry, text: texts[index] as string, hash: hashes[index] as string }))
      .filter(({ entry, hash }) => {
        const row = stored.get(entry.fact.id);
        return !row || row.text_hash !== hash || row.category !== entry.fact.category;
      });
    if (changed.length === 0) return;
    const vectors = await this.#embedder.embed(
      changed.map((item) => item.text),
      { urgent },
    );
    if (this.#abandoned) throw new FactVectorIndexClosedError();
    const rows = changed
      .map((item, index) => ({ ...item, vector: vectors[index] as Float32Array }))
      .filter(({ entry }) => (this.#deletedAt.get(entry.fact.id) ?? 0) < entry.sequence)
      .map(({ entry, hash, vector }) => ({ fact: entry.fact, hash, vector }));
    if (rows.length === 0) return;
    const writing = this.#write(pool, rows).then(() => undefined);
    this.#writes.add(writing);
    try {
      await writing;
    } finally {
      this.#writes.delete(writing);
    }
  }

  /** Upserts vectors in one statement, skipping facts no longer in `facts`; returns the ids written. */
  async #write(db: Queryable, rows: readonly { fact: FactToEmbed; hash: string; vector: Float32Array }[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const result = await db.query<{ fact_id: string | number }>(
      `INSERT INTO fact_vectors (fact_id, category, text_hash, vector)
       SELECT r.fact_id, r.category, r.text_hash, r.vector::vector
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS r(fact_id, category, text_hash, vector)
       WHERE EXISTS (SELECT 1 FROM facts WHERE facts.id = r.fact_id)
       ON CONFLICT (fact_id) DO UPDATE SET category = excluded.category, text_hash = excluded.text_hash, vector = excluded.vector
       RETURNING fact_id`,
      [rows.map((row) => row.fact.id), rows.map((row) => row.fact.category), rows.map((row) => row.hash), rows.map((row) => vectorLiteral(row.vector))],
    );
    return result.rows.map((row) => Number(row.fact_id));
  }
}
