/**
 * Memory → Facts over HTTP against a seeded console: listing, filtering, searching and paging render the tools'
 * facts; edit, pin, delete and undo change what list_facts returns; a POST without the CSRF token changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestConsole, type TestConsole } from '../testing/console-harness.js';
import { callTool, getPage, postForm, seedCalls } from './console-test-kit.js';

interface Fact {
  category: string;
  key: string;
  value: string;
  confidence: number;
  pinned: boolean;
}

describe('Memory → Facts', () => {
  let consoleApp: TestConsole;

  const fact = async (category: string, key: string): Promise<Fact | undefined> => {
    const page = await callTool<{ items: Fact[] }>(consoleApp, 'list_facts', { category, prefix: key, limit: 1 });
    return page.items.find((item) => item.key === key);
  };

  beforeAll(async () => {
    consoleApp = await startTestConsole({
      seed: async (cos) => {
        const filler = Array.from({ length: 55 }, (_, index) => ['store_fact', { category: 'backlog', key: `idea_${String(index).padStart(2, '0')}`, value: `Idea number ${index}` }] as const);
        await seedCalls(cos, [
          ['store_fact', { category: 'preference', key: 'noa_coffee_order', value: 'Noa drinks oat flat whites', confidence: 0.9 }],
          ['store_fact', { category: 'relationship', key: 'dana_role', value: 'דנה מנהלת את צוות המוצר', pinned: true }],
          ['store_fact', { category: 'work', key: 'standup_time', value: 'Standup is at 09:30 <b>sharp</b>' }],
          ...filler,
        ]);
      },
    });
  }, 60_000);

  afterAll(async () => {
    await consoleApp.close();
  });

  it('lists the facts a page at a time, Hebrew right to left and markup escaped', async () => {
    const { status, body } = await getPage(consoleApp, '/memory/facts');
    expect(status).toBe(200);
    expect(body).toContain('aria-current="page">Memory</a>');
    // Category, then key: the 55 backlog ideas fill the first page.
    expect(body).toContain('<span dir="auto">Idea number 0</span>');
    expect(body).toContain('50 shown of 58.');
    const next = /href="([^"]*cursor=[^"]+)" rel="next"/.exec(body)?.[1];
    expect(next).toBeDefined();
    const second = await getPage(consoleApp, (next ?? '').replaceAll('&amp;', '&'));
    expect(second.body).toContain('8 shown of 58.');
    expect(second.body).toContain('<span dir="auto">דנה מנהלת את צוות המוצר</span>');
    expect(second.body).toContain('Standup is at 09:30 &lt;b&gt;sharp&lt;/b&gt;');
    expect(second.body).not.toContain('<b>sharp</b>');
    expect(second.body).toContain('First page');
    expect(second.body).not.toContain('rel="next"');
    // /memory is the facts tab too.
    expect((await getPage(consoleApp, '/memory')).body).toContain('idea_00');
  });

  it('filters by category and pinned, and searches with query_memory', async () => {
    const relationship = await getPage(consoleApp, '/memory/facts?category=relationship');
    expect(relationship.body).toContain('dana_role');
    expect(relationship.body).not.toContain('noa_coffee_order');
    const pinned = await getPage(consoleApp, '/memory/facts?pinned=true');
    expect(pinned.body).toContain('dana_role');
    expect(pinned.body).not.toContain('idea_00');
    const search = await getPage(consoleApp, `/memory/facts?q=${encodeURIComponent('coffee')}`);
    expect(search.body).toContain('Search results');
    expect(search.body).toContain('Noa drinks oat flat whites');
    expect(search.body).not.toContain('idea_00');
    const nothing = await getPage(consoleApp, '/memory/facts?q=zzzyyyxxx');
    expect(nothing.body).toContain('No facts match &quot;zzzyyyxxx&quot;');
  });

  it('edits a fact through its form, keeping what the form does not change', async () => {
    const form = await getPage(consoleApp, '/memory/facts/edit?category=preference&key=noa_coffee_order');
    expect(form.body).toContain('<textarea id="fact-value" name="value"');
    expect(form.body).toContain('Noa drinks oat flat whites</textarea>');
    const saved = await postForm(consoleApp, '/memory/facts/edit', { category: 'preference', key: 'noa_coffee_order', value: 'Noa now drinks cortados', confidence: '0.9' });
    expect(saved).toEqual({ status: 303, location: '/memory/facts?category=preference' });
    expect(await fact('preference', 'noa_coffee_order')).toMatchObject({ value: 'Noa now drinks cortados', confidence: 0.9, pinned: false });
    expect((await getPage(consoleApp, '/memory/facts?category=preference')).body).toContain('Saved preference/noa_coffee_order.');
    const missing = await getPage(consoleApp, '/memory/facts/edit?category=work&key=no_such_key');
    expect(missing.body).toContain('There is no fact work/no_such_key');
  });

  it('pins and unpins in place, keeping the value', async () => {
    expect(await postForm(consoleApp, '/memory/facts/pin', { category: 'work', key: 'standup_time', pinned: 'true', return: '/memory/facts?category=work' })).toEqual({
      status: 303,
      location: '/memory/facts?category=work',
    });
    expect(await fact('work', 'standup_time')).toMatchObject({ pinned: true, value: 'Standup is at 09:30 <b>sharp</b>' });
    await postForm(consoleApp, '/memory/facts/pin', { category: 'work', key: 'standup_time', pinned: 'false' });
    expect(await fact('work', 'standup_time')).toMatchObject({ pinned: false });
  });

  it('deletes a fact and offers an Undo that stores it back as it was', async () => {
    const deleted = await postForm(consoleApp, '/memory/facts/delete', { category: 'relationship', key: 'dana_role', return: '/memory/facts?category=relationship' });
    expect(deleted).toEqual({ status: 303, location: '/memory/facts?category=relationship' });
    expect(await fact('relationship', 'dana_role')).toBeUndefined();
    const after = await getPage(consoleApp, '/memory/facts?category=relationship');
    expect(after.body).toContain('Deleted relationship/dana_role.');
    expect(after.body).toContain('<form method="post" action="/memory/facts/restore" class="flash-form">');
    expect(after.body).toContain('name="value" value="דנה מנהלת את צוות המוצר"');
    // The undo form is offered once, with that flash only.
    expect((await getPage(consoleApp, '/memory/facts')).body).not.toContain('/memory/facts/restore');

    const fields = Object.fromEntries([...after.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].filter(([, name]) => name !== '_csrf').map(([, name, value]) => [name, value])) as Record<string, string>;
    expect(fields).toMatchObject({ category: 'relationship', key: 'dana_role', pinned: 'true' });
    const restored = await postForm(consoleApp, '/memory/facts/restore', fields);
    expect(restored.status).toBe(303);
    expect(await fact('relationship', 'dana_role')).toMatchObject({ value: 'דנה מנהלת את צוות המוצר', pinned: true });
  });

  it('says why when the fact is already gone, and keeps the page', async () => {
    const gone = await postForm(consoleApp, '/memory/facts/delete', { category: 'work', key: 'never_stored' });
    expect(gone.status).toBe(303);
    expect((await getPage(consoleApp, '/memory/facts')).body).toContain('Not done: There is no fact work/never_stored any more; reload the page.');
  });

  it('refuses a POST without the CSRF token and changes nothing', async () => {
    const before = await fact('work', 'standup_time');
    for (const [path, fields] of [
      ['/memory/facts/edit', { category: 'work', key: 'standup_time', value: 'changed' }],
      ['/memory/facts/pin', { category: 'work', key: 'standup_time', pinned: 'true' }],
      ['/memory/facts/delete', { category: 'work', key: 'standup_time' }],
      ['/memory/facts/restore', { category: 'work', key: 'standup_time', value: 'changed' }],
    ] as const) {
      expect((await postForm(consoleApp, path, fields, { csrf: false })).status).toBe(403);
    }
    expect(await fact('work', 'standup_time')).toEqual(before);
  });
});
