import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createToolContext, FakeClock, runTool, type AnyToolDefinition, type ToolCaller } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import type { z } from 'zod';
import { deleteFactTool, listFactsTool, storeFactTool, storeMemoryTool } from '../fact-tools.js';
import { linkIdentityTool, listPeopleTool, searchIdentityTool, unlinkIdentityTool } from '../identity-tools.js';
import { listLocationsTool, storeLocationTool } from '../location-tools.js';
import { queryMemoryTool } from '../query-memory-tool.js';

describe('memory tools', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;
  const call = (tool: AnyToolDefinition, args: unknown, caller: ToolCaller = { kind: 'host' }) =>
    runTool(tool, args, createToolContext({ services: { memory: store }, clock, caller }));
  const ok = async <T extends AnyToolDefinition>(tool: T, args: unknown, caller?: ToolCaller): Promise<z.output<T['output']>> => {
    const result = await call(tool, args, caller);
    if (!result.ok) throw new Error(`${tool.name} failed: ${result.error.code} ${result.error.message}`);
    return result.value as z.output<T['output']>;
  };

  beforeEach(() => {
    clock = new FakeClock('2026-02-01T10:00:00.000Z');
    store = createTestMemoryStore({ clock });
  });
  afterEach(async () => await store.cleanup());

  it('stores, finds, lists and deletes a fact; the agent caller becomes the source', async () => {
    const stored = await ok(storeMemoryTool, { category: 'preference', key: 'noa_coffee', value: 'Noa drinks oat flat whites' }, { kind: 'agent', agentName: 'researcher' });
    expect(stored).toMatchObject({ created: true, fact: { source: 'researcher', confidence: 1, pinned: false, embedding_status: 'pending' } });
    const again = await ok(storeFactTool, { category: 'preference', key: 'noa_coffee', value: 'Noa drinks oat lattes', confidence: 0.7 });
    expect(again).toMatchObject({ created: false, fact: { id: stored.fact.id, source: 'user', value: 'Noa drinks oat lattes' } });

    const found = await ok(queryMemoryTool, { query: 'Noa latte' });
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ id: stored.fact.id, category: 'preference', key: 'noa_coffee', confidence: 0.7 });
    expect(found.items[0]?.score).toBeLessThanOrEqual(0.7);
    expect(found.warnings).toEqual(expect.arrayContaining([expect.stringContaining('Vector search skipped')]));

    expect((await ok(listFactsTool, { category: 'preference' })).items.map((f: { key: string }) => f.key)).toEqual(['noa_coffee']);
    expect(await ok(deleteFactTool, { category: 'preference', key: 'noa_coffee' })).toEqual({ deleted: true, id: stored.fact.id });
    const missing = await call(deleteFactTool, { category: 'preference', key: 'noa_coffee' });
    expect(missing).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Fact preference/noa_coffee not found.', details: { entity: 'Fact', id: 'preference/noa_coffee' } },
    });
  });

  it('answers a question about a conversation with the named person\'s reply that follows the matching turn', async () => {
    const thread = (speaker: string) => ({ provider: 'message', thread_id: 'chat with Mel, 8 May', timestamp: '2023-05-08T13:56', from_identity: speaker });
    const turns = [
      ['Caroline', 'Caroline: What did you paint last weekend?'],
      ['Melanie', 'Melanie: A sunset over the lake with my kids.'],
      ['Caroline', 'Caroline: I painted my bedroom wall last weekend.'],
      ['Melanie', 'Melanie: Nice! We went camping after that.'],
    ] as const;
    for (const [index, [speaker, value]] of turns.entries()) {
      await ok(storeFactTool, { category: 'personal', key: `D1:${index + 1}`, value, source_ref: thread(speaker) });
    }
    const found = await ok(queryMemoryTool, { query: 'What did Melanie paint last weekend?', limit: 3 });
    const keys = found.items.map((item: { key: string }) => item.key);
    // The reply shares no word with the question: it is found as the turn after the question it answers, and
    // Caroline's own painting (same words, the other person) does not come before it.
    expect(keys).toContain('D1:2');
    expect(keys.indexOf('D1:2')).toBeLessThan(keys.includes('D1:3') ? keys.indexOf('D1:3') : Infinity);
  });

  it('answers "when" from the date a fact was said, and keeps only the facts of a since/until window', async () => {
    const said = async (key: string, value: string, observed_at?: string) =>
      (await ok(storeFactTool, { category: 'personal', key, value, ...(observed_at === undefined ? {} : { observed_at }) })).fact;
    const group = await said('D1:3', 'Caroline: I went to the LGBTQ support group yesterday and it was so powerful.', '2023-05-08T13:56');
    expect(group.observed_at).toBe('2023-05-08T13:56:00.000Z');
    await said('D7:2', 'Caroline: The support group had a picnic by the lake.', '2023-07-02');
    await said('D9:1', 'Caroline: I keep going to the support group every week.');

    const when = await ok(queryMemoryTool, { query: 'When did Caroline go to the support group?' });
    expect(when.items.map((item: { key: string; observed_at?: string | null }) => [item.key, item.observed_at])).toEqual(
      expect.arrayContaining([
        ['D1:3', '2023-05-08T13:56:00.000Z'],
        ['D7:2', '2023-07-02'],
        // Said without a date: unknown, not the day it was stored.
        ['D9:1', null],
      ]),
    );

    // A question naming a date prefers what was said that day over better word matches said on other days.
    const onMay8 = await ok(queryMemoryTool, { query: 'What did Caroline say about the support group on May 8, 2023?' });
    expect(onMay8.items[0]?.key).toBe('D1:3');

    const may = await ok(queryMemoryTool, { query: 'support group', since: '2023-05-01', until: '2023-05-31' });
    expect(may.items.map((item: { key: string }) => item.key)).toEqual(['D1:3']);
    // Without observed_at a fact counts at its creation (the clock's 2026-02-01); a day-only until keeps the whole day.
    const summer = await ok(queryMemoryTool, { query: 'support group', since: '2023-07-02' });
    expect(summer.items.map((item: { key: string }) => item.key).sort()).toEqual(['D7:2', 'D9:1']);
    const onDay = await ok(queryMemoryTool, { query: '', since: '2023-07-02', until: '2023-07-02' });
    expect(onDay.items.map((item: { key: string }) => item.key)).toEqual(['D7:2']);

    const backwards = await call(queryMemoryTool, { query: 'support group', since: '2023-06-01', until: '2023-05-01' });
    expect(!backwards.ok && backwards.error).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('since') });
    const notADate = await call(queryMemoryTool, { query: 'support group', since: 'last spring' });
    expect(!notADate.ok && notADate.error).toMatchObject({ code: 'INVALID_ARGUMENT', hint: expect.stringContaining('YYYY-MM-DD') });
    const badObserved = await call(storeFactTool, { category: 'personal', key: 'x', value: 'y', observed_at: '2023-13-01' });
    expect(!badObserved.ok && badObserved.error.message).toMatch(/^observed_at:/);
  });

  it('reports bad input as INVALID_ARGUMENT naming the field and the accepted values', async () => {
    const badCategory = await call(storeMemoryTool, { category: 'hobby', key: 'k', value: 'v' });
    expect(badCategory.ok).toBe(false);
    if (!badCategory.ok) {
      expect(badCategory.error.code).toBe('INVALID_ARGUMENT');
      expect(badCategory.error.message).toContain('category');
      expect(badCategory.error.message).toContain('relationship');
    }
    const unknownKey = await call(listFactsTool, { categroy: 'work' });
    expect(!unknownKey.ok && unknownKey.error.hint).toContain('category');
    const blank = await call(queryMemoryTool, { query: '   ' });
    expect(!blank.ok && blank.error.message).toBe('query: is blank and no category or time window was given.');
    const zero = await call(listFactsTool, { limit: 0 });
    expect(!zero.ok && zero.error.code).toBe('INVALID_ARGUMENT');
  });

  it('clamps a large limit with a warning and rejects a cursor reused with other filters', async () => {
    for (let i = 0; i < 3; i += 1) await ok(storeFactTool, { category: 'work', key: `k${i}`, value: `v${i}` });
    const clamped = await ok(listFactsTool, { limit: 1000 });
    expect(clamped.warnings).toEqual(['limit clamped to 200']);
    const first = await ok(listFactsTool, { category: 'work', limit: 2 });
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await ok(listFactsTool, { category: 'work', limit: 2, cursor: first.next_cursor });
    expect(second.items.map((f: { key: string }) => f.key)).toEqual(['k2']);
    const wrong = await call(listFactsTool, { category: 'personal', limit: 2, cursor: first.next_cursor });
    expect(!wrong.ok && wrong.error.message).toMatch(/^cursor:/);
  });

  it('upserts locations by case-folded name and searches them through query_memory', async () => {
    const created = await ok(storeLocationTool, { name: 'Office', address: '1 Main St', latitude: 51.5, longitude: -0.12 });
    const updated = await ok(storeLocationTool, { name: 'OFFICE', notes: 'third floor' });
    expect(updated).toMatchObject({ created: false, location: { id: created.location.id, name: 'OFFICE', address: '1 Main St', notes: 'third floor', latitude: 51.5 } });
    const half = await call(storeLocationTool, { name: 'Home', latitude: 10 });
    expect(!half.ok && half.error.message).toMatch(/^longitude:/);
    await ok(storeLocationTool, { name: 'Home' });
    expect((await ok(listLocationsTool, {})).items.map((l: { name: string }) => l.name)).toEqual(['Home', 'OFFICE']);
    expect((await ok(listLocationsTool, { query: 'main' })).items).toHaveLength(1);
    const viaQuery = await ok(queryMemoryTool, { query: 'main st', category: 'location' });
    expect(viaQuery.items).toEqual([
      expect.objectContaining({ category: 'location', key: 'OFFICE', value: '1 Main St', score: 1, relevance: 1 }),
    ]);
  });

  it('links identities with normalised ids, searches them exact-name first, and unlinks', async () => {
    const email = await ok(linkIdentityTool, { canonical_name: 'Noa Levi', provider: 'email', provider_id: 'Noa.Levi@Example.COM' });
    expect(email.identity).toMatchObject({ provider_id: 'noa.levi@example.com', email: 'noa.levi@example.com' });
    const phone = await ok(linkIdentityTool, { canonical_name: 'Noa Levi', provider: 'whatsapp', provider_id: '+44 (20) 7946-0958' });
    expect(phone.identity.provider_id).toBe('+442079460958');
    const same = await ok(linkIdentityTool, { canonical_name: 'Noa Levi', provider: 'whatsapp', provider_id: '44 20 7946 0958', display_name: 'Noa' });
    expect(same).toMatchObject({ created: false, identity: { id: phone.identity.id, display_name: 'Noa' } });
    await ok(linkIdentityTool, { canonical_name: 'Noah Levinson', provider: 'slack', provider_id: 'U123' });
    const search = await ok(searchIdentityTool, { query: 'NOAH LEVINSON' });
    expect(search.items.map((i: { canonical_name: string }) => i.canonical_name)).toEqual(['Noah Levinson']);
    const broad = await ok(searchIdentityTool, { query: 'noa' });
    expect(broad.items.map((i: { provider: string }) => i.provider)).toEqual(['email', 'whatsapp', 'slack']);
    const badEmail = await call(linkIdentityTool, { canonical_name: 'X', provider: 'email', provider_id: 'not-an-email' });
    expect(!badEmail.ok && badEmail.error.message).toMatch(/^provider_id:/);
    expect(await ok(unlinkIdentityTool, { provider: 'email', provider_id: 'NOA.LEVI@example.com' })).toEqual({ deleted: true, id: email.identity.id });
    const gone = await call(unlinkIdentityTool, { provider: 'email', provider_id: 'noa.levi@example.com' });
    expect(!gone.ok && gone.error.code).toBe('NOT_FOUND');
  });

  it('lists people, one entry per person with every handle, paged by person and narrowed by a query', async () => {
    await ok(linkIdentityTool, { canonical_name: 'Noa Levi', provider: 'email', provider_id: 'noa@example.com' });
    await ok(linkIdentityTool, { canonical_name: 'noa levi', provider: 'slack', provider_id: 'U1' });
    await ok(linkIdentityTool, { canonical_name: 'Amir Cohen', provider: 'github', provider_id: 'amirc' });
    const first = await ok(listPeopleTool, { limit: 1 });
    expect(first.total).toBe(2);
    expect(first.items).toEqual([{ canonical_name: 'Amir Cohen', identities: [expect.objectContaining({ provider: 'github', provider_id: 'amirc' })] }]);
    const second = await ok(listPeopleTool, { limit: 1, cursor: first.next_cursor });
    expect(second.items.map((person: { canonical_name: string; identities: unknown[] }) => [person.canonical_name, person.identities.length])).toEqual([['Noa Levi', 2]]);
    expect(second.next_cursor).toBeNull();
    const bySlack = await ok(listPeopleTool, { query: 'u1' });
    expect(bySlack.items.map((person: { identities: { provider: string }[] }) => person.identities.map((identity) => identity.provider))).toEqual([['email', 'slack']]);
    expect((await ok(listPeopleTool, { query: '' })).total).toBe(2);
    const tooMany = await call(listPeopleTool, { limit: 0 });
    expect(!tooMany.ok && tooMany.error.code).toBe('INVALID_ARGUMENT');
  });
});
