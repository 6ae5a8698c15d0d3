import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeClock, isToolError } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '../testing/create-test-memory-store.js';
import type { FactCategory } from '@chief-of-staff/stores';

async function errorOf(work: Promise<unknown>): Promise<{ code: string; message: string; hint?: string }> {
  try {
    await work;
  } catch (error) {
    if (isToolError(error)) return { code: error.code, message: error.message, hint: error.hint };
    throw error;
  }
  throw new Error('expected an error');
}

describe('FactsRepository', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;

  beforeEach(() => {
    clock = new FakeClock('2026-01-15T09:00:00.000Z');
    store = createTestMemoryStore({ clock });
  });
  afterEach(async () => await store.cleanup());

  /** Writes facts straight into the table, as a store of thousands of facts would hold them (work facts, one date). */
  const bulkInsert = () =>
    store.database.sqlite.prepare(
      `INSERT INTO facts (category, key, value, confidence, pinned, source, embedding_status, created_at, updated_at)
       VALUES ('work', ?, ?, 1, 0, 'user', 'pending', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    );

  it('upserts on (category, key): replaces the value, keeps created_at, reports created', async () => {
    const first = await store.facts.upsert({ category: 'preference', key: 'coffee', value: 'flat white', source: 'user' });
    expect(first.created).toBe(true);
    expect(first.fact).toMatchObject({ confidence: 1, pinned: false, embeddingStatus: 'pending', createdAt: '2026-01-15T09:00:00.000Z' });
    clock.advanceDays(1);
    const second = await store.facts.upsert({ category: 'preference', key: 'coffee', value: 'oat latte', confidence: 0.8, pinned: true, source: 'assistant' });
    expect(second.created).toBe(false);
    expect(second.fact).toMatchObject({
      id: first.fact.id,
      value: 'oat latte',
      confidence: 0.8,
      pinned: true,
      source: 'assistant',
      createdAt: '2026-01-15T09:00:00.000Z',
      updatedAt: '2026-01-16T09:00:00.000Z',
    });
    expect(await store.facts.count()).toBe(1);
  });

  it('rejects a bad category, an empty key and an out-of-range confidence, naming the field', async () => {
    const bad = await errorOf(store.facts.upsert({ category: 'hobby' as FactCategory, key: 'k', value: 'v', source: 'user' }));
    expect(bad.code).toBe('INVALID_ARGUMENT');
    expect(bad.message).toMatch(/^category:/);
    expect(bad.hint).toContain('personal, preference, work, relationship, backlog');
    expect((await errorOf(store.facts.upsert({ category: 'work', key: '  ', value: 'v', source: 'user' }))).message).toMatch(/^key:/);
    expect((await errorOf(store.facts.upsert({ category: 'work', key: 'k', value: 'v', confidence: 1.5, source: 'user' }))).message).toMatch(
      /^confidence:/,
    );
  });

  it('lists deterministically by category and key, with literal prefixes and pagination', async () => {
    for (const key of ['b_2', 'a%1', 'a_1', 'ab']) await store.facts.upsert({ category: 'work', key, value: 'x', source: 'user' });
    await store.facts.upsert({ category: 'personal', key: 'z', value: 'x', source: 'user' });
    const first = await store.facts.list({}, { limit: 3 });
    expect(first.items.map((f) => `${f.category}/${f.key}`)).toEqual(['personal/z', 'work/a%1', 'work/a_1']);
    expect(first.total).toBe(5);
    const second = await store.facts.list({}, { limit: 3, cursor: first.next_cursor });
    expect(second.items.map((f) => f.key)).toEqual(['ab', 'b_2']);
    expect(second.next_cursor).toBeNull();
    // `_` and `%` in a prefix are literal characters.
    expect((await store.facts.list({ prefix: 'a_' }, {})).items.map((f) => f.key)).toEqual(['a_1']);
    expect((await store.facts.list({ prefix: 'a%' }, {})).items.map((f) => f.key)).toEqual(['a%1']);
  });

  it('keeps full-text search in sync on insert, update and delete', async () => {
    const { fact } = await store.facts.upsert({ category: 'work', key: 'standup', value: 'daily at nine', source: 'user' });
    expect(await store.facts.fullTextCandidates('nine', { limit: 50 })).toEqual([fact.id]);
    expect(await store.facts.fullTextCandidates('nine', { limit: 50, category: 'work' })).toEqual([fact.id]);
    expect(await store.facts.fullTextCandidates('nine', { limit: 50, category: 'personal' })).toEqual([]);
    await store.facts.upsert({ category: 'work', key: 'standup', value: 'daily at ten', source: 'user' });
    expect(await store.facts.fullTextCandidates('nine', { limit: 50 })).toEqual([]);
    expect(await store.facts.fullTextCandidates('ten', { limit: 50 })).toEqual([fact.id]);
    expect(await store.facts.substringCandidates('at te', { limit: 50 })).toEqual([fact.id]);
    await store.facts.delete('work', 'standup');
    expect(await store.facts.fullTextCandidates('ten', { limit: 50 })).toEqual([]);
    expect(await store.facts.substringCandidates('at te', { limit: 50 })).toEqual([]);
    expect(store.database.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('never throws on FTS syntax characters and treats LIKE wildcards literally', async () => {
    await store.facts.upsert({ category: 'work', key: 'discount', value: 'we give 100% off on _friday_', source: 'user' });
    await store.facts.upsert({ category: 'work', key: 'other', value: 'plain text', source: 'user' });
    const hostile = ['"', '""', '*', 'NEAR(', 'a AND', 'OR', '(x', 'col:val', '^start', '-', '+', "'", '\\', '%', '_', '100%', 'a"b', '{}', 'NOT NOT'];
    for (const query of hostile) {
      await store.facts.fullTextCandidates(query, { limit: 50 });
      await store.facts.substringCandidates(query, { limit: 50 });
    }
    expect(await store.facts.substringCandidates('%', { limit: 50 })).toHaveLength(1);
    expect(await store.facts.substringCandidates('_', { limit: 50 })).toHaveLength(1);
    expect(await store.facts.substringCandidates('100%', { limit: 50 })).toHaveLength(1);
  });

  it('matches substrings case-insensitively beyond ASCII, exact key first', async () => {
    const street = await store.facts.upsert({ category: 'personal', key: 'address', value: 'Hauptstraße 5, ÉCOLE district', source: 'user' });
    clock.advanceDays(1);
    const exact = await store.facts.upsert({ category: 'personal', key: 'École', value: 'the old school', source: 'user' });
    expect(await store.facts.substringCandidates('école', { limit: 50 })).toEqual([exact.fact.id, street.fact.id]);
    expect(await store.facts.substringCandidates('STRAßE', { limit: 50 })).toEqual([street.fact.id]);
    expect(await store.facts.substringCandidates('ÉC', { limit: 50 })).toEqual([exact.fact.id, street.fact.id]);
    expect(await store.facts.substringCandidates('école', { limit: 50, category: 'work' })).toEqual([]);
  });

  it('leaves a term found in most facts out of the full-text list when the query has a rarer one', async () => {
    const insert = bulkInsert();
    store.database.writeTransaction(() => {
      for (let i = 0; i < 2_500; i++) insert.run(`note_${i}`, i % 500 === 0 ? `quarterly zebra review ${i}` : `quarterly review ${i}`);
    });
    const zebras = await store.facts.fullTextCandidates('quarterly zebra', { limit: 50 });
    expect(zebras).toHaveLength(5);
    expect((await store.facts.getMany(zebras ?? [])).every((fact) => fact.value.includes('zebra'))).toBe(true);
    // Only common terms: all are kept, so the list is still filled.
    expect(await store.facts.fullTextCandidates('quarterly review', { limit: 50 })).toHaveLength(50);
  });

  it('counts a word\'s facts as they are now, after deletions, and counts words in any script', async () => {
    const insert = bulkInsert();
    store.database.writeTransaction(() => {
      for (let i = 0; i < 2_500; i++) insert.run(`note_${i}`, i % 500 === 0 ? `quarterly רבעוני zebra זברה ${i}` : `quarterly רבעוני ${i}`);
    });
    // A word in every fact, in Hebrew as in English, is left out beside a rarer one.
    expect(await store.facts.fullTextCandidates('quarterly zebra', { limit: 200 })).toHaveLength(5);
    expect(await store.facts.fullTextCandidates('רבעוני זברה', { limit: 200 })).toHaveLength(5);
    // Once most of its facts are deleted, "quarterly" is a rare word that finds its 100 facts again.
    store.database.sqlite.prepare(`DELETE FROM facts WHERE key LIKE 'note_%' AND id % 25 != 0`).run();
    expect(await store.facts.fullTextCandidates('quarterly zebra', { limit: 200 })).toHaveLength(100);
  });

  it('finds only by the rarest terms within the budget of facts, the default or a caller\'s, or by the usual rule when none fits', async () => {
    const insert = bulkInsert();
    // 2,500 facts: "quarterly" in all, "leo" in 5% (125), "zebra" in 0.2% (5, none with "leo").
    store.database.writeTransaction(() => {
      for (let i = 0; i < 2_500; i++) insert.run(`note_${i}`, i % 500 === 1 ? `quarterly zebra ${i}` : i % 20 === 0 ? `quarterly leo ${i}` : `quarterly ${i}`);
    });
    const valuesOf = async (ids: number[] | null) => (await store.facts.getMany(ids ?? [])).map((fact) => fact.value);
    // Zebra's 5 facts and leo's 125 do not fit in the default 5% (125 facts): only zebra finds…
    const zebras = await valuesOf(await store.facts.fullTextCandidates('leo zebra', { limit: 50 }));
    expect(zebras).toHaveLength(5);
    expect(zebras.every((value) => value.includes('zebra'))).toBe(true);
    // …nor in 2% (50 facts).
    expect(await valuesOf(await store.facts.fullTextCandidates('leo zebra', { limit: 50, findShare: 0.02 }))).toHaveLength(5);
    // In 6% (150 facts) both fit.
    expect(await valuesOf(await store.facts.fullTextCandidates('leo zebra', { limit: 200, findShare: 0.06 }))).toHaveLength(130);
    // Alone, leo finds its facts.
    expect(await store.facts.fullTextCandidates('leo', { limit: 200 })).toHaveLength(125);
    // No term fits in 2%: the usual share decides, so "quarterly" (in every fact) is still left out.
    const fallback = await valuesOf(await store.facts.fullTextCandidates('leo quarterly', { limit: 200, findShare: 0.02 }));
    expect(fallback).toHaveLength(125);
    expect(fallback.every((value) => value.includes('leo'))).toBe(true);
  });

  it('ranks what the rarer words find by every word of the query, as one search over all of them would', async () => {
    const insert = bulkInsert();
    // 2,500 facts: "leo" in 6% (154), "zebra" in 13, seven of those also with "leo"; lengths vary so bm25 tells them apart.
    store.database.writeTransaction(() => {
      for (let i = 0; i < 2_500; i++) {
        const padding = 'word '.repeat(i % 7);
        insert.run(`note_${i}`, i % 200 === 0 ? `zebra ${i % 400 === 0 ? 'leo ' : ''}${padding}${i}` : i % 17 === 0 ? `leo ${padding}${i}` : `plain ${padding}${i}`);
      }
    });
    const everyWord = store.database.sqlite
      .prepare<[], { id: number }>(`SELECT rowid AS id FROM facts_fts WHERE facts_fts MATCH '"zebra" OR "leo"' ORDER BY bm25(facts_fts), rowid`)
      .all()
      .map((row) => row.id);
    const zebraFacts = new Set(await store.facts.fullTextCandidates('zebra', { limit: 50 }));
    expect(zebraFacts.size).toBe(13);
    const expected = everyWord.filter((id) => zebraFacts.has(id));
    for (const limit of [2, 6, 50]) {
      const found = await store.facts.fullTextCandidates('leo zebra', { limit });
      expect(found).toEqual(expected.slice(0, limit));
    }
    const values = await store.facts.getMany((await store.facts.fullTextCandidates('leo zebra', { limit: 50 })) ?? []);
    const byId = new Map(values.map((fact) => [fact.id, fact.value]));
    const order = expected.map((id) => byId.get(id) ?? '');
    // The facts that also hold "leo" come first; a time window that keeps every fact changes nothing.
    expect(order.slice(0, 7).every((value) => value.includes('leo'))).toBe(true);
    expect(order.slice(7).some((value) => value.includes('leo'))).toBe(false);
    const window = { from: '2025-01-01T00:00:00.000Z' };
    expect(await store.facts.fullTextCandidates('leo zebra', { limit: 6, observed: window })).toEqual(expected.slice(0, 6));
  });
});
