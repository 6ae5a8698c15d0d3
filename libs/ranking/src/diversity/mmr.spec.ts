import { describe, expect, it } from '@jest/globals';
import { jaccard, selectByMmr, wordSet } from './mmr.js';

describe('MMR and Jaccard', () => {
  it('computes Jaccard over folded word sets, 0 for empty', () => {
    expect(jaccard(wordSet('Coffee with Noa'), wordSet('coffee WITH noa'))).toBe(1);
    expect(jaccard(wordSet('a b'), wordSet('b c'))).toBeCloseTo(1 / 3, 10);
    expect(jaccard(new Set(), wordSet('x'))).toBe(0);
  });

  it('orders 1.0 / 0.6 / 0.5 as 1, 3, 2 when item 2 duplicates item 1, with non-increasing mmr scores', () => {
    const items = [
      { item: 'noa likes oat milk flat white', score: 1 },
      { item: 'noa likes oat milk flat white', score: 0.6 },
      { item: 'quarterly budget review friday', score: 0.5 },
    ];
    const selected = selectByMmr(items, 3, (a, b) => jaccard(wordSet(a), wordSet(b)));
    expect(selected.map((s) => s.score)).toEqual([1, 0.5, 0.6]);
    const mmr = selected.map((s) => s.mmrScore);
    expect(mmr[0]).toBeCloseTo(0.7, 10);
    expect(mmr[1]).toBeCloseTo(0.35, 10);
    expect(mmr[2]).toBeCloseTo(0.12, 10);
  });
});
