/**
 * Caches query embeddings by text. Embedding a query costs tens of milliseconds while the vector lookup costs
 * a few, so repeated queries (an agent re-asking, pagination, the same recall for several facts) skip the model.
 */
import type { Embedder } from './embedder.js';

/** The text a query is embedded as (and cached under): the query without surrounding white space. */
export function queryEmbeddingText(query: string): string {
  return query.trim();
}

export class QueryEmbeddingCache {
  readonly #embedder: Embedder;
  readonly #capacity: number;
  readonly #entries = new Map<string, Promise<Float32Array>>();

  constructor(embedder: Embedder, capacity = 256) {
    this.#embedder = embedder;
    this.#capacity = capacity;
  }

  get embedder(): Embedder {
    return this.#embedder;
  }

  /** The query's vector; the trimmed text is the cache key. Blank queries are never embedded (zero vector). */
  embedQuery(text: string): Promise<Float32Array> {
    const key = queryEmbeddingText(text);
    const cached = this.#entries.get(key);
    if (cached) {
      // Map order is insertion order: re-inserting marks the entry as most recently used.
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      return cached;
    }
    const pending = this.#embedder.embed([key], { urgent: true }).then((vectors) => vectors[0] as Float32Array);
    pending.catch(() => this.#entries.delete(key));
    this.#entries.set(key, pending);
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
    return pending;
  }
}
