/**
 * The fact vector index (`fact_vectors` in docs/reference/data-model.md#storage; list c of
 * docs/reference/algorithms.md#fact-ranking): implements the memory store's `FactVectorIndex` port over a LanceDB
 * table, with the same embedder as the documents. Writes are batched (facts stored within a few milliseconds share
 * one embedding call and one commit), unchanged texts are not re-embedded, query vectors are cached by text, and a
 * table built by another embedder is refused with the "run `cos reindex`" message until `reindex()` rebuilds it.
 */
import { createHash } from 'node:crypto';
import type { Table } from '@lancedb/lancedb';
import { ToolError } from '@chief-of-staff/core';
import type { FactCategory, FactToEmbed, FactVectorIndex, FactVectorMatch } from '@chief-of-staff/stores';
import { FactVectorIndexClosedError } from '@chief-of-staff/stores/adapter-kit';
import { type Embedder, embedderMismatchError, factEmbeddingText, QueryEmbeddingCache, REINDEX_HINT, vectorSpaceOf } from '@chief-of-staff/documents';
import type { BackgroundOptimizerOptions } from '../tables/background-optimizer.js';
import { loadLance, type ArrowModule } from '../tables/load-lance.js';
import { ReadLimit, VECTOR_SEARCHES_AT_ONCE } from '../tables/read-limit.js';
import { sqlInteger, sqlIntegerList, sqlString } from '../tables/sql-literal.js';
import { VECTOR_REFINE_FACTOR, VectorTable, type VectorDatabase, type VectorTableState } from '../tables/vector-table.js';

export const FACT_VECTORS_TABLE = 'fact_vectors';

function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

function buildFactSchema(arrow: ArrowModule, dims: number, metadata: Map<string, string>) {
  const { Field, FixedSizeList, Float32, Int64, Schema, Utf8 } = arrow;
  return new Schema(
    [
      new Field('fact_id', new Int64(), false),
      new Field('category', new Utf8(), false),
      new Field('text_hash', new Utf8(), false),
      new Field('vector', new FixedSizeList(dims, new Field('item', new Float32(), true)), false),
    ],
    metadata,
  );
}

interface PendingUpsert {
  fact: FactToEmbed;
  sequence: number;
  waiters: { resolve(): void; reject(error: unknown): void }[];
}

export interface LanceFactVectorIndexOptions {
  vectors: VectorDatabase;
  embedder: Embedder;
  /** Share the query cache with document search (same embedder). */
  queries?: QueryEmbeddingCache;
  /** How long an upsert waits for companions before the batch is written (default 10 ms). */
  batchDelayMs?: number;
  /**
   * Shortest time between the starts of two batches (default 1 s): under a steady stream of fact writes the vectors
   * of one second go into one commit. Every LanceDB commit costs memory that LanceDB 0.37 does not give back (about
   * 50 KB each, lancedb#2693), so a server storing facts all day would otherwise grow by megabytes a minute.
   */
  minBatchIntervalMs?: number;
  /** When writes trigger a background optimize (default: after 1,000 vectors, 5 s after the last write). */
  maintenance?: BackgroundOptimizerOptions;
}

/** How many facts' last written text hashes an index remembers (see `#writtenHashes`). */
const WRITTEN_HASHES_KEPT = 10_000;

