import { describe, expect, it } from '@jest/globals';
import { scoreFacts, temporalDecay } from './fact-ranking.js';
import { DEFAULT_FACT_RELEVANCE, factRelevance } from './fact-relevance.js';
import type { FactRecord } from './facts-repository.js';

/**
 * Fusion of plain id lists: full text, substring (where the fact keyed like the query ranks first) and vector matches.
 * Facts are keyed `k<id>`; the query is `k1`.
 */
function fuseRelevance(lists: number[][]): Map<number, number> {
  const [fullText = [], substring = [], vector] = lists;
  const ids = new Set(lists.flat());
  const records = new Map([...ids].map((id) => [id, { id, key: `k${id}`, value: '', sourceRef: null } as unknown as FactRecord]));
  return factRelevance(
    { query: 'k1', fullText, substring, hebrew: [], ...(vector ? { vector: vector.map((factId) => ({ factId, similarity: 1 })) } : {}), records },
    DEFAULT_FACT_RELEVANCE,
  );
}

const now = new Date('2026-03-01T00:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe('fact ranking', () => {
  it('gives relevance 1 to a fact ranked first in every list and less to others', () => {
    const relevance = fuseRelevance([
      [1, 2],
      [1, 3],
      [1],
    ]);
    expect(relevance.get(1)).toBeCloseTo(1, 10);
    expect(relevance.get(2)).toBeLessThan(relevance.get(1) as number);
    expect((relevance.get(2) as number) > 0 && (relevance.get(2) as number) < 0.5).toBe(true);
  });

  it('ranks a fact found by all three lists above one found by a single list', () => {
    const relevance = fuseRelevance([
      [2, 1],
      [2, 1],
      [1, 2],
    ]);
    const onlyOne = fuseRelevance([[9], [], []]);
    expect(relevance.get(1) as number).toBeGreaterThan(onlyOne.get(9) as number);
  });

  it('halves at the half-life, never grows for future timestamps, and never decays pinned facts', () => {
    expect(temporalDecay(daysAgo(90), now, 90, false)).toBeCloseTo(0.5, 10);
    expect(temporalDecay(daysAgo(-5), now, 90, false)).toBe(1);
    expect(temporalDecay(daysAgo(3650), now, 90, true)).toBe(1);
  });

  it('prefers the more recent fact at equal confidence and relevance', () => {
    const facts = [
      { id: 1, confidence: 0.8, pinned: false, updatedAt: daysAgo(40) },
      { id: 2, confidence: 0.8, pinned: false, updatedAt: daysAgo(2) },
    ];
    const ranked = scoreFacts(facts, new Map([[1, 1], [2, 1]]), { now, halfLifeDays: 90 });
    expect(ranked.map((entry) => entry.fact.id)).toEqual([2, 1]);
  });

  it('ranks confidence 1.0 aged 30 days above confidence 0.2 aged 1 day', () => {
    const facts = [
      { id: 1, confidence: 0.2, pinned: false, updatedAt: daysAgo(1) },
      { id: 2, confidence: 1, pinned: false, updatedAt: daysAgo(30) },
    ];
    const ranked = scoreFacts(facts, new Map([[1, 1], [2, 1]]), { now, halfLifeDays: 90 });
    expect(ranked.map((entry) => entry.fact.id)).toEqual([2, 1]);
  });

  it('breaks score ties by updated_at then id', () => {
    const at = daysAgo(1);
    const facts = [
      { id: 5, confidence: 1, pinned: true, updatedAt: at },
      { id: 3, confidence: 1, pinned: true, updatedAt: at },
      { id: 4, confidence: 1, pinned: true, updatedAt: daysAgo(0) },
    ];
    const ranked = scoreFacts(facts, new Map([[3, 1], [4, 1], [5, 1]]), { now, halfLifeDays: 90 });
    expect(ranked.map((entry) => entry.fact.id)).toEqual([4, 3, 5]);
  });
});
