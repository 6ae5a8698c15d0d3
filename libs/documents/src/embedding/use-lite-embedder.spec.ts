/**
 * The real USE-lite model, loaded once per file (loading takes about a second). The worker pool's vectors are checked
 * against the in-process embedder here (its scheduling is in worker-pool-embedder.spec.ts). This is the only test file
 * that loads the model in-process: its global state does not survive a second load into the same Jest worker,
 * so the other suites use `WorkerPoolEmbedder`.
 *
 * References come from the package's own `EmbeddingsModel.embed`, computed before the embedder replaces any wasm
 * kernel, so they are what the embedder produced before windowing and the kernel overrides.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isZeroVector } from './embedder.js';
import { USE_LITE_DIMS, USE_LITE_EMBEDDER_ID, UseLiteEmbedder } from './use-lite-embedder.js';
import { evaluateUseLiteRuntime, resolveUseLitePackagePaths, type UseLitePackageModel } from './use-lite-runtime.js';
import { WorkerPoolEmbedder } from './worker-pool-embedder.js';

/** The slice of tfjs-core these tests use (the package typings reference packages that are not installed). */
interface TestTensor {
  shape: number[];
  dataSync(): Float32Array | Int32Array;
  dispose(): void;
}
interface TestCore {
  tensor(values: Float32Array | Int32Array, shape: number[], dtype?: string): TestTensor;
  matMul(a: TestTensor, b: TestTensor, transposeA?: boolean, transposeB?: boolean): TestTensor;
  split(x: TestTensor, sizes: number[], axis: number): TestTensor[];
  gather(x: TestTensor, indices: TestTensor, axis?: number): TestTensor;
  getKernel(kernelName: string, backendName: string): { kernelFunc: Record<symbol, unknown> } | undefined;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] as number) * (b[i] as number);
    normA += (a[i] as number) ** 2;
    normB += (b[i] as number) ** 2;
  }
  return dot / Math.sqrt(normA * normB);
}

function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs((a[i] as number) - (b[i] as number)));
  return max;
}

function norm(vector: Float32Array): number {
  return Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
}

/** Deterministic pseudo-random numbers, so a failure reproduces. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Words that are one token each, so prose of an exact token count is easy to build. */
const vocabulary = (
  'the board approved hiring budget results meeting customers pricing contract security audit database incident ' +
  'team report plan review staff office client project market'
).split(' ');

/** Prose of exactly `tokens` tokens ending in a recognisable word. */
function proseOfTokens(model: UseLitePackageModel, tokens: number, seed: number): string {
  const next = randomSource(seed);
  const words = Array.from({ length: tokens - 1 }, () => vocabulary[Math.floor(next() * vocabulary.length)] as string);
  const text = [...words, 'finally'].join(' ');
  expect(model.tokenizer.encode(text)).toHaveLength(tokens);
  return text;
}

const embedder = new UseLiteEmbedder();
const texts = ['The board approved the hiring budget.', 'My dog loves long walks in the park.'];
let packageModel: UseLitePackageModel;
let core: TestCore;
let reference: Float32Array[];
/** Texts of 1 to 128 tokens and their vectors from the package, embedded one by one with the stock kernels. */
let shortTexts: string[];
let shortReference: number[][];
let longText: string;

beforeAll(async () => {
  const paths = resolveUseLitePackagePaths();
  const require = createRequire(import.meta.url);
  core = require(paths.core) as TestCore;
  const { initModel } = require(paths.embeddings) as {
    initModel(source: unknown): Promise<UseLitePackageModel>;
  };
  packageModel = await initModel((require(paths.model) as { modelSource: unknown }).modelSource);
  shortTexts = [
    'Short.',
    ...texts,
    '日本語 ☃☃ and an emoji 😀 with naïve café ﬁ',
    proseOfTokens(packageModel, 40, 1),
    proseOfTokens(packageModel, 127, 2),
    proseOfTokens(packageModel, 128, 3),
  ];
  shortReference = [];
  for (const text of shortTexts) shortReference.push(...(await packageModel.embed([text])));
  longText = proseOfTokens(packageModel, 300, 4);

  reference = await embedder.embed(texts);
});

