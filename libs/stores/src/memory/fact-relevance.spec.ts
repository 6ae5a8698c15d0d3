import { describe, expect, it } from '@jest/globals';
import { scoreFacts } from './fact-ranking.js';
import { DEFAULT_FACT_RELEVANCE, factRelevance, feedbackQuery, type FactCandidates } from './fact-relevance.js';
import type { FactRecord } from './facts-repository.js';

const now = new Date('2026-03-01T00:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

function fact(id: number, value: string, extra: Partial<FactRecord> = {}): FactRecord {
  return {
    id,
    category: 'personal',
    key: `turn_${id}`,
    value,
    confidence: 1,
    pinned: false,
    source: 'user',
    sourceRef: { provider: 'message', thread_id: 'chat-1' },
    embeddingStatus: 'ok',
    observedAt: null,
    createdAt: daysAgo(1),
    updatedAt: daysAgo(1),
    ...extra,
  };
}

function candidates(query: string, fullText: number[], records: FactRecord[], vector?: number[]): FactCandidates {
  return {
    query,
    fullText,
    substring: [],
    hebrew: [],
    ...(vector ? { vector: vector.map((factId, index) => ({ factId, similarity: 0.6 - index * 0.01 })) } : {}),
    records: new Map(records.map((record) => [record.id, record])),
  };
}

describe('fact relevance', () => {
  it('ranks the fact of the person the question names above the same words said by someone else', () => {
    const records = [fact(1, 'Melanie: I went hiking with the kids last weekend.'), fact(2, 'Caroline: I went hiking with friends last weekend.')];
    const relevance = factRelevance(candidates('When did Caroline go hiking?', [1, 2], records), { ...DEFAULT_FACT_RELEVANCE, nameWeight: 0.5 });
    expect(relevance.get(2) as number).toBeGreaterThan(relevance.get(1) as number);
  });

  it('lifts the reply after a matching turn of the same thread, and not a fact of another thread', () => {
    const records = [
      fact(1, 'Caroline: What did you paint last week?'),
      fact(2, 'Melanie: A sunset over the lake, with my kids.'),
      fact(3, 'Melanie: Unrelated words here.', { sourceRef: { provider: 'message', thread_id: 'chat-2' } }),
      fact(4, 'Caroline: I like to paint in the park.'),
    ];
    const lists = candidates('What did Melanie paint?', [1, 4], records);
    expect(factRelevance(lists, { ...DEFAULT_FACT_RELEVANCE, neighbourWeight: 0 }).has(2)).toBe(false);
    const relevance = factRelevance(lists, { ...DEFAULT_FACT_RELEVANCE, neighbourWeight: 0.5 });
    // Fact 2 matched nothing itself; it follows the question it answers.
    expect(relevance.get(2) as number).toBeGreaterThan(0);
    // Fact 3 is next to fact 4 by id but was stored from another thread.
    expect(relevance.has(3)).toBe(false);
  });

  it('prefers the fact said on the date a question names, and leaves questions without a date as they were', () => {
    const records = [
      fact(1, 'Melanie: I painted a lake sunset with the kids.', { observedAt: '2023-07-02' }),
      fact(2, 'Melanie: My kids and I painted a lake sunset.', { observedAt: '2023-10-13T18:00:00.000Z' }),
    ];
    const parameters = { ...DEFAULT_FACT_RELEVANCE, neighbourWeight: 0, dateWeight: 1 };
    const dated = factRelevance(candidates('What did Melanie paint on October 13, 2023?', [1, 2], records), parameters);
    expect(dated.get(2) as number).toBeGreaterThan(dated.get(1) as number);
    const undated = factRelevance(candidates('What did Melanie paint?', [1, 2], records), parameters);
    expect(undated).toEqual(factRelevance(candidates('What did Melanie paint?', [1, 2], records), { ...parameters, dateWeight: 0 }));
  });

  it('weighs the vector list by its weight: at 0 only the lexical lists count', () => {
    const records = [fact(1, 'a'), fact(2, 'b')];
    const relevance = factRelevance(candidates('q', [1], records, [2]), { ...DEFAULT_FACT_RELEVANCE, vectorWeight: 0, neighbourWeight: 0 });
    expect(relevance.has(2)).toBe(false);
    // First in the full-text list, absent from the (empty) substring list.
    expect(relevance.get(1)).toBeCloseTo(1 / 2, 10);
  });

  it('keeps the answer in the top 3 when newer, pinned facts match the question less well (the prior does not bury it)', () => {
    // The answer is 60 days old at confidence 0.8 and first in both lists; ten facts stored yesterday, half of them
    // pinned, come right after it in both.
    const answer = fact(1, 'Noa: my flight to Lisbon leaves on the 14th of May.', { updatedAt: daysAgo(60), confidence: 0.8 });
    const noise = Array.from({ length: 10 }, (_, i) => fact(10 + i, `Noa: the ${i}th thing about May`, { pinned: i % 2 === 0, sourceRef: null }));
    const records = [answer, ...noise];
    const order = [1, ...noise.map((n) => n.id)];
    const relevance = factRelevance(candidates('When does Noa fly to Lisbon?', order, records, order), DEFAULT_FACT_RELEVANCE);
    const ranked = scoreFacts(records.filter((record) => relevance.has(record.id)), relevance, { now, halfLifeDays: 90 });
    expect(ranked.slice(0, 3).map((entry) => entry.fact.id)).toContain(1);
  });

  it('expands a question with the words its best facts share, and lets the feedback list lift an answer it found', () => {
    const records = [
      fact(1, 'Caroline: I researched adoption agencies all week.', { sourceRef: null }),
      fact(2, 'Caroline: the adoption agency wants references.', { sourceRef: null }),
      fact(3, 'Caroline: Really glad, thanks.', { sourceRef: null }),
      fact(4, 'Caroline: I filled in the agency forms for the kids.', { sourceRef: null }),
    ];
    const lists = candidates('What did Caroline research?', [1, 2], records);
    const expanded = feedbackQuery(lists, { ...DEFAULT_FACT_RELEVANCE, neighbourWeight: 0 });
    expect(expanded).toMatch(/^What did Caroline research\? .*agenc/);
    expect(expanded).not.toMatch(/caroline.*caroline/i);
    const withFeedback = { ...lists, feedback: [4, 1] };
    const parameters = { ...DEFAULT_FACT_RELEVANCE, neighbourWeight: 0 };
    expect(factRelevance(withFeedback, { ...parameters, feedbackWeight: 0 }).has(4)).toBe(false);
    expect(factRelevance(withFeedback, { ...parameters, feedbackWeight: 1 }).get(4) as number).toBeGreaterThan(0);
  });
});
