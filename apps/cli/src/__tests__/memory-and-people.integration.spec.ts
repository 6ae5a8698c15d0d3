/**
 * `cos memory` and `cos enrich` against the built CLI: what one command stores, the next one finds, in JSON for
 * scripts and as readable text for people.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createCliSandbox, type CliSandbox } from './run-cli.js';

/** Preloaded into a run: reports on stderr, at exit, how many worker threads the process started. */
const COUNT_WORKERS = `
const threads = require('node:worker_threads');
let started = 0;
const Original = threads.Worker;
threads.Worker = class extends Original { constructor(...args) { super(...args); started++; } };
process.on('exit', () => process.stderr.write('worker threads started: ' + started + '\\n'));
`;

describe('cos memory and cos enrich', () => {
  let cli: CliSandbox;

  beforeAll(() => {
    cli = createCliSandbox('memory');
  });

  afterAll(() => cli.remove());

  it('remembers a fact and finds it again by other words', async () => {
    const added = await cli.run(['memory', 'add', 'preference', 'noa_coffee_order', 'Noa drinks oat milk flat whites', '--json']);
    expect(added.code).toBe(0);
    expect(added.json()).toMatchObject({ created: true, fact: { category: 'preference', key: 'noa_coffee_order' } });

    const found = await cli.run(['memory', 'search', 'what coffee does Noa drink', '--json']);
    expect(found.code).toBe(0);
    const items = found.json<{ items: { key: string; value: string }[] }>().items;
    expect(items[0]).toMatchObject({ key: 'noa_coffee_order', value: 'Noa drinks oat milk flat whites' });
  });

  it('remembers when a fact was said and searches a time window', async () => {
    const added = await cli.run(['memory', 'add', 'work', 'offsite_venue', 'The offsite is at the lake house', '--observed-at', '2026-03-02', '--json']);
    expect(added.code).toBe(0);
    expect(added.json()).toMatchObject({ fact: { key: 'offsite_venue', observed_at: '2026-03-02' } });
    const inMarch = await cli.run(['memory', 'search', 'offsite lake house', '--since', '2026-03-01', '--until', '2026-03-31', '--json']);
    expect(inMarch.json<{ items: { key: string; observed_at: string | null }[] }>().items).toEqual([
      expect.objectContaining({ key: 'offsite_venue', observed_at: '2026-03-02' }),
    ]);
    const inApril = await cli.run(['memory', 'search', 'offsite lake house', '--since', '2026-04-01', '--until', '2026-04-30', '--json']);
    expect(inApril.json<{ items: unknown[] }>().items).toEqual([]);
    const bad = await cli.run(['memory', 'add', 'work', 'x', 'y', '--observed-at', 'next Tuesday']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('observed_at');
  });

  it('lists facts as a table for people', async () => {
    const listed = await cli.run(['memory', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/category\s+key\s+value/);
    expect(listed.stdout).toMatch(/preference\s+noa_coffee_order\s+Noa drinks oat milk flat whites/);
  });

  it('searches by meaning with the model started before the command loads, and ends a mistyped search at once', async () => {
    // The first search wrote the vectors: from now on the entry starts the model before commander loads, from the
    // early start's own file (dist/early.cjs), and the command finds that worker rather than starting another.
    const counter = join(cli.dataDir, '..', 'count-workers.cjs');
    writeFileSync(counter, COUNT_WORKERS);
    const again = await cli.run(['memory', 'search', 'which hot drink does Noa like', '--json'], { NODE_OPTIONS: `--require ${counter}` });
    expect(again.code).toBe(0);
    expect(again.json<{ items: { key: string }[] }>().items[0]).toMatchObject({ key: 'noa_coffee_order' });
    expect(again.stderr).toContain('worker threads started: 1\n');

    const mistyped = await cli.run(['memory', 'search', 'coffee', '--limit', '0']);
    expect(mistyped.code).toBe(2);
    expect(mistyped.stderr).toContain('--limit');
  });

  it('refuses a category that does not exist, naming the valid ones (exit 2)', async () => {
    const bad = await cli.run(['memory', 'add', 'hobbies', 'chess', 'plays chess']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('category');
    expect(bad.stderr).toContain('"relationship"');
  });

  it('enriches a stored person: identity, role label and facts as readable sections', async () => {
    const linked = await cli.run([
      'call',
      'link_identity',
      JSON.stringify({ canonical_name: 'Dana Reed', provider: 'email', provider_id: 'dana@example.com', display_name: 'Dana Reed' }),
    ]);
    expect(linked.code).toBe(0);
    expect((await cli.run(['memory', 'add', 'relationship', 'person.Dana Reed.role', 'Head of Platform'])).code).toBe(0);
    expect((await cli.run(['memory', 'add', 'work', 'dana_offsite', 'Dana Reed leads the Lisbon offsite planning'])).code).toBe(0);

    const text = await cli.run(['enrich', 'Dana Reed', '--days', '30']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Dana Reed — Head of Platform');
    expect(text.stdout).toMatch(/Identities\n\s+email: dana@example.com/);
    expect(text.stdout).toContain('Lisbon offsite planning');
  });

  it('enriches the only Tom from a part of the name, and asks which one once there are two (exit 0)', async () => {
    const call = async (tool: string, args: Record<string, unknown>) => expect((await cli.run(['call', tool, JSON.stringify(args)])).code).toBe(0);
    await call('link_identity', { canonical_name: 'Tom Becker', provider: 'slack', provider_id: 'U900', display_name: 'Tom B' });
    await call('link_identity', { canonical_name: 'Tom Becker', provider: 'email', provider_id: 'tom.becker@acme.com' });
    await call('create_delegation', { task: 'Send the Q3 numbers', delegated_to: 'Tom Becker' });

    const only = await cli.run(['enrich', 'Tom']);
    expect(only.code).toBe(0);
    expect(only.stdout.split('\n')[0]).toBe('Tom Becker');
    expect(only.stdout).toContain('(matched "Tom" to Tom Becker)');
    expect(only.stdout).toMatch(/Delegated to them\n\s+#\d+ Send the Q3 numbers/);

    await call('link_identity', { canonical_name: 'Tom Hardy', provider: 'email', provider_id: 'tom.hardy@northwind.io' });
    const two = await cli.run(['enrich', 'Tom']);
    expect(two.code).toBe(0);
    expect(two.stdout).toContain('Tom matches Tom Becker and Tom Hardy — which one?');
    expect(two.stdout).toMatch(/Tom Hardy\s+tom\.hardy@northwind\.io/);
    expect(two.stdout).not.toContain('Identities');
    expect(two.stdout).not.toContain('Send the Q3 numbers');

    const json = await cli.run(['enrich', 'Tom', '--json']);
    expect(json.code).toBe(0);
    expect(json.json()).toMatchObject({
      name: 'Tom',
      candidates: [
        { canonical_name: 'Tom Becker', emails: ['tom.becker@acme.com'] },
        { canonical_name: 'Tom Hardy', emails: ['tom.hardy@northwind.io'] },
      ],
    });
    expect(json.json()).not.toHaveProperty('identities');
  });

  it('rejects --days outside 1–90 before doing any work, saying what to type (exit 2)', async () => {
    const bad = await cli.run(['enrich', 'Dana Reed', '--days', '365']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--days');
    expect(bad.stderr).toContain('from 1 to 90');
  });
});