afterAll(async () => {
  await embedder.close();
});

describe('UseLiteEmbedder', () => {
  it('returns one 512-dimensional vector per text under a stable id', () => {
    expect(embedder.id).toBe(USE_LITE_EMBEDDER_ID);
    expect(reference).toHaveLength(2);
    expect(reference.every((vector) => vector.length === USE_LITE_DIMS)).toBe(true);
  });

  it('keeps vectors aligned when blanks sit anywhere in the batch, including last', async () => {
    const vectors = await embedder.embed(['', texts[0] as string, '  ', texts[1] as string, '']);
    expect(vectors).toHaveLength(5);
    expect([0, 2, 4].every((index) => isZeroVector(vectors[index] as Float32Array))).toBe(true);
    expect(cosine(vectors[1] as Float32Array, reference[0] as Float32Array)).toBeCloseTo(1, 5);
    expect(cosine(vectors[3] as Float32Array, reference[1] as Float32Array)).toBeCloseTo(1, 5);
  });

  it('places paraphrases closer than unrelated text', async () => {
    const [paraphrase] = await embedder.embed(['Directors signed off on money for new hires.']);
    expect(cosine(paraphrase as Float32Array, reference[0] as Float32Array)).toBeGreaterThan(
      cosine(paraphrase as Float32Array, reference[1] as Float32Array) + 0.1,
    );
  });

  it('gives texts of up to 128 tokens the vectors of the package model, batched or alone', async () => {
    const batched = await embedder.embed(shortTexts);
    for (const [index, vector] of batched.entries()) {
      expect(maxAbsDiff(vector, shortReference[index] as number[])).toBeLessThanOrEqual(1e-4);
      const [alone] = await embedder.embed([shortTexts[index] as string]);
      expect(maxAbsDiff(alone as Float32Array, shortReference[index] as number[])).toBeLessThanOrEqual(1e-4);
    }
  });

  it('embeds the whole of a text longer than 128 tokens', async () => {
    expect(packageModel.tokenizer.encode(longText).length).toBeGreaterThan(2 * 128);
    const changedTail = longText.replace(/finally$/, 'zebra');
    const [package1, package2] = await packageModel.embed([longText, changedTail]);
    // The package model cannot see the tail at all ...
    expect(maxAbsDiff(package1 as number[], package2 as number[])).toBe(0);
    const [whole, wholeChanged, firstWindowOnly] = await embedder.embed([longText, changedTail, longText.slice(0, 200)]);
    // ... the embedder does, and the result is a unit vector like every model output.
    expect(maxAbsDiff(whole as Float32Array, wholeChanged as Float32Array)).toBeGreaterThan(1e-3);
    expect(norm(whole as Float32Array)).toBeCloseTo(1, 5);
    expect(maxAbsDiff(whole as Float32Array, package1 as number[])).toBeGreaterThan(1e-3);
    // Still about the same subject as its own beginning.
    expect(cosine(whole as Float32Array, firstWindowOnly as Float32Array)).toBeGreaterThan(0.8);
  });

  it('keeps a batch of mixed lengths aligned with the texts embedded one by one', async () => {
    const mixed = [
      '',
      longText,
      shortTexts[0] as string,
      '   ',
      shortTexts[6] as string,
      proseOfTokens(packageModel, 129, 5),
      `${longText} ${longText}`,
      'x',
    ];
    const vectors = await embedder.embed(mixed);
    expect(vectors).toHaveLength(mixed.length);
    for (const [index, text] of mixed.entries()) {
      if (text.trim() === '') {
        expect(isZeroVector(vectors[index] as Float32Array)).toBe(true);
        continue;
      }
      const [alone] = await embedder.embed([text]);
      expect(maxAbsDiff(vectors[index] as Float32Array, alone as Float32Array)).toBeLessThanOrEqual(1e-5);
    }
  });
});

