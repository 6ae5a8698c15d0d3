import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeClock, isToolError } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '../testing/create-test-memory-store.js';
import { refreshFactVector, searchFacts, type FactVectorIndex } from '@chief-of-staff/stores';

/** A tiny in-memory implementation of the vector port: bag-of-letters vectors, cosine order. */
function letterVectorIndex(): FactVectorIndex & { stored: Map<number, Float32Array> } {
  const embed = (text: string) => {
    const v = new Float32Array(26);
    for (const ch of text.toLowerCase()) {
      const i = ch.charCodeAt(0) - 97;
      if (i >= 0 && i < 26) v[i] = (v[i] ?? 0) + 1;
    }
    return v;
  };
  const cos = (a: Float32Array, b: Float32Array) => {
    let d = 0;
    let x = 0;
    let y = 0;
    a.forEach((ai, i) => {
      d += ai * (b[i] ?? 0);
      x += ai * ai;
      y += (b[i] ?? 0) ** 2;
    });
    return x && y ? d / Math.sqrt(x * y) : 0;
  };
  const stored = new Map<number, Float32Array>();
  return {
    stored,
    async search(query, options) {
      const q = embed(query);
      return [...stored.entries()]
        .map(([factId, v]) => ({ factId, similarity: cos(q, v) }))
        .sort((a, b) => b.similarity - a.similarity || a.factId - b.factId)
        .slice(0, options.limit);
    },
    async getVectors(ids) {
      return new Map(ids.filter((id) => stored.has(id)).map((id) => [id, stored.get(id) as Float32Array]));
    },
    async upsertFact(fact) {
      stored.set(fact.id, embed(`${fact.key} ${fact.value}`));
    },
    async deleteFact(id) {
      stored.delete(id);
    },
  };
}

