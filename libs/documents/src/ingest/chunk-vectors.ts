/**
 * The vectors of one ingest run's chunks, each text embedded at most once: a chunk whose exact text was embedded
 * before, by this run (a copy of a document in the same folder) or stored in the chunk table (an unchanged paragraph
 * of an edited file, a document ingested under another path), takes that vector, found by the hash of its text. Only
 * the rest goes to the embedder. A text met again while its first copy is still being embedded (in the batch before)
 * waits for that embedding instead of starting another.
 */
import type { Embedder } from '../embedding/embedder.js';
import { chunkTextHash, type ChunkStore } from '../store/chunk-store.js';

/** Texts per embedder call: enough to keep two workers busy, few enough for steady progress and prompt aborts. */
const EMBED_SLICE = 64;
/** Vectors this run remembers by hash (2 KB each), the oldest forgotten first: duplicates are mostly close together. */
const REMEMBERED_VECTORS = 4_096;

export interface ChunkVectorsOptions {
  signal?: AbortSignal;
  /** Called after each embedder call with the number of texts embedded so far by this request. */
  onEmbedded?: (done: number) => void;
}

export class ChunkVectors {
  readonly #chunks: Pick<ChunkStore, 'vectorsByTextHash'>;
  readonly #embedder: Embedder;
  /** Hash → vector of this run, settled or still being looked up or embedded. Insertion order is age. */
  readonly #remembered = new Map<string, Promise<Float32Array>>();
  #embedded = 0;

  constructor(chunks: Pick<ChunkStore, 'vectorsByTextHash'>, embedder: Embedder) {
    this.#chunks = chunks;
    this.#embedder = embedder;
  }

  /** Texts sent to the embedder by this run so far. */
  get embedded(): number {
    return this.#embedded;
  }

  /**
   * One vector per text, in order. Registers every new hash before its first await, so a later request for the same
   * text (the next batch, started while this one embeds) shares this one's result.
   */
  vectorsFor(texts: readonly string[], options: ChunkVectorsOptions = {}): Promise<Float32Array[]> {
    const hashes = texts.map(chunkTextHash);
    // Taken before anything new is remembered, which may push the oldest entries out.
    const known = hashes.map((hash) => this.#remembered.get(hash));
    const fresh = new Map<string, string>();
    texts.forEach((text, index) => {
      const hash = hashes[index] as string;
      if (known[index] === undefined && !fresh.has(hash)) fresh.set(hash, text);
    });
    const resolved = fresh.size > 0 ? this.#lookUpOrEmbed(fresh, options) : Promise.resolve(new Map<string, Float32Array>());
    const vectorOf = (hash: string): Promise<Float32Array> => resolved.then((vectors) => vectors.get(hash) as Float32Array);
    for (const hash of fresh.keys()) this.#remember(hash, vectorOf(hash));
    return Promise.all(hashes.map((hash, index) => known[index] ?? vectorOf(hash)));
  }

  async #lookUpOrEmbed(fresh: Map<string, string>, options: ChunkVectorsOptions): Promise<Map<string, Float32Array>> {
    const vectors = await this.#chunks.vectorsByTextHash([...fresh.keys()]);
    const missing = [...fresh].filter(([hash]) => !vectors.has(hash));
    let done = 0;
    for (let start = 0; start < missing.length; start += EMBED_SLICE) {
      options.signal?.throwIfAborted();
      const slice = missing.slice(start, start + EMBED_SLICE);
      const embedded = await this.#embedder.embed(slice.map(([, text]) => text));
      this.#embedded += slice.length;
      slice.forEach(([hash], index) => vectors.set(hash, embedded[index] as Float32Array));
      done += slice.length;
      options.onEmbedded?.(done);
    }
    return vectors;
  }

  #remember(hash: string, vector: Promise<Float32Array>): void {
    // A failed lookup or embedding fails the run; the rejection is handled by whoever awaits this batch.
    vector.catch(() => undefined);
    this.#remembered.set(hash, vector);
    if (this.#remembered.size > REMEMBERED_VECTORS) this.#remembered.delete(this.#remembered.keys().next().value as string);
  }
}