export class LanceFactVectorIndex implements FactVectorIndex {
  readonly #table: VectorTable;
  readonly #embedder: Embedder;
  readonly #queries: QueryEmbeddingCache;
  readonly #batchDelayMs: number;
  readonly #minBatchIntervalMs: number;
  /** When the last batch started (performance.now()). */
  #lastBatchAt = -Infinity;
  readonly #searches = new ReadLimit(VECTOR_SEARCHES_AT_ONCE);
  readonly #pending = new Map<number, PendingUpsert>();
  /** Sequence number of each fact's latest delete, so an upsert taken before it cannot resurrect the vector. */
  readonly #deletedAt = new Map<number, number>();
  #sequence = 0;
  #flushesInFlight = 0;
  /** Facts whose batch is being embedded and written right now. */
  readonly #writing = new Set<number>();
  /** Flushes under way (the timer's and explicit ones), awaited by `close()`. */
  readonly #flushing = new Set<Promise<void>>();
  /** LanceDB writes under way: a prompt close still waits for these (they take milliseconds). */
  readonly #writes = new Set<Promise<void>>();
  /** The text hash this process last wrote for each fact (the latest ones): a re-upsert of the same text is not embedded ahead. */
  readonly #writtenHashes = new Map<number, string>();
  /** Set by a prompt close: vectors not yet embedded are left pending instead of written. */
  #abandoned = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: LanceFactVectorIndexOptions) {
    this.#embedder = options.embedder;
    this.#queries = options.queries ?? new QueryEmbeddingCache(options.embedder);
    this.#batchDelayMs = options.batchDelayMs ?? 10;
    this.#minBatchIntervalMs = options.minBatchIntervalMs ?? 1_000;
    this.#table = new VectorTable(options.vectors, options.embedder, {
      name: FACT_VECTORS_TABLE,
      label: 'fact vectors',
      schemaVersion: 1,
      buildSchema: buildFactSchema,
      maintenance: options.maintenance,
    });
  }

  state(): Promise<VectorTableState> {
    return this.#table.state();
  }

  /**
   * The facts nearest the query in meaning. The query goes to the model before anything is awaited: a caller runs its
   * synchronous full-text lists right after starting this (SQLite), and the model embeds on its own thread meanwhile
   * instead of after them.
   */
  async search(query: string, options: { limit: number; category?: FactCategory }): Promise<FactVectorMatch[]> {
    if (query.trim() === '') return [];
    // Started before the table is looked at; left unawaited when there is no table or opening it fails, which is
    // safe: the cache handles the promise's rejection.
    const embedding = this.#queries.embedQuery(query);
    const table = await this.#readableTable();
    if (!table) return [];
    const vector = await embedding;
    let search = table
      .vectorSearch(vector)
      .distanceType('cosine')
      .refineFactor(VECTOR_REFINE_FACTOR)
      .select(['fact_id', '_distance'])
      .limit(options.limit);
    if (options.category !== undefined) search = search.where(`category = ${sqlString(options.category)}`);
    const rows = (await this.#searches.run(() => search.toArray())) as { fact_id: bigint | number; _distance: number }[];
    return rows
      .map((row) => ({ factId: Number(row.fact_id), similarity: Math.round((1 - row._distance) * 1e6) / 1e6 }))
      .sort((a, b) => b.similarity - a.similarity || a.factId - b.factId);
  }

  async getVectors(factIds: readonly number[]): Promise<Map<number, Float32Array>> {
    const result = new Map<number, Float32Array>();
    const table = await this.#readableTable();
    if (!table || factIds.length === 0) return result;
    const rows = (await table
      .query()
      .where(sqlIntegerList('fact_id', factIds))
      .select(['fact_id', 'vector'])
      .limit(factIds.length)
      .toArray()) as { fact_id: bigint | number; vector: Iterable<number> }[];
    for (const row of rows) result.set(Number(row.fact_id), Float32Array.from(row.vector));
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
      if (!this.#timer) {
        const delay = Math.max(this.#batchDelayMs, this.#lastBatchAt + this.#minBatchIntervalMs - performance.now());
        this.#timer = setTimeout(() => void this.#flush(), delay);
      }
    });
  }

  isQueued(factId: number): boolean {
    return this.#pending.has(factId) || this.#writing.has(factId);
  }

  async deleteFact(factId: number): Promise<void> {
    this.#writtenHashes.delete(factId);
    const pending = this.#pending.get(factId);
    if (pending) {
      this.#pending.delete(factId);
      for (const waiter of pending.waiters) waiter.resolve();
    }
    // Only a batch already being embedded could still write this fact; remember the delete for it.
    if (this.#flushesInFlight > 0) this.#deletedAt.set(factId, ++this.#sequence);
    await this.#table.writer.run(async () => {
      const state = await this.#table.state();
      if (state.status !== 'absent') await state.table.delete(`fact_id = ${sqlInteger(factId)}`);
    });
  }

  /**
   * Writes pending upserts now. Someone is waiting for them (a search catching up facts before it searches), so their
   * embedding goes ahead of background work.
   */
  async flush(): Promise<void> {
    await this.#flush(true);
  }

  /**
   * Rebuilds the table for the configured embedder from the given facts (`cos reindex`). Returns the ids that
   * now have a vector; the caller marks them `embedding_status = ok`.
   */
  async reindex(facts: readonly FactToEmbed[], onProgress?: (done: number, total: number) => void): Promise<number[]> {
    await this.#flush();
    const { lancedb } = await loadLance();
    const done: number[] = [];
    await this.#table.writer.run(async () => {
      const table = await this.#table.recreate();
      const schema = await table.schema();
      for (let start = 0; start < facts.length; start += 256) {
        const slice = facts.slice(start, start + 256);
        const texts = slice.map(factEmbeddingText);
        const vectors = await this.#embedder.embed(texts);
        const rows = slice.map((fact, index) => ({
          fact_id: fact.id,
          category: fact.category,
          text_hash: textHash(texts[index] as string),
          vector: Array.from(vectors[index] as Float32Array),
        }));
        if (rows.length > 0) await table.add(lancedb.makeArrowTable(rows, { schema }));
        done.push(...slice.map((fact) => fact.id));
        onProgress?.(done.length, facts.length);
      }
    });
    this.#table.maintenance.noteWritten(done.length);
    return done;
  }

  /** Compacts the table and maintains its vector index (also runs in the background after writes). */
  optimize(): Promise<void> {
    return this.#table.optimize();
  }

  /**
   * Writes what is queued and waits for batches under way, so no vector is lost with the embedder that is closed
   * next. With `promptly` (a process stopping on a signal) it waits only for LanceDB writes already started: vectors
   * still waiting for the model, which can take a second or more to load, are left to the catch-up (their facts stay
   * `pending` in the database, and the next search or the nightly maintenance embeds them).
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
    await this.#table.maintenance.stop();
  }

  /** The table when it exists and matches the embedder; a mismatch throws the re-index message. */
  async #readableTable(): Promise<Table | undefined> {
    const state = await this.#table.state();
    if (state.status === 'absent') return undefined;
    if (state.status === 'mismatch') {
      const error = embedderMismatchError('fact vectors', state.recorded, vectorSpaceOf(this.#embedder));
      // The memory store shows only the message, so the way out goes into it.
      throw new ToolError('CONFLICT', `${error.message} ${REINDEX_HINT}`, { details: error.details });
    }
    return state.table;
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
    this.#lastBatchAt = performance.now();
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
    const texts = batch.map((entry) => factEmbeddingText(entry.fact));
    const hashes = texts.map(textHash);
    // Texts this process has not just written are embedded in the model's thread while LanceDB loads, opens the table
    // and reads the stored hashes (~40 ms on the way to a search that catches up facts another process added).
    const ahead = batch.flatMap((entry, index) => (this.#writtenHashes.get(entry.fact.id) === hashes[index] ? [] : [index]));
    const embeddedAhead = ahead.length > 0 ? this.#embedder.embed(ahead.map((index) => texts[index] as string), { urgent }) : Promise.resolve([]);
    embeddedAhead.catch(() => undefined);
    const { lancedb } = await loadLance();
    const table = await this.#table.forWrite();
    const existing = (await table
      .query()
      .where(sqlIntegerList('fact_id', batch.map((entry) => entry.fact.id)))
      .select(['fact_id', 'text_hash', 'category'])
      .limit(batch.length)
      .toArray()) as { fact_id: bigint | number; text_hash: string; category: string }[];
    const stored = new Map(existing.map((row) => [Number(row.fact_id), row]));
    // Facts whose text and category are already stored need no new vector.
    const changed = batch
      .map((entry, index) => ({ entry, index, hash: hashes[index] as string }))
      .filter(({ entry, hash }) => {
        const row = stored.get(entry.fact.id);
        return !row || row.text_hash !== hash || row.category !== entry.fact.category;
      });
    if (changed.length === 0) return;
    const vectors = await this.#vectorsFor(
      changed.map((item) => item.index),
      texts,
      ahead,
      embeddedAhead,
      urgent,
    );
    if (this.#abandoned) throw new FactVectorIndexClosedError();
    const writing = this.#table.writer.run(async () => {
      const rows = changed
        .map((item, index) => ({ ...item, vector: vectors[index] as Float32Array }))
        .filter(({ entry }) => (this.#deletedAt.get(entry.fact.id) ?? 0) < entry.sequence)
        .map(({ entry, hash, vector }) => ({
          fact_id: entry.fact.id,
          category: entry.fact.category,
          text_hash: hash,
          vector: Array.from(vector),
        }));
      if (rows.length === 0) return;
      const target = await this.#table.forWrite();
      await target
        .mergeInsert('fact_id')
        .whenMatchedUpdateAll()
        .whenNotMatchedInsertAll()
        .execute(lancedb.makeArrowTable(rows, { schema: await target.schema() }));
      for (const row of rows) this.#noteWritten(row.fact_id, row.text_hash);
      this.#table.maintenance.noteWritten(rows.length);
    });
    this.#writes.add(writing);
    try {
      await writing;
    } finally {
      this.#writes.delete(writing);
    }
  }

  /** Vectors for the texts at `indexes`: from the embedding started ahead where it has them, the rest embedded now. */
  async #vectorsFor(indexes: number[], texts: string[], ahead: number[], embeddedAhead: Promise<Float32Array[]>, urgent: boolean): Promise<Float32Array[]> {
    const byIndex = new Map<number, Float32Array>();
    const early = await embeddedAhead;
    ahead.forEach((index, position) => byIndex.set(index, early[position] as Float32Array));
    const late = indexes.filter((index) => !byIndex.has(index));
    if (late.length > 0) {
      const vectors = await this.#embedder.embed(late.map((index) => texts[index] as string), { urgent });
      late.forEach((index, position) => byIndex.set(index, vectors[position] as Float32Array));
    }
    return indexes.map((index) => byIndex.get(index) as Float32Array);
  }

  #noteWritten(factId: number, hash: string): void {
    this.#writtenHashes.delete(factId);
    this.#writtenHashes.set(factId, hash);
    // Only a hint: a server writing facts all day keeps the latest ones.
    if (this.#writtenHashes.size > WRITTEN_HASHES_KEPT) this.#writtenHashes.delete(this.#writtenHashes.keys().next().value as number);
  }
}
