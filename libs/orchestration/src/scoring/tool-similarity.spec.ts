import { describe, expect, it } from '@jest/globals';
import { EXAMPLE_SIMILARITY, exampleCentroid, toolSimilarity } from './tool-similarity.js';

describe('a request\'s similarity to a tool', () => {
  it('is the description\'s cosine when the tool has no examples, and nothing without a vector', () => {
    expect(toolSimilarity(0.42, undefined)).toBe(0.42);
    expect(toolSimilarity(undefined, undefined)).toBeUndefined();
  });

  it('takes the examples\' cosine, discounted, when it is closer than the description\'s', () => {
    expect(toolSimilarity(0.3, 0.8)).toBeCloseTo(0.8 - EXAMPLE_SIMILARITY.discount, 10);
    expect(toolSimilarity(0.7, 0.6)).toBe(0.7);
  });

  it('reads the examples as one unit-length centroid, each example weighing the same whatever its length', () => {
    const centroid = exampleCentroid([Float32Array.from([2, 0]), Float32Array.from([0, 0.5])]);
    expect(centroid?.[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(centroid?.[1]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(exampleCentroid([])).toBeUndefined();
  });
});
