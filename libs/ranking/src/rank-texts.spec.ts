import { describe, expect, it } from '@jest/globals';
import { rankTexts, type CandidateList } from './rank-texts.js';
import { queryNames } from './evidence/evidence-boost.js';

const keyword = (keys: string[], weight = 1): CandidateList<string> => ({ kind: 'keyword', items: keys.map((key, index) => ({ key, score: 10 - index })), weight });
const semantic = (entries: [string, number][], weight: number): CandidateList<string> => ({
  kind: 'semantic',
  items: entries.map(([key, score]) => ({ key, score })),
  weight,
});

describe('the ranking engine', () => {
  it('gives 1 to a text ranked first in every list, and orders the rest by their places (ranks)', () => {
    const relevance = rankTexts([keyword(['a', 'b', 'c']), semantic([['a', 0.6], ['c', 0.5]], 0.5)], { method: 'ranks', k: 3 });
    expect(relevance.get('a')).toBeCloseTo(1);
    expect(relevance.get('c') as number).toBeGreaterThan(relevance.get('b') as number);
  });

  it('lets a clearly better keyword score count more than its place (scores)', () => {
    const lists: CandidateList<string>[] = [
      { kind: 'keyword', items: [{ key: 'a', score: 9 }, { key: 'b', score: 1 }], weight: 0.7 },
      semantic([['b', 0.51], ['a', 0.5]], 0.3),
    ];
    const relevance = rankTexts(lists, { method: 'scores', vectorSpread: 0.2 });
    expect(relevance.get('a') as number).toBeGreaterThan(relevance.get('b') as number);
  });

  it('keeps a flat semantic list from outvoting the keyword ranking (scores, spread floor)', () => {
    const lists = [keyword(['a', 'b']), semantic([['b', 0.401], ['a', 0.4]], 0.5)];
    const relevance = rankTexts(lists, { method: 'scores', vectorSpread: 0.2 });
    expect(relevance.get('a') as number).toBeGreaterThan(relevance.get('b') as number);
  });

  it('keeps every candidate of a list without weight, at no relevance, in score fusion', () => {
    const relevance = rankTexts([keyword(['a']), semantic([['z', 0.7]], 0)], { method: 'scores', vectorSpread: 0.2 });
    expect(relevance.get('z')).toBe(0);
  });

  it('lifts the text stored after a match in the same sequence, never above the match', () => {
    const order = ['t1', 't2', 't3'];
    const neighbours = (key: string) => {
      const at = order.indexOf(key);
      return [order[at - 1], order[at + 1]].filter((entry): entry is string => entry !== undefined);
    };
    const relevance = rankTexts([keyword(['t2', 'x'])], { method: 'ranks', k: 3 }, { neighbours: { of: neighbours, weight: 0.5 } });
    expect(relevance.get('t3') as number).toBeGreaterThan(0);
    expect(relevance.get('t3') as number).toBeLessThan(relevance.get('t2') as number);
    expect(relevance.has('y')).toBe(false);
  });

  it('prefers the text carrying what the query names, among texts of like relevance', () => {
    const carries = new Map([['b', 1]]);
    const relevance = rankTexts([keyword(['a', 'b'])], { method: 'ranks', k: 60 }, { shares: [{ of: (key) => carries.get(key) ?? 0, weight: 2 }] });
    expect(relevance.get('b') as number).toBeGreaterThan(relevance.get('a') as number);
  });

  it('reads the names a question mentions, not its capitalised function words', () => {
    expect(queryNames("When did Caroline go to Melanie's support group?")).toEqual(['caroline', 'melanie']);
    expect(queryNames('what does noa drink')).toEqual([]);
  });
});