describe('searchFacts (query_memory ranking)', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;
  const deps = () => ({ facts: store.facts, vectors: store.factVectors, clock });
  const put = async (key: string, value: string, options: { confidence?: number; pinned?: boolean; ageDays?: number } = {}) => {
    const at = clock.now();
    clock.set(new Date(at.getTime() - (options.ageDays ?? 0) * 86_400_000));
    const { fact } = await store.facts.upsert({ category: 'work', key, value, confidence: options.confidence, pinned: options.pinned, source: 'user' });
    clock.set(at);
    return fact;
  };

  beforeEach(() => {
    clock = new FakeClock('2026-03-01T12:00:00.000Z');
    store = createTestMemoryStore({ clock });
  });
  afterEach(async () => await store.cleanup());

  it('embeds facts left pending by a process without the model, but never waits for ones already on the way here', async () => {
    const index = letterVectorIndex();
    const embedded: number[] = [];
    const queuedHere = new Set<number>();
    const vectors: FactVectorIndex = {
      ...index,
      async upsertFact(fact) {
        embedded.push(fact.id);
        await index.upsertFact(fact);
      },
      isQueued: (id) => queuedHere.has(id),
    };
    const leftPending = await put('garden_plan', 'plan the spring garden beds');
    const onTheWay = await put('insurance', 'renew the car insurance');
    queuedHere.add(onTheWay.id);
    await searchFacts({ facts: store.facts, vectors, clock }, { query: 'garden' }, {});
    expect(embedded).toEqual([leftPending.id]);
    expect((await store.facts.getById(leftPending.id))?.embeddingStatus).toBe('ok');
    expect((await store.facts.getById(onTheWay.id))?.embeddingStatus).toBe('pending');
  });

  it('finds Hebrew facts from words with other one-letter prefixes', async () => {
    const meeting = await put('vendor_meeting', 'בפגישה עם הספק סיכמנו על הנחה של עשרה אחוזים');
    const leave = await put('leave_days', 'לכל עובד מגיעים עשרים ימי חופשה בשנה');
    await put('garden', 'the tomatoes need water twice a week');
    expect((await searchFacts(deps(), { query: 'מה סוכם בפגישות והספקים' }, {})).items.map((item) => item.fact.id)).toContain(meeting.id);
    const found = await searchFacts(deps(), { query: 'החופשה' }, {});
    expect(found.items.map((item) => item.fact.id)).toEqual([leave.id]);
  });

  it('ranks the recent fact first at equal confidence, and notes the skipped vector list', async () => {
    const old = await put('budget_old', 'budget review with finance', { ageDays: 60 });
    const recent = await put('budget_new', 'budget review with finance', { ageDays: 1 });
    const page = await searchFacts(deps(), { query: 'budget review' }, {});
    expect(page.items.map((item) => item.fact.id)).toEqual([recent.id, old.id]);
    expect(page.warnings?.some((w) => w.startsWith('Vector search skipped'))).toBe(true);
    expect(page.items[0]?.relevance).toBeLessThanOrEqual(1);
  });

  it('ranks confidence 1.0 aged 30 days above confidence 0.2 aged 1 day', async () => {
    const weak = await put('vendor_a', 'preferred vendor acme', { confidence: 0.2, ageDays: 1 });
    const strong = await put('vendor_b', 'preferred vendor acme', { confidence: 1, ageDays: 30 });
    const page = await searchFacts(deps(), { query: 'preferred vendor' }, {});
    expect(page.items.map((item) => item.fact.id)).toEqual([strong.id, weak.id]);
  });

  it('never decays pinned facts', async () => {
    const pinned = await put('pinned', 'passport number renewal', { pinned: true, ageDays: 3000 });
    const recent = await put('recent', 'passport number renewal', { ageDays: 2 });
    const page = await searchFacts(deps(), { query: 'passport', halfLifeDays: 1 }, {});
    expect(page.items.map((item) => item.fact.id)).toEqual([pinned.id, recent.id]);
    const top = page.items[0];
    expect(top?.score).toBe(top?.relevance);
    // Two days at a one-day half-life: decay 0.25, prior 0.5 + 0.5 × 0.25.
    expect(page.items[1]?.score).toBeCloseTo((page.items[1]?.relevance ?? 0) * 0.625, 3);
  });

  it('lets a fact found by full text, substring and vector outrank one found by a single list', async () => {
    store.attachFactVectorIndex(letterVectorIndex());
    const all = await put('roadmap', 'roadmap planning');
    const one = await put('zzz', 'qqq roadmaps');
    await refreshFactVector({ facts: store.facts, vectors: store.factVectors }, all);
    const page = await searchFacts(deps(), { query: 'roadmap' }, {});
    expect(page.items[0]?.fact.id).toBe(all.id);
    expect(page.items[0]?.relevance).toBe(1);
    expect(page.items.find((item) => item.fact.id === one.id)?.relevance ?? 0).toBeLessThan(1);
    expect(page.warnings).toBeUndefined();
  });

  it('skips a failing vector list with a warning instead of failing', async () => {
    store.attachFactVectorIndex({
      ...letterVectorIndex(),
      search: async () => {
        throw new Error('embedder offline');
      },
    });
    await put('a', 'alpha beta');
    const page = await searchFacts(deps(), { query: 'alpha' }, {});
    expect(page.items).toHaveLength(1);
    expect(page.warnings?.[0]).toContain('embedder offline');
  });

  it('demotes near-duplicates with diverse=true and reports non-increasing mmr_score', async () => {
    const a = await put('standup_time', 'team standup daily at nine in room four');
    const b = await put('standup_time_copy', 'team standup daily at nine in room four', { confidence: 0.9 });
    const c = await put('standup_notes', 'standup notes go in the shared drive', { confidence: 0.5 });
    const plain = await searchFacts(deps(), { query: 'standup' }, {});
    expect(plain.items.map((item) => item.fact.id)).toEqual([a.id, b.id, c.id]);
    const diverse = await searchFacts(deps(), { query: 'standup', diverse: true }, {});
    expect(diverse.items.map((item) => item.fact.id)).toEqual([a.id, c.id, b.id]);
    const mmr = diverse.items.map((item) => item.mmrScore as number);
    expect(mmr[0]).toBeGreaterThanOrEqual(mmr[1] as number);
    expect(mmr[1]).toBeGreaterThanOrEqual(mmr[2] as number);
  });

  it('returns every fact of a category for a blank query, pages by offset, and filters by min_score', async () => {
    for (let i = 0; i < 5; i += 1) await put(`k${i}`, `value ${i}`, { ageDays: i });
    await store.facts.upsert({ category: 'personal', key: 'other', value: 'value', source: 'user' });
    const first = await searchFacts(deps(), { query: '', category: 'work' }, { limit: 2 });
    expect(first.total).toBe(5);
    expect(first.items.map((item) => item.fact.key)).toEqual(['k0', 'k1']);
    expect(first.items[0]?.relevance).toBe(1);
    const second = await searchFacts(deps(), { query: '', category: 'work' }, { limit: 2, cursor: first.next_cursor });
    expect(second.items.map((item) => item.fact.key)).toEqual(['k2', 'k3']);
    // Prior 0.5 + 0.5 × decay: one day old 0.9962, two days 0.9923.
    const strict = await searchFacts(deps(), { query: '', category: 'work', minScore: 0.995 }, {});
    expect(strict.items.map((item) => item.fact.key)).toEqual(['k0', 'k1']);
  });

  it('rejects a blank query without a category and never throws on FTS syntax', async () => {
    await put('a', 'some "quoted" value (with) parens');
    const error = await searchFacts(deps(), { query: '  ' }, {}).catch((e: unknown) => e);
    expect(isToolError(error) && error.code === 'INVALID_ARGUMENT').toBe(true);
    for (const query of ['"', 'NEAR(a b', 'AND', '*', ':', 'quoted" OR', '(with)']) {
      await expect(searchFacts(deps(), { query }, {})).resolves.toBeDefined();
    }
    const page = await searchFacts(deps(), { query: '"quoted"' }, {});
    expect(page.items).toHaveLength(1);
  });

  it('does not match facts on function words alone when the query has other words', async () => {
    await put('party', 'the garden party is on the terrace');
    await put('hiring', 'board approved two engineer hires');
    const lexical = { facts: store.facts, clock };
    const page = await searchFacts(lexical, { query: 'what about the hiring of engineer' }, {});
    expect(page.items.map((item) => item.fact.key)).toEqual(['hiring']);
    const onlyFunctionWords = await searchFacts(lexical, { query: 'the' }, {});
    expect(onlyFunctionWords.items.map((item) => item.fact.key)).toEqual(['party']);
  });

  it('finds the turn after a match in the same thread, and lifts nothing next to a fact from no thread', async () => {
    const inThread = async (key: string, value: string, thread: string) =>
      (await store.facts.upsert({ category: 'personal', key, value, source: 'message', sourceRef: { provider: 'message', thread_id: thread } })).fact;
    const question = await inThread('turn_1', 'Caroline: what did you do on the weekend?', 'chat-1');
    const answer = await inThread('turn_2', 'Melanie: we went hiking by the lake with the kids.', 'chat-1');
    const note = await put('weekend_note', 'weekend plans are still open');
    const after = await put('pottery', 'pottery class every Tuesday');
    const lexical = { facts: store.facts, clock };
    const found = (await searchFacts(lexical, { query: 'weekend' }, {})).items.map((item) => item.fact.id);
    expect(found).toEqual(expect.arrayContaining([question.id, answer.id, note.id]));
    expect(found).not.toContain(after.id);
  });
});
