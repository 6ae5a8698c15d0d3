import { describe, expect, it } from '@jest/globals';
import { embedAligned, isBlankText, isZeroVector, sliceIntoBatches } from './embedder.js';

/** Stands in for a model: encodes each text's length so positions can be checked. */
const lengthModel = async (texts: string[]): Promise<Float32Array[]> => texts.map((text) => Float32Array.of(text.length, 1));

describe('embedAligned', () => {
  it('never sends blank texts to the model and keeps every vector at its input position', async () => {
    const seen: string[][] = [];
    const vectors = await embedAligned(['alpha', '', 'be', '   ', 'gamma!', '\n'], 2, async (texts) => {
      seen.push(texts);
      return lengthModel(texts);
    });
    expect(seen).toEqual([['alpha', 'be', 'gamma!']]);
    expect(vectors.map((vector) => Array.from(vector))).toEqual([[5, 1], [0, 0], [2, 1], [0, 0], [6, 1], [0, 0]]);
    expect(isZeroVector(vectors[1] as Float32Array)).toBe(true);
  });

  it('does not call the model at all for an all-blank batch', async () => {
    let calls = 0;
    const vectors = await embedAligned(['', ' '], 3, async (texts) => {
      calls++;
      return lengthModel(texts);
    });
    expect(calls).toBe(0);
    expect(vectors).toHaveLength(2);
  });

  it('rejects a short batch instead of shifting later vectors', async () => {
    await expect(embedAligned(['a', 'b'], 2, async (texts) => lengthModel(texts.slice(0, 1)))).rejects.toThrow(
      /1 vectors for 2 texts/,
    );
  });

  it('rejects vectors of the wrong dimension', async () => {
    await expect(embedAligned(['a'], 4, lengthModel)).rejects.toThrow(/expected 4/);
  });
});

describe('helpers', () => {
  it('treats whitespace-only text as blank', () => {
    expect(isBlankText(' \t\n')).toBe(true);
    expect(isBlankText(' x ')).toBe(false);
  });

  it('slices batches in order', () => {
    expect(sliceIntoBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