describe('the runtime behind both embedders', () => {
  const runtime = evaluateUseLiteRuntime();

  it('tokenizes exactly like the package tokenizer', () => {
    const next = randomSource(7);
    const alphabet = [...'abcdefghijklmnopqrstuvwxyz     ..,;:!?-_/\'"()0123456789', 'é', 'ß', 'ﬁ', 'Å', '日', '本', '😀', '👍🏽', '\u200b', '\t', '\n', '\ud800'];
    const samples = [' ', 'x', 'hello   world', ...shortTexts, longText, longText.repeat(4)];
    for (let i = 0; i < 200; i++) {
      const length = Math.floor(next() * 400);
      let sample = '';
      while (sample.length < length) {
        sample += next() < 0.6 ? `${vocabulary[Math.floor(next() * vocabulary.length)]} ` : (alphabet[Math.floor(next() * alphabet.length)] as string);
      }
      samples.push(sample);
    }
    const pieces = runtime.buildPieceTrie(packageModel.tokenizer.vocabulary);
    for (const sample of samples) {
      expect(runtime.encodeTokens(pieces, sample)).toEqual(packageModel.tokenizer.encode(sample));
    }
  });

  it('builds the same pieces as the package tokenizer from an odd vocabulary (duplicates, empty and multi-symbol pieces)', () => {
    const { EmbeddingsModel } = createRequire(import.meta.url)(resolveUseLitePackagePaths().embeddings) as {
      EmbeddingsModel: new (data: { vocabulary: Array<[string, number]>; model: unknown }) => UseLitePackageModel;
    };
    const reserved: Array<[string, number]> = Array.from({ length: 6 }, (_, i) => [`<r${i}>`, 0]);
    const vocabulary: Array<[string, number]> = [...reserved, ['▁a', -1], ['a', -2], ['', -0.5], ['ab', -3], ['▁a', -0.25], ['b😀', -4], ['😀', -1.5], ['<r1>', -9]];
    const reference = new EmbeddingsModel({ vocabulary, model: undefined }).tokenizer;
    const pieces = runtime.buildPieceTrie(vocabulary);
    for (const sample of ['a', 'ab a', 'b😀b', 'abab😀', 'zz a', '<r1>', '', '  ']) {
      expect(runtime.encodeTokens(pieces, sample)).toEqual(reference.encode(sample));
    }
  });

  it('tokenizes a text the same whatever the trie was grown by before (it grows on use)', () => {
    const samples = ['budget', 'quarterly plan', 'b😀 ab ▁a', ...shortTexts];
    for (const first of samples) {
      const grown = runtime.buildPieceTrie(packageModel.tokenizer.vocabulary);
      runtime.encodeTokens(grown, first);
      for (const sample of samples) {
        expect(runtime.encodeTokens(grown, sample)).toEqual(runtime.encodeTokens(runtime.buildPieceTrie(packageModel.tokenizer.vocabulary), sample));
      }
    }
  });

  it('has replaced the wasm kernels it speeds up', () => {
    for (const kernelName of ['BatchMatMul', 'SplitV', 'GatherV2']) {
      expect(core.getKernel(kernelName, 'wasm')?.kernelFunc[Symbol.for('chief-of-staff.use-lite.kernel-override')]).toBe(true);
    }
  });

  it('runs batched matrix products through its kernel exactly as the maths says, including fallbacks', () => {
    const next = randomSource(11);
    const cases: Array<[number[], number[], boolean, boolean]> = [
      [[2, 4, 25, 64], [2, 4, 25, 64], false, true], // attention scores: q·kᵀ
      [[2, 4, 25, 25], [2, 4, 25, 128], false, false], // attention output
      [[3, 40, 64], [3, 64, 30], false, false],
      [[2, 4, 8, 8], [2, 4, 8, 8], false, true], // too small: the original kernel
      [[2, 64, 40], [2, 64, 30], true, false], // transposed a: the original kernel
      [[1, 40, 64], [3, 64, 30], false, false], // broadcast batch: the original kernel
      [[40, 64], [64, 30], false, false],
    ];
    for (const [aShape, bShape, transposeA, transposeB] of cases) {
      const aValues = Float32Array.from({ length: aShape.reduce((p, d) => p * d, 1) }, () => next() - 0.5);
      const bValues = Float32Array.from({ length: bShape.reduce((p, d) => p * d, 1) }, () => next() - 0.5);
      const a = core.tensor(aValues, aShape);
      const b = core.tensor(bValues, bShape);
      const product = core.matMul(a, b, transposeA, transposeB);
      const rank = aShape.length;
      const m = transposeA ? (aShape[rank - 1] as number) : (aShape[rank - 2] as number);
      const k = transposeA ? (aShape[rank - 2] as number) : (aShape[rank - 1] as number);
      const n = transposeB ? (bShape[rank - 2] as number) : (bShape[rank - 1] as number);
      const batch = Math.max(aValues.length / (m * k), bValues.length / (k * n));
      const aBatch = aValues.length / (m * k);
      const bBatch = bValues.length / (k * n);
      const expected = new Float32Array(batch * m * n);
      for (let s = 0; s < batch; s++) {
        const aBase = (aBatch === 1 ? 0 : s) * m * k;
        const bBase = (bBatch === 1 ? 0 : s) * k * n;
        for (let i = 0; i < m; i++) {
          for (let j = 0; j < n; j++) {
            let sum = 0;
            for (let p = 0; p < k; p++) {
              const aValue = aValues[aBase + (transposeA ? p * m + i : i * k + p)] as number;
              const bValue = bValues[bBase + (transposeB ? j * k + p : p * n + j)] as number;
              sum += aValue * bValue;
            }
            expected[s * m * n + i * n + j] = sum;
          }
        }
      }
      expect(maxAbsDiff(product.dataSync(), expected)).toBeLessThanOrEqual(1e-4);
      [a, b, product].forEach((tensor) => tensor.dispose());
    }
  });

  it('splits and gathers rows exactly', () => {
    const values = Float32Array.from({ length: 2 * 3 * 12 }, (_, i) => i);
    const x = core.tensor(values, [2, 3, 12]);
    const parts = core.split(x, [5, 4, 3], 2);
    expect(parts.map((part) => Array.from(part.dataSync()))).toEqual(
      [
        [0, 5],
        [5, 9],
        [9, 12],
      ].map(([from, to]) => {
        const expected: number[] = [];
        for (let row = 0; row < 6; row++) for (let col = from as number; col < (to as number); col++) expected.push(row * 12 + col);
        return expected;
      }),
    );
    const table = core.tensor(values, [6, 12]);
    const indices = core.tensor(Int32Array.of(5, 0, 5, 2), [2, 2], 'int32');
    const gathered = core.gather(table, indices, 0);
    expect(gathered.shape).toEqual([2, 2, 12]);
    expect(Array.from(gathered.dataSync())).toEqual([5, 0, 5, 2].flatMap((row) => Array.from(values.slice(row * 12, row * 12 + 12))));
    [x, ...parts, table, indices, gathered].forEach((tensor) => tensor.dispose());
  });
});

