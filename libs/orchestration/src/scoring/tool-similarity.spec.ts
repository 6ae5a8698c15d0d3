import { describe, expect, it } from '@jest/globals';
import { EXAMPLE_SIMILARITY, toolSimilarity } from './tool-similarity.js';

describe('a request\'s similarity to a tool', () => {
  it('is the description\'s cosine when the tool has no examples, and nothing without a vector', () => {
    expect(toolSimilarity(0.42, [])).toBe(0.42);
    expect(toolSimilarity(undefined, [])).toBeUndefined();
  });

  it('takes the closest example, discounted, when it is closer than the description', () => {
    expect(toolSimilarity(0.3, [0.2, 0.8, 0.5])).toBeCloseTo(0.8 - EXAMPLE_SIMILARITY.discount, 10);
    expect(toolSimilarity(0.7, [0.2, 0.6])).toBe(0.7);
  });
});
