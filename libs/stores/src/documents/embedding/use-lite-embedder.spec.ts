/**
 * The real USE-lite model, loaded once per file (loading takes about a second). The worker pool is checked
 * against the in-process embedder rather than on its own, to keep model loads few. This is the only test file
 * that loads the model in-process: its global state does not survive a second load into the same Jest worker,
 * so the other suites use `WorkerPoolEmbedder`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isZeroVector } from './embedder.js';
import { USE_LITE_DIMS, USE_LITE_EMBEDDER_ID, UseLiteEmbedder } from './use-lite-embedder.js';
import { WorkerPoolEmbedder } from './worker-pool-embedder.js';

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

const embedder = new UseLiteEmbedder();
let reference: Float32Array[];
const texts = ['The board approved the hiring budget.', 'My dog loves long walks in the park.'];

beforeAll(async () => {
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
});

describe('WorkerPoolEmbedder', () => {
  it('produces the same vectors as the in-process embedder, aligned, using at most the pool size', async () => {
    const pool = new WorkerPoolEmbedder({ size: 2, batchSize: 1 });
    try {
      const vectors = await pool.embed([texts[0] as string, '', texts[1] as string]);
      expect(pool.id).toBe(embedder.id);
      expect(pool.workerCount).toBeLessThanOrEqual(2);
      expect(isZeroVector(vectors[1] as Float32Array)).toBe(true);
      expect(cosine(vectors[0] as Float32Array, reference[0] as Float32Array)).toBeCloseTo(1, 5);
      expect(cosine(vectors[2] as Float32Array, reference[1] as Float32Array)).toBeCloseTo(1, 5);
    } finally {
      await pool.close();
    }
    expect(pool.workerCount).toBe(0);
    await expect(pool.embed(['after close'])).rejects.toThrow(/closed/);
  });
});
