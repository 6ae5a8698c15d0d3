/**
 * The model-free parts of the USE-lite runtime: windowing and pooling. Evaluating the runtime loads no package;
 * the model itself is exercised in `use-lite-embedder.spec.ts`.
 */
import { describe, expect, it } from '@jest/globals';
import { evaluateUseLiteRuntime } from './use-lite-runtime.js';

const runtime = evaluateUseLiteRuntime();

describe('splitIntoWindows', () => {
  it('cuts token ids into consecutive windows of the model size, the last one shorter', () => {
    const ids = Array.from({ length: 300 }, (_, i) => i);
    const windows = runtime.splitIntoWindows(ids, runtime.WINDOW_TOKENS);
    expect(runtime.WINDOW_TOKENS).toBe(128);
    expect(windows.map((window) => window.length)).toEqual([128, 128, 44]);
    expect(windows.flat()).toEqual(ids);
  });

  it('keeps a text that fits in a single window', () => {
    expect(runtime.splitIntoWindows([5, 6, 7], 128)).toEqual([[5, 6, 7]]);
    expect(runtime.splitIntoWindows(new Array<number>(128).fill(1), 128)).toHaveLength(1);
  });
});

describe('poolWindowVectors', () => {
  it('returns a single window vector untouched', () => {
    const vector = Float32Array.of(0.6, 0.8);
    expect(runtime.poolWindowVectors([vector], [17])).toBe(vector);
  });

  it('weights windows by their token counts and returns a unit vector', () => {
    const pooled = runtime.poolWindowVectors([Float32Array.of(1, 0), Float32Array.of(0, 1)], [3, 1]);
    expect(pooled[0]).toBeCloseTo(3 / Math.sqrt(10), 6);
    expect(pooled[1]).toBeCloseTo(1 / Math.sqrt(10), 6);
  });
});
