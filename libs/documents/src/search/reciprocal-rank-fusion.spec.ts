import { describe, expect, it } from '@jest/globals';
import { reciprocalRankFusion } from './reciprocal-rank-fusion.js';

const id = (item: string): string => item;

describe('reciprocalRankFusion', () => {
  it('scores an item ranked first in every list as 1', () => {
    const fused = reciprocalRankFusion([['a', 'b'], ['a', 'c']], id, 60);
    expect(fused[0]).toMatchObject({ id: 'a', score: 1, ranks: [1, 1] });
  });

  it('ranks an item found by both lists above items found by one', () => {
    const fused = reciprocalRankFusion([['x', 'both'], ['y', 'both']], id, 60);
    expect(fused.map((item) => item.id)).toEqual(['both', 'x', 'y']);
    expect(fused[1]?.score).toBeCloseTo((1 / 61) / (2 / 61), 10);
  });

  it('breaks ties by id and ignores repeats within one list', () => {
    const fused = reciprocalRankFusion([['b', 'b'], ['a']], id, 60);
    expect(fused.map((item) => [item.id, item.ranks])).toEqual([
      ['a', [undefined, 1]],
      ['b', [1, undefined]],
    ]);
  });

  it('lets a weak hit count for less than its rank', () => {
    // 'noise' is first in the second list but weighted 0.01; 'answer' is first in the first list.
    const weights: Record<string, number> = { noise: 0.01, answer: 1 };
    const fused = reciprocalRankFusion([['answer', 'noise'], ['noise']], id, 60, (item, list) => (list === 1 ? (weights[item] ?? 1) : 1));
    expect(fused.map((item) => item.id)).toEqual(['answer', 'noise']);
    expect(fused[1]?.score).toBeCloseTo((1 / 62 + 0.01 / 61) / (2 / 61), 10);
  });

  it('handles empty input', () => {
    expect(reciprocalRankFusion([], id)).toEqual([]);
    expect(reciprocalRankFusion([[], []], id)).toEqual([]);
  });
});
