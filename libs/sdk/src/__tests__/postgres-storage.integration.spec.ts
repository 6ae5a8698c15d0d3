/**
 * PostgreSQL storage selected by configuration (`COS_DATABASE_URL`): two Chief of Staff instances with separate data
 * directories — two machines — share one memory through the database, and a worker on one runs a task the other
 * schedules as soon as it falls due (`scheduler_wake`), not a whole tick later.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSilentLogger } from '@chief-of-staff/core';
import type { TestPostgres } from '@chief-of-staff/postgres/testing';
import { openDatabase } from '@chief-of-staff/stores';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

let server: TestPostgres;
const dirs: string[] = [];
const opened: ChiefOfStaff[] = [];

async function machine(url: string, config: Record<string, unknown> = {}): Promise<ChiefOfStaff> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-pg-machine-'));
  dirs.push(dataDir);
  const cos = await createChiefOfStaff({ dataDir, env: { COS_DATABASE_URL: url }, config, logger: createSilentLogger(), semanticRecall: false });
  opened.push(cos);
  return cos;
}

function valueOf<T>(result: { ok: boolean; value?: unknown; error?: unknown }): T {
  if (!result.ok) throw new Error(`tool failed: ${JSON.stringify(result.error)}`);
  return result.value as T;
}

beforeAll(async () => {
  // Loaded the way the sdk loads the PostgreSQL library: lazily (module boundaries refuse a static import).
  server = await (await import('@chief-of-staff/postgres/testing')).startTestPostgres();
});

afterAll(async () => {
  for (const cos of opened) await cos.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await server?.stop();
});

describe('PostgreSQL storage', () => {
  it('shares facts, decisions and people between instances with different data directories', async () => {
    const url = await server.createDatabase('shared');
    const laptop = await machine(url);
    const server2 = await machine(url);
    valueOf(await laptop.callTool('store_fact', { category: 'work', key: 'q3_goal', value: 'ship the billing migration' }));
    valueOf(await server2.callTool('create_decision', { title: 'Postgres over Mongo', description: 'for its transactions' }));
    valueOf(await server2.callTool('link_identity', { canonical_name: 'Noa Levi', provider: 'email', provider_id: 'noa@example.com' }));

    const facts = valueOf<{ items: { key: string }[] }>(await server2.callTool('query_memory', { query: 'billing migration' }));
    expect(facts.items.map((item) => item.key)).toEqual(['q3_goal']);
    const decisions = valueOf<{ items: { title: string }[] }>(await laptop.callTool('search_decisions', { query: 'postgres' }));
    expect(decisions.items.map((item) => item.title)).toEqual(['Postgres over Mongo']);
    const people = valueOf<{ items: { canonical_name: string }[] }>(await laptop.callTool('search_identity', { query: 'Noa' }));
    expect(people.items[0]?.canonical_name).toBe('Noa Levi');
  });

  it('ingests documents on one instance and finds them, by words and by meaning, on another', async () => {
    const url = await server.createDatabase('documents');
    const files = mkdtempSync(join(tmpdir(), 'cos-pg-files-'));
    dirs.push(files);
    writeFileSync(join(files, 'offsite.md'), '# Team offsite\n\nThe team offsite is in Lisbon in May. Dana books the venue and the flights.\n');
    writeFileSync(join(files, 'budget.md'), '# Budget\n\nThe 2026 budget is 1.2 million, approved by the board in January.\n');
    const laptop = await machine(url, { documents: { allowedRoots: [files] } });
    const other = await machine(url);
    valueOf(await laptop.callTool('ingest_documents', { path: files }));
    const byWords = valueOf<{ items: { path: string }[] }>(await other.callTool('search_documents', { query: 'Lisbon venue', mode: 'fts' }));
    expect(byWords.items[0]?.path).toBe(join(files, 'offsite.md'));
    const byMeaning = valueOf<{ items: { path: string }[] }>(await other.callTool('search_documents', { query: 'how much money can we spend next year', mode: 'vector' }));
    expect(byMeaning.items[0]?.path).toBe(join(files, 'budget.md'));
    const listed = valueOf<{ items: { path: string }[] }>(await other.callTool('list_documents', {}));
    expect(listed.items.map((item) => item.path).sort()).toEqual([join(files, 'budget.md'), join(files, 'offsite.md')]);
  }, 60_000);

  it('records every call of a burst in the usage log, even when the instance closes right after it', async () => {
    const url = await server.createDatabase('usage');
    const burst = await machine(url);
    await Promise.all(Array.from({ length: 40 }, (_, n) => burst.callTool('store_fact', { category: 'work', key: `burst_${n}`, value: `note ${n}` })));
    await burst.close();
    opened.splice(opened.indexOf(burst), 1);
    const reader = await machine(url);
    const stats = valueOf<{ items: { tool_name: string; calls: number }[] }>(await reader.callTool('get_tool_statistics', { tool_name: 'store_fact' }));
    expect(stats.items.find((item) => item.tool_name === 'store_fact')?.calls).toBe(40);
  });

  it('wakes an idle worker on another instance when a task falls due, long before its next tick', async () => {
    const url = await server.createDatabase('wake');
    const worker = await machine(url, { scheduler: { tickSeconds: 120 } });
    const laptop = await machine(url);
    const loop = await worker.startScheduler({ mode: 'worker' });
    try {
      const runAt = new Date(Date.now() + 1_500).toISOString();
      const { task } = valueOf<{ task: { id: number } }>(
        await laptop.callTool('create_scheduled_task', { name: 'soon', schedule_type: 'once', schedule_config: { run_at: runAt }, handler_type: 'retention' }),
      );
      const deadline = Date.now() + 20_000;
      let runs: { status: string }[] = [];
      while (Date.now() < deadline) {
        runs = valueOf<{ items: { status: string }[] }>(await laptop.callTool('list_task_runs', { task_id: task.id })).items;
        if (runs.some((run) => run.status === 'succeeded')) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(runs.map((run) => run.status)).toEqual(['succeeded']);
    } finally {
      await loop.stop();
    }
  }, 40_000);
});

describe('PostgreSQL storage: mail', () => {
  it('keeps imported mail and drafts in PostgreSQL, not in the data directory, and another instance reads them', async () => {
    const url = await server.createDatabase('mail');
    const files = mkdtempSync(join(tmpdir(), 'cos-pg-mail-'));
    dirs.push(files);
    const mbox = join(files, 'archive.mbox');
    const mail = (n: number, from: string, subject: string, day: number) =>
      `From ${from} Mon Apr ${day} 09:00:00 2026\nMessage-ID: <pg-${n}@mail.example>\nFrom: ${from}\nTo: dana@example.com\n` +
      `Subject: ${subject}\nDate: Mon, ${day} Apr 2026 09:00:00 +0000\n\nAbout the ${subject.toLowerCase()}.\n\n`;
    writeFileSync(mbox, mail(1, 'José Núñez <jose@initech.example>', 'Contract renewal', 6) + mail(2, 'alice@acme.example', 'Offsite agenda', 7));
    const laptop = await machine(url, { documents: { allowedRoots: [files] } });
    const laptopDir = dirs.at(-1) as string;
    const imported = valueOf<{ imported: number }>(await laptop.callTool('import_data', { kind: 'mbox', path: mbox }));
    expect(imported.imported).toBe(2);
    const draft = valueOf<{ status: string }>(await laptop.callTool('send_email', { to: ['maya@example.com'], subject: 'Agenda', body: 'Draft agenda.', confirm_send: true }));
    expect(draft.status).toBe('draft_saved');
    // Nothing of it in the laptop's own SQLite database.
    const local = openDatabase({ dataDir: laptopDir });
    try {
      expect(local.sqlite.prepare('SELECT (SELECT count(*) FROM mailboxes) + (SELECT count(*) FROM mail_messages) + (SELECT count(*) FROM mail_outbox) AS n').get()).toEqual({ n: 0 });
    } finally {
      local.close();
    }

    const other = await machine(url);
    const found = valueOf<{ items: { subject: string; from: { address: string } }[] }>(await other.callTool('search_mail', { query: 'jose nunez contract' }));
    expect(found.items.map((item) => [item.subject, item.from.address])).toEqual([['Contract renewal', 'jose@initech.example']]);
    const inbox = valueOf<{ items: { subject: string }[] }>(await other.callTool('get_mail_messages', { mailbox: 'inbox' }));
    expect(inbox.items.map((item) => item.subject)).toEqual(['Offsite agenda', 'Contract renewal']);
    const boxes = valueOf<{ items: { name: string; total_count: number }[] }>(await other.callTool('list_mailboxes', {}));
    expect(boxes.items.map((box) => [box.name, box.total_count])).toEqual([
      ['INBOX', 2],
      ['Drafts', 1],
    ]);
  }, 60_000);
});
