/**
 * Memory → People over HTTP against a seeded console: one card per person with all their handles (list_people),
 * search and paging, the enrich view of one person (enrich_person) and of an ambiguous name, linking and unlinking
 * handles (with Undo) changing what list_people returns, and a POST without the CSRF token changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestConsole, type TestConsole } from '../testing/console-harness.js';
import { callTool, getPage, postForm, seedCalls } from './console-test-kit.js';

interface Person {
  canonical_name: string;
  identities: { provider: string; provider_id: string }[];
}

describe('Memory → People', () => {
  let consoleApp: TestConsole;

  const handlesOf = async (name: string): Promise<string[]> => {
    const page = await callTool<{ items: Person[] }>(consoleApp, 'list_people', { query: name });
    const person = page.items.find((item) => item.canonical_name.toLowerCase() === name.toLowerCase());
    return (person?.identities ?? []).map((identity) => `${identity.provider}:${identity.provider_id}`);
  };

  beforeAll(async () => {
    consoleApp = await startTestConsole({
      seed: async (cos) => {
        const filler = Array.from({ length: 27 }, (_, index) => ['link_identity', { canonical_name: `Zz Person ${String(index).padStart(2, '0')}`, provider: 'slack', provider_id: `UZ${index}` }] as const);
        await seedCalls(cos, [
          ['link_identity', { canonical_name: 'Noa Levi', provider: 'email', provider_id: 'noa@example.com' }],
          ['link_identity', { canonical_name: 'Noa Levi', provider: 'slack', provider_id: 'U024NOA', display_name: 'noa.l' }],
          ['link_identity', { canonical_name: 'דנה כהן', provider: 'whatsapp', provider_id: '+972 54 555 1234' }],
          ['link_identity', { canonical_name: 'Tom Becker', provider: 'email', provider_id: 'tom.becker@example.com' }],
          ['link_identity', { canonical_name: 'Tom Hardy', provider: 'email', provider_id: 'tom.hardy@example.com' }],
          ['store_fact', { category: 'preference', key: 'person.noa_levi.coffee', value: 'Noa Levi drinks oat flat whites' }],
          ['create_delegation', { task: 'Review the hiring plan', delegated_to: 'Noa Levi', due_date: '2099-01-01' }],
          ...filler,
        ]);
      },
    });
  }, 60_000);

  afterAll(async () => {
    await consoleApp.close();
  });

  it('shows one card per person with every handle, 25 people a page', async () => {
    const { status, body } = await getPage(consoleApp, '/memory/people');
    expect(status).toBe(200);
    const noaCard = /<li class="block person">\s*<h3><a href="\/memory\/people\/Noa%20Levi"><span dir="auto">Noa Levi<\/span><\/a><\/h3>([\s\S]*?)<\/li>\s*<li class="block person">/.exec(body)?.[1] ?? '';
    expect(noaCard).toContain('noa@example.com');
    expect(noaCard).toContain('U024NOA');
    expect(noaCard).toContain('(<span dir="auto">noa.l</span>)');
    expect(body).toContain('25 shown of 31.');
    const next = /href="([^"]*cursor=[^"]+)" rel="next"/.exec(body)?.[1] ?? '';
    const second = await getPage(consoleApp, next.replaceAll('&amp;', '&'));
    expect(second.body).toContain('6 shown of 31.');
    expect(second.body).toContain('Zz Person 26');
    // Name order is code point order: Hebrew names come after the Latin ones.
    expect(second.body).toContain('<span dir="auto">דנה כהן</span>');
  });

  it('finds people by any handle', async () => {
    const { body } = await getPage(consoleApp, '/memory/people?q=U024');
    expect(body).toContain('Matching people');
    expect(body).toContain('noa@example.com');
    expect(body).not.toContain('Tom Becker');
    expect((await getPage(consoleApp, '/memory/people?q=nobody-at-all')).body).toContain('No one matches &quot;nobody-at-all&quot;.');
  });

  it('shows the enrich view of one person, and the candidates of an ambiguous name', async () => {
    const { status, body } = await getPage(consoleApp, '/memory/people/Noa%20Levi');
    expect(status).toBe(200);
    expect(body).toContain('<h1 dir="auto">Noa Levi</h1>');
    expect(body).toContain('Identities');
    expect(body).toContain('U024NOA');
    expect(body).toContain('Noa Levi drinks oat flat whites');
    expect(body).toContain('<span dir="auto">Review the hiring plan</span>');
    const tom = await getPage(consoleApp, '/memory/people/Tom');
    expect(tom.body).toContain('fits more than one person');
    expect(tom.body).toContain('href="/memory/people/Tom%20Becker"');
    expect(tom.body).toContain('href="/memory/people/Tom%20Hardy"');
  });

  it('links a handle to a person, and unlinks it with an Undo that links it again', async () => {
    const linked = await postForm(consoleApp, '/memory/people/link', { canonical_name: 'Noa Levi', provider: 'github', provider_id: 'noalevi', return: '/memory/people/Noa%20Levi' });
    expect(linked).toEqual({ status: 303, location: '/memory/people/Noa%20Levi' });
    expect(await handlesOf('Noa Levi')).toContain('github:noalevi');
    expect((await getPage(consoleApp, '/memory/people/Noa%20Levi')).body).toContain('Linked github noalevi to Noa Levi.');

    const unlinked = await postForm(consoleApp, '/memory/people/unlink', { provider: 'slack', provider_id: 'U024NOA', canonical_name: 'Noa Levi', display_name: 'noa.l', return: '/memory/people' });
    expect(unlinked).toEqual({ status: 303, location: '/memory/people' });
    expect(await handlesOf('Noa Levi')).not.toContain('slack:U024NOA');
    const after = await getPage(consoleApp, '/memory/people');
    expect(after.body).toContain('Unlinked slack U024NOA from Noa Levi.');
    expect(after.body).toContain('Undo: link slack U024NOA again');
    expect((await postForm(consoleApp, '/memory/people/link', { canonical_name: 'Noa Levi', provider: 'slack', provider_id: 'U024NOA', display_name: 'noa.l' })).status).toBe(303);
    expect(await handlesOf('Noa Levi')).toContain('slack:U024NOA');

    expect((await postForm(consoleApp, '/memory/people/link', { canonical_name: 'Noa Levi', provider: 'email', provider_id: 'not-an-address' })).status).toBe(303);
    expect((await getPage(consoleApp, '/memory/people')).body).toContain('Not done: provider_id:');
  });

  it('refuses link and unlink without the CSRF token and changes nothing', async () => {
    const before = await handlesOf('Noa Levi');
    expect((await postForm(consoleApp, '/memory/people/link', { canonical_name: 'Noa Levi', provider: 'github', provider_id: 'sneaky' }, { csrf: false })).status).toBe(403);
    expect((await postForm(consoleApp, '/memory/people/unlink', { provider: 'email', provider_id: 'noa@example.com' }, { csrf: false })).status).toBe(403);
    expect(await handlesOf('Noa Levi')).toEqual(before);
  });
});
