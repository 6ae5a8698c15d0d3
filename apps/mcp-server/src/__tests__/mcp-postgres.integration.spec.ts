/**
 * The built MCP server with `COS_DATABASE_URL` set, as a client sees it: the same answers as on the data directory
 * for memory, decisions, delegations, people, the calendar, reminders, mail and notifications, and a second server with another data directory (another machine)
 * reading what the first one wrote.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { TestPostgres } from '@chief-of-staff/postgres/testing';
import { connectBuiltServer } from './connect-built-server.js';

// Loaded lazily, as the sdk loads the PostgreSQL library (module boundaries refuse a static import).
const { describeWithPostgres } = await import('@chief-of-staff/postgres/testing');

let server: TestPostgres;
const dirs: string[] = [];
const clients: Client[] = [];

async function connect(env: Record<string, string>): Promise<Client> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-mcp-pg-'));
  dirs.push(dataDir);
  const client = await connectBuiltServer({ dataDir, env });
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Record<string, unknown>;
}

/**
 * What a client reads back, without the fields that differ between any two runs (ids, event UIDs, times such as a
 * draft's date, timings).
 */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !/(^id$|_id$|^uid$|_at$|^since$|^date$|duration|_ms$|latency)/.test(key))
      .map(([key, inner]) => [key, stable(inner)]),
  );
}

/**
 * Waits until every stored fact has its vector: `query_memory` also ranks by meaning, and a fact whose vector is still
 * being computed in the background would make two runs differ by timing alone.
 */
async function vectorsWritten(client: Client): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const listed = (await call(client, 'list_facts', {})) as { items: { embedding_status: string }[] };
    if (listed.items.every((fact) => fact.embedding_status === 'ok')) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The facts were not embedded within 60 s.');
}

const SCRIPT: [string, Record<string, unknown>][] = [
  ['store_fact', { category: 'work', key: 'q3_goal', value: 'ship the billing migration before October' }],
  ['store_fact', { category: 'relationship', key: 'noa', value: 'נועה מנהלת את צוות התשלומים' }],
  ['query_memory', { query: 'billing migration' }],
  ['query_memory', { query: 'התשלומים' }],
  ['create_decision', { title: 'Postgres over Mongo', description: 'for its transactions', tags: ['storage'] }],
  ['search_decisions', { query: 'mongo' }],
  ['create_delegation', { task: 'Prepare the quarterly report', delegated_to: 'Ronit', due_date: '2026-12-03' }],
  ['list_delegations', {}],
  ['link_identity', { canonical_name: 'Noa Levi', provider: 'email', provider_id: 'noa@example.com' }],
  ['search_identity', { query: 'noa' }],
  // The providers' local stores.
  ['create_calendar_event', { title: 'Budget review', start: '2026-12-01T15:00', end: '2026-12-01T16:00', recurrence: 'FREQ=WEEKLY;COUNT=3' }],
  ['create_calendar_event', { title: 'Offsite in Zürich', start: '2026-12-02', end: '2026-12-03', all_day: true }],
  ['get_calendar_events', { start: '2026-11-30', end: '2026-12-20' }],
  ['search_calendar_events', { query: 'zurich' }],
  ['create_reminder', { title: 'Renew the Straße parking permit', due: '2026-12-04', priority: 'high' }],
  ['search_reminders', { query: 'STRASSE' }],
  ['list_reminders', {}],
  ['send_email', { to: ['maya@example.com'], subject: 'Budget agenda', body: 'Draft agenda for the review.', confirm_send: true }],
  ['list_mailboxes', {}],
  ['search_mail', { query: 'budget agenda' }],
  ['send_notification', { title: 'Heads-up', message: 'The budget review moved.' }],
];

beforeAll(async () => {
  // Loaded the way the sdk loads the PostgreSQL library: lazily (module boundaries refuse a static import).
  server = await (await import('@chief-of-staff/postgres/testing')).startTestPostgres();
});

afterAll(async () => {
  for (const client of clients) await client.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await server?.stop();
});

describeWithPostgres('the MCP server on PostgreSQL', () => {
  it('answers a script of calls as it does on the data directory', async () => {
    const url = await server.createDatabase('same_answers');
    const onPostgres = await connect({ COS_DATABASE_URL: url });
    const onSqlite = await connect({});
    for (const [index, [name, args]] of SCRIPT.entries()) {
      if (index === 2) await Promise.all([vectorsWritten(onPostgres), vectorsWritten(onSqlite)]);
      const [postgres, sqlite] = [await call(onPostgres, name, args), await call(onSqlite, name, args)];
      expect(Object.keys(sqlite).length).toBeGreaterThan(0);
      expect({ name, answer: stable(postgres) }).toEqual({ name, answer: stable(sqlite) });
    }
  }, 120_000);

  it('finds what it stored, in the answers compared above', async () => {
    const url = await server.createDatabase('found');
    const client = await connect({ COS_DATABASE_URL: url });
    for (const [name, args] of SCRIPT.slice(0, 2)) await call(client, name, args);
    const hebrew = (await call(client, 'query_memory', { query: 'התשלומים' })) as { items: { key: string }[] };
    expect(hebrew.items[0]?.key).toBe('noa');
    const english = (await call(client, 'query_memory', { query: 'billing migration' })) as { items: { key: string }[] };
    expect(english.items[0]?.key).toBe('q3_goal');
  }, 60_000);

  it('lets a second server with another data directory read what the first wrote', async () => {
    const url = await server.createDatabase('two_servers');
    const first = await connect({ COS_DATABASE_URL: url });
    const second = await connect({ COS_DATABASE_URL: url });
    await call(first, 'store_fact', { category: 'work', key: 'standup', value: 'daily standup moved to 9:30' });
    const found = (await call(second, 'query_memory', { query: 'standup' })) as { items: { key: string }[] };
    expect(found.items.map((item) => item.key)).toEqual(['standup']);
  }, 60_000);
});
