import { describe, expect, it } from '@jest/globals';
import { BM25, bm25Idf, bm25TermScore } from './bm25.js';

describe('BM25', () => {
  it('weighs a rare word above a common one, and never below zero', () => {
    expect(bm25Idf(1000, 3)).toBeGreaterThan(bm25Idf(1000, 300));
    expect(bm25Idf(10, 10)).toBeGreaterThan(0);
  });

  it('saturates repeated words and prefers the shorter text for the same count', () => {
    const idf = bm25Idf(100, 5);
    expect(bm25TermScore(idf, 10, 20, 20) / bm25TermScore(idf, 1, 20, 20)).toBeLessThan(BM25.k1 + 1);
    expect(bm25TermScore(idf, 1, 10, 20)).toBeGreaterThan(bm25TermScore(idf, 1, 40, 20));
    expect(bm25TermScore(idf, 0, 10, 20)).toBe(0);
  });
});
