/**
 * The `Embedder` contract (docs/reference/data-model.md#storage): turns texts into fixed-length vectors. Every vector
 * table records the `id` and `dims` of the embedder that built it, so swapping embedders is a configuration change
 * followed by `cos reindex`, never a silent mix of incompatible vectors.
 */

export interface EmbedOptions {
  /**
   * Someone is waiting for this (a search's query, or the facts a search catches up before it searches): an embedder
   * with a queue runs it before queued background work such as the vectors of facts written in passing and
   * ingestion, so a search stays fast while many writes are being embedded. A worker pool also hands it to a busy
   * worker at once, to run right after the job under way.
   */
  urgent?: boolean;
}

export interface Embedder {
  /** Names the vector space, e.g. `use-lite-512@0.2.0`; two embedders with the same id produce comparable vectors. */
  readonly id: string;
  /** Length of every vector this embedder returns. */
  readonly dims: number;
  /**
   * One vector per input, in input order. Blank texts (empty after trimming) never reach the model: their slot
   * holds an all-zero vector, which callers treat as "no embedding".
   */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
  /** Releases models and worker threads. Safe to call more than once. */
  close?(): Promise<void>;
}

/** True when a text has nothing to embed. The model rejects `''` and silently drops trailing empties. */
export function isBlankText(text: string): boolean {
  return text.trim() === '';
}

/** True when a vector is the "no embedding" placeholder returned for blank texts. */
export function isZeroVector(vector: Float32Array): boolean {
  return vector.every((value) => value === 0);
}

/**
 * Embeds the non-blank texts with `embedNonBlank` and puts every result back at its input position, with zero
 * vectors for blanks. Throws when the model returns a different number of vectors or a wrong length, so a
 * misaligned batch can never be written as if it were right.
 */
export async function embedAligned(
  texts: readonly string[],
  dims: number,
  embedNonBlank: (nonBlank: string[]) => Promise<Float32Array[]>,
): Promise<Float32Array[]> {
  const positions: number[] = [];
  const nonBlank: string[] = [];
  texts.forEach((text, index) => {
    if (!isBlankText(text)) {
      positions.push(index);
      nonBlank.push(text);
    }
  });
  const result: Float32Array[] = texts.map(() => new Float32Array(dims));
  if (nonBlank.length === 0) return result;
  const vectors = await embedNonBlank(nonBlank);
  if (vectors.length !== nonBlank.length) {
    throw new Error(`Embedder returned ${vectors.length} vectors for ${nonBlank.length} texts; batch rejected.`);
  }
  vectors.forEach((vector, i) => {
    if (vector.length !== dims) {
      throw new Error(`Embedder returned a ${vector.length}-dimensional vector; expected ${dims}.`);
    }
    result[positions[i] as number] = vector;
  });
  return result;
}

/** Splits `items` into consecutive slices of at most `size`. */
export function sliceIntoBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