describe('the model loader', () => {
  type DecodeWeights = (data: ArrayBuffer, specs: unknown[]) => Record<string, TestTensor & { dtype: string }>;
  const { decodeWeightsIntoBackend, bufferSource } = createRequire(import.meta.url)('./use-lite-model-files.cjs') as {
    decodeWeightsIntoBackend(core: unknown, source: unknown, specs: unknown[]): Record<string, TestTensor & { dtype: string }>;
    bufferSource(data: ArrayBuffer): unknown;
  };
  const decodeWeightViews = (core: unknown, data: ArrayBuffer, specs: unknown[]) => decodeWeightsIntoBackend(core, bufferSource(data), specs);

  it('decodes weights exactly as tfjs does, including quantized weights and the unaligned ones after them', () => {
    const specs = [
      { name: 'dense', shape: [2, 3], dtype: 'float32' },
      { name: 'ids', shape: [4], dtype: 'int32' },
      { name: 'quantized', shape: [3], dtype: 'float32', quantization: { dtype: 'uint8', min: -1, scale: 0.5 } },
      { name: 'after', shape: [2], dtype: 'float32' },
    ];
    const data = new ArrayBuffer(24 + 16 + 3 + 8);
    new Float32Array(data, 0, 6).set([0.5, -1, 2, 3.25, 1e-7, -8]);
    new Int32Array(data, 24, 4).set([7, -2, 0, 2 ** 30]);
    new Uint8Array(data, 40, 3).set([0, 3, 255]);
    new Uint8Array(data, 43, 8).set(new Uint8Array(Float32Array.of(1.5, -2.5).buffer));

    const expected = ((core as unknown as { io: { decodeWeights: DecodeWeights } }).io.decodeWeights)(data, specs);
    const actual = decodeWeightViews(core, data, specs);

    expect(Object.keys(actual)).toEqual(specs.map((spec) => spec.name));
    for (const spec of specs) {
      const [want, got] = [expected[spec.name], actual[spec.name]];
      expect(got?.shape).toEqual(want?.shape);
      expect(got?.dtype).toBe(want?.dtype);
      expect(Array.from(got?.dataSync() ?? [])).toEqual(Array.from(want?.dataSync() ?? []));
    }
    expect(Array.from(actual['after']?.dataSync() ?? [])).toEqual([1.5, -2.5]);
    [...Object.values(expected), ...Object.values(actual)].forEach((tensor) => tensor.dispose());
  });

  it('builds the graph only once the backend is ready, however fast the files are read', async () => {
    const { loadModelFiles } = createRequire(import.meta.url)('./use-lite-model-files.cjs') as {
      loadModelFiles(core: unknown, main: string, ready: Promise<unknown>): Promise<{ model: unknown; vocabulary: unknown[] }>;
    };
    let ready = false;
    let builtAfterReady: boolean | undefined;
    const fakeCore = {
      backend: () => ({ wasm: { _malloc: () => 0, _free: () => undefined } }),
      io: { getModelArtifactsForJSON: async () => ({}) },
      loadGraphModel: async () => {
        builtAfterReady = ready;
        return 'graph';
      },
    };
    // Slower than reading the files from a warm disk cache, as the wasm backend's start can be.
    const backendReady = new Promise((resolve) => setTimeout(resolve, 300)).then(() => (ready = true));
    const loaded = await loadModelFiles(fakeCore, resolveUseLitePackagePaths().model, backendReady);
    expect(builtAfterReady).toBe(true);
    expect(loaded.model).toBe('graph');
    expect(loaded.vocabulary.length).toBeGreaterThan(1000);
  });

  it('reads weights that span shard files, and says which file ended early', () => {
    const { shardFilesSource } = createRequire(import.meta.url)('./use-lite-model-files.cjs') as {
      shardFilesSource(files: string[], sizes: number[]): { readInto(target: Uint8Array, position: number): void; close(): void };
    };
    const dir = mkdtempSync(join(tmpdir(), 'cos-shards-'));
    try {
      const bytes = Uint8Array.from({ length: 23 }, (_, index) => index * 7);
      const cuts = [0, 5, 6, 17, 23];
      const files = cuts.slice(1).map((end, index) => {
        const file = join(dir, `shard${index}`);
        writeFileSync(file, bytes.subarray(cuts[index], end));
        return file;
      });
      const source = shardFilesSource(files, [5, 1, 11, 6]);
      const read = (position: number, length: number) => {
        const target = new Uint8Array(length);
        source.readInto(target, position);
        return Array.from(target);
      };
      expect(read(0, 23)).toEqual(Array.from(bytes));
      expect(read(3, 12)).toEqual(Array.from(bytes.subarray(3, 15)));
      expect(read(17, 6)).toEqual(Array.from(bytes.subarray(17)));
      expect(() => read(20, 4)).toThrow(/end before byte 24/);
      source.close();
      // A shard shorter than its size said (changed under the reader): the error names it.
      const truncated = shardFilesSource(files, [5, 1, 12, 6]);
      expect(() => truncated.readInto(new Uint8Array(18), 0)).toThrow(/shard2 ended early/);
      truncated.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses weights shorter than the model says, naming the weight', () => {
    expect(() => decodeWeightViews(core, new ArrayBuffer(8), [{ name: 'dense/kernel', shape: [4], dtype: 'float32' }])).toThrow(/dense\/kernel/);
  });
});

/** Runs `use` with a pool of these options, and closes the pool afterwards whatever happens. */
async function withPool(options: ConstructorParameters<typeof WorkerPoolEmbedder>[0], use: (pool: WorkerPoolEmbedder) => Promise<void>): Promise<void> {
  const pool = new WorkerPoolEmbedder(options);
  try {
    await use(pool);
  } finally {
    await pool.close();
  }
}

describe('WorkerPoolEmbedder', () => {
  it('produces the same vectors as the in-process embedder, aligned, using at most the pool size', async () => {
    const pool = new WorkerPoolEmbedder({ size: 2, batchSize: 2 });
    const mixed = [texts[0] as string, '', longText, texts[1] as string, shortTexts[6] as string];
    try {
      const [vectors, inThread] = await Promise.all([pool.embed(mixed), embedder.embed(mixed)]);
      expect(pool.id).toBe(embedder.id);
      expect(pool.workerCount).toBeLessThanOrEqual(2);
      expect(vectors).toHaveLength(mixed.length);
      expect(isZeroVector(vectors[1] as Float32Array)).toBe(true);
      for (const [index, vector] of vectors.entries()) {
        expect(maxAbsDiff(vector, inThread[index] as Float32Array)).toBeLessThanOrEqual(1e-5);
      }
    } finally {
      await pool.close();
    }
    expect(pool.workerCount).toBe(0);
    await expect(pool.embed(['after close'])).rejects.toThrow(/closed/);
  });

  it('serves a query sent during a warm-up from the warming worker instead of loading the model twice', async () => {
    await withPool({ size: 2 }, async (pool) => {
      const warming = pool.warmUp();
      const [vector] = await pool.embed([texts[0] as string]);
      await warming;
      expect(pool.workerCount).toBe(1);
      // The query was the model's first run: it did not wait for a warm-up run of its own.
      expect(pool.modelRuns).toBe(1);
      const [inThread] = await embedder.embed([texts[0] as string]);
      expect(maxAbsDiff(vector as Float32Array, inThread as Float32Array)).toBeLessThanOrEqual(1e-5);
      // A warmed pool is not warmed again.
      await pool.warmUp();
      expect(pool.workerCount).toBe(1);
    });
  });

  it('answers a prefetched text from the run already started, with the same vector as a fresh one', async () => {
    await withPool({ size: 1 }, async (pool) => {
      pool.prefetch(texts[1] as string);
      pool.prefetch(texts[1] as string);
      const [vector] = await pool.embed([texts[1] as string]);
      expect(pool.modelRuns).toBe(1);
      // Taken once: the next request for the same text runs the model again, and agrees.
      const [again] = await pool.embed([texts[1] as string]);
      expect(pool.modelRuns).toBe(2);
      expect(Array.from(again as Float32Array)).toEqual(Array.from(vector as Float32Array));
      const [inThread] = await embedder.embed([texts[1] as string]);
      expect(maxAbsDiff(vector as Float32Array, inThread as Float32Array)).toBeLessThanOrEqual(1e-5);
    });
  });
});
