/**
 * PostgreSQL storage selected by configuration (`COS_DATABASE_URL`): two Chief of Staff instances with separate data
 * directories — two machines — share one memory through the database, and a worker on one runs a task the other
 * schedules as soon as it falls due (`scheduler_wake`), not a whole tick later.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createSilentLogger } from '@chief-of-staff/core';
import type { TestPostgres } from '@chief-of-staff/postgres/testing';
import { openDatabase } from '@chief-of-staff/sqlite';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

// Loaded lazily, as the sdk loads the PostgreSQL library (module boundaries refuse a static import).
const { describeWithPostgres } = await import('@chief-of-staff/postgres/testing');

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

describeWithPostgres('PostgreSQL storage', () => {
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

describeWithPostgres('PostgreSQL storage: imported messages', () => {
  it('imports messages on one instance into PostgreSQL (not the data directory) and searches them on another', async () => {
    const url = await server.createDatabase('messages');
    const files = mkdtempSync(join(tmpdir(), 'cos-pg-chat-'));
    dirs.push(files);
    const chat = join(files, 'chat.jsonl');
    const lines = [
      { id: 'm1', conversation: 'family', conversation_title: 'Family', channel: 'whatsapp', sender: '+15551230001', sender_name: 'Mum', text: 'Dinner on Sunday at the café?', date: '2026-03-01T18:00:00Z' },
      { id: 'm2', conversation: 'family', channel: 'whatsapp', from_me: true, text: 'Yes, bringing dessert', date: '2026-03-01T18:05:00Z' },
    ];
    writeFileSync(chat, lines.map((line) => JSON.stringify(line)).join('\n'));
    const laptop = await machine(url, { documents: { allowedRoots: [files] } });
    const laptopDir = dirs[dirs.length - 1] as string;
    expect(valueOf<{ imported: number }>(await laptop.callTool('import_data', { kind: 'messages', path: chat })).imported).toBe(2);
    // Nothing landed in the laptop's own SQLite database.
    const local = openDatabase({ dataDir: laptopDir });
    try {
      expect(local.sqlite.prepare('SELECT count(*) AS n FROM messages').get()).toEqual({ n: 0 });
    } finally {
      local.close();
    }
    const other = await machine(url, { documents: { allowedRoots: [files] } });
    const since = '2026-02-01';
    const found = valueOf<{ items: { text: string; sender_name: string | null }[] }>(await other.callTool('search_messages', { query: 'cafe sunday', since }));
    expect(found.items.map((item) => [item.text, item.sender_name])).toEqual([['Dinner on Sunday at the café?', 'Mum']]);
    const listed = valueOf<{ items: { text: string }[] }>(await other.callTool('get_messages', { conversation: 'FAMILY', since }));
    expect(listed.items.map((item) => item.text)).toEqual(['Yes, bringing dessert', 'Dinner on Sunday at the café?']);
    // Importing the same file again, from the other instance, adds nothing.
    expect(valueOf<{ skipped: number }>(await other.callTool('import_data', { kind: 'messages', path: chat })).skipped).toBe(2);
  });
});

describeWithPostgres('PostgreSQL storage: reminders', () => {
  it('keeps reminder lists and to-dos in PostgreSQL, not in the data directory, and shows them to another instance', async () => {
    const url = await server.createDatabase('reminders');
    const laptop = await machine(url);
    const { reminder } = valueOf<{ reminder: { id: number; list: string } }>(
      await laptop.callTool('create_reminder', { title: 'Renew the Straße parking permit', due: '2026-04-01', priority: 'high' }),
    );
    expect(reminder.list).toBe('Reminders');
    valueOf(await laptop.callTool('complete_reminder', { reminder_id: reminder.id }));
    valueOf(await laptop.callTool('create_reminder', { title: 'Book the offsite venue' }));

    const laptopDir = dirs[dirs.length - 1] as string;
    const local = openDatabase({ dataDir: laptopDir });
    try {
      expect(local.sqlite.prepare('SELECT count(*) AS n FROM reminders').get()).toEqual({ n: 0 });
      expect(local.sqlite.prepare('SELECT count(*) AS n FROM reminder_lists').get()).toEqual({ n: 0 });
    } finally {
      local.close();
    }

    const other = await machine(url);
    const lists = valueOf<{ items: { name: string; open_count: number }[] }>(await other.callTool('list_reminder_lists', {}));
    expect(lists.items.map((list) => [list.name, list.open_count])).toEqual([['Reminders', 1]]);
    const found = valueOf<{ items: { id: number; title: string; completed: boolean }[] }>(
      await other.callTool('search_reminders', { query: 'STRASSE', include_completed: true }),
    );
    expect(found.items.map((item) => [item.id, item.title, item.completed])).toEqual([[reminder.id, 'Renew the Straße parking permit', true]]);
  });
});

describeWithPostgres('PostgreSQL storage: the local calendar', () => {
  it('keeps an event created through a tool in PostgreSQL, where another instance with another data directory reads it back', async () => {
    const url = await server.createDatabase('calendar');
    const laptop = await machine(url, { timezone: 'Europe/Paris' });
    const created = valueOf<{ event: { id: number; title: string } }>(
      await laptop.callTool('create_calendar_event', { title: 'Budget review', start: '2026-03-10T15:00', end: '2026-03-10T16:00', recurrence: 'FREQ=WEEKLY;COUNT=3' }),
    );
    expect(created.event.title).toBe('Budget review');
    // Nothing of it in the laptop's own SQLite database.
    const local = new Database(join(dirs[dirs.length - 1] ?? '', 'cos.db'), { readonly: true });
    try {
      expect(local.prepare('SELECT count(*) AS n FROM events').get()).toEqual({ n: 0 });
      expect(local.prepare('SELECT count(*) AS n FROM calendars').get()).toEqual({ n: 0 });
    } finally {
      local.close();
    }
    const other = await machine(url, { timezone: 'Europe/Paris' });
    const events = valueOf<{ items: { id: number; title: string; start: string; calendar: string }[] }>(
      await other.callTool('get_calendar_events', { start_date: '2026-03-09', end_date: '2026-03-31' }),
    );
    expect(events.items.map((event) => [event.id, event.title, event.start])).toEqual([
      [created.event.id, 'Budget review', '2026-03-10T14:00:00.000Z'],
      [created.event.id, 'Budget review', '2026-03-17T14:00:00.000Z'],
      [created.event.id, 'Budget review', '2026-03-24T14:00:00.000Z'],
    ]);
    const calendars = valueOf<{ items: { name: string }[] }>(await other.callTool('list_calendars', {}));
    expect(calendars.items.map((calendar) => calendar.name)).toEqual(['Calendar']);
  });
});

describeWithPostgres('PostgreSQL storage: mail', () => {
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
