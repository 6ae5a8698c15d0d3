/**
 * The port through which fact ranking (list c of docs/reference/algorithms.md#fact-ranking, and
 * docs/reference/algorithms.md#mmr-and-jaccard) reaches fact vectors. The memory store never embeds anything itself:
 * the documents side implements this over LanceDB `fact_vectors` and the composition root attaches it. Without one,
 * the vector list is skipped with a warning and MMR falls back to Jaccard.
 */
import type { FactCategory } from '../db/enums.js';

export interface FactVectorMatch {
  factId: number;
  /** Cosine similarity to the query, higher is closer. */
  similarity: number;
}

export interface FactToEmbed {
  id: number;
  category: FactCategory;
  key: string;
  value: string;
}

export interface FactVectorIndex {
  /** Top `limit` facts by cosine similarity; throws when the embedder or the index is unavailable. */
  search(query: string, options: { limit: number; category?: FactCategory }): Promise<FactVectorMatch[]>;
  /** Stored vectors of the given facts (facts without one are absent from the map). */
  getVectors(factIds: readonly number[]): Promise<Map<number, Float32Array>>;
  /**
   * Embeds and stores (replaces) the vector of one fact. Rejects with a `FactVectorIndexClosedError` when the index
   * was closed before the vector was written; the fact then stays pending for the next catch-up.
   */
  upsertFact(fact: FactToEmbed): Promise<void>;
  /** Removes a fact's vector; a missing vector is not an error. */
  deleteFact(factId: number): Promise<void>;
  /** True while this index already has the fact's vector on the way (queued or being written). */
  isQueued?(factId: number): boolean;
  /** Writes queued upserts now instead of after the delay that gathers a stream of writes into one batch. */
  flush?(): Promise<void>;
  /**
   * Rebuilds the index for the configured embedder from these facts (`cos reindex`), reporting progress; resolves with
   * the ids whose vectors were written.
   */
  reindex?(facts: readonly FactToEmbed[], onProgress?: (done: number, total: number) => void): Promise<number[]>;
}

/**
 * Why an upsert did not happen: the index was closed first (a process stopping promptly). Not a failure to report —
 * the fact stays `pending` and the next search or the nightly maintenance embeds it.
 */
export class FactVectorIndexClosedError extends Error {
  readonly code = 'FACT_VECTOR_INDEX_CLOSED';

  constructor() {
    super('The fact vector index was closed before the vector was written; the fact stays pending.');
    this.name = 'FactVectorIndexClosedError';
  }
}
