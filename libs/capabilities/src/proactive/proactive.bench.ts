/**
 * get_proactive_suggestions on a large store (goal: p95 < 100 ms with 100k facts, 10k delegations and 10k mails,
 * plus meetings and pending decisions), through the tool as a host calls it. The peer is check_overdue_delegations
 * on the same store: the single most common check on its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configSchema, createSilentLogger, createToolContext, FakeClock, runTool, type AnyToolDefinition } from '@chief-of-staff/core';
import { openMemoryStore, type SqliteMemoryStore } from '@chief-of-staff/sqlite';
import { bulkLoad } from '@chief-of-staff/sqlite/testing';
import { createProviderRegistry, type ProviderRegistry } from '@chief-of-staff/providers';
import { delegationTools } from '../tools/lifecycle/lifecycle-tools.js';
import { getProactiveSuggestionsTool } from '../tools/proactive/proactive-tools.js';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const DAY_MS = 86_400_000;
const clock = new FakeClock(new Date(NOW));
const logger = createSilentLogger();
let dir = '';
let store: SqliteMemoryStore | undefined;
let providers: ProviderRegistry | undefined;

async function seed(): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'cos-bench-proactive-'));
  store = openMemoryStore({ dataDir: dir, clock });
  providers = createProviderRegistry({ config: { ...configSchema.parse({ providers: { notifications: 'none' } }), timezone: 'UTC' }, memory: store, desktop: null });
  const sqlite = store.database.sqlite;
  const iso = (ms: number) => new Date(ms).toISOString();
  store.database.writeTransaction(() => {
    const fact = sqlite.prepare(`INSERT INTO facts (category, key, value, confidence, pinned, source, embedding_status, created_at, updated_at) VALUES ('work', ?, ?, 1, 0, 'user', 'pending', ?, ?)`);
    for (let i = 0; i < 100_000; i += 1) fact.run(`fact.${i}`, `Note ${i} about project ${i % 500} with person ${i % 700}`, iso(NOW - (i % 365) * DAY_MS), iso(NOW - (i % 365) * DAY_MS));
  });
  await bulkLoad(store, async () => {
    for (let i = 0; i < 10_000; i += 1) {
      const due = new Date(NOW + ((i % 60) - 30) * DAY_MS).toISOString().slice(0, 10);
      await store?.delegations.create({ task: `Task ${i}`, delegatedTo: `Person ${i % 200}`, dueDate: due });
    }
    for (let i = 0; i < 2_000; i += 1) await store?.decisions.create({ title: `Decision ${i}`, followUpDate: new Date(NOW + ((i % 20) - 10) * DAY_MS).toISOString().slice(0, 10) });
  });
  const inbox = await providers.local.mail.ensureMailbox('local', 'INBOX');
  const sent = await providers.local.mail.ensureMailbox('local', 'Sent');
  await providers.local.mail.importMessages(
    Array.from({ length: 10_000 }, (_, i) => {
      const fromMe = i % 5 === 0;
      return {
        mailboxId: (fromMe ? sent : inbox).id,
        record: {
          internetMessageId: `<m${i}@bench.test>`,
          threadId: `t${i % 3_000}`,
          subject: `Subject ${i}`,
          from: fromMe ? { name: 'Me', address: 'me@bench.test' } : { name: `Sender ${i % 150}`, address: `sender${i % 150}@bench.test` },
          to: [{ name: null, address: 'me@bench.test' }],
          cc: [],
          date: new Date(NOW - (i % 40) * DAY_MS - (i % 24) * 3_600_000),
          bodyText: `Body ${i}`,
          bodyHtml: null,
          snippet: `Body ${i}`,
          inReplyTo: null,
          references: [],
          attachments: [],
          read: undefined,
          flagged: undefined,
        },
        read: i % 3 === 0,
        flagged: false,
      };
    }),
  );
}

const context = () =>
  createToolContext({
    services: { memory: store, providers, config: { ...configSchema.parse({ user: { email: 'me@bench.test' } }), timezone: 'UTC' } },
    caller: { kind: 'host' },
    clock,
    logger,
  });

async function call(tool: AnyToolDefinition, args: unknown): Promise<void> {
  const result = await runTool(tool, args, context());
  if (!result.ok) throw new Error(result.error.message);
}

const overdueTool = (delegationTools as unknown as AnyToolDefinition[]).find((tool) => tool.name === 'check_overdue_delegations') as AnyToolDefinition;

export const benchmarks = [
  {
    name: 'proactive: check_overdue_delegations, 10k delegations (peer)',
    setup: seed,
    fn: () => call(overdueTool, {}),
    iterations: 30,
    time: 0,
  },
  {
    name: 'proactive: get_proactive_suggestions, 100k facts + 10k delegations + 10k mails',
    fn: () => call(getProactiveSuggestionsTool as unknown as AnyToolDefinition, { limit: 25 }),
    iterations: 30,
    time: 0,
    peer: 'proactive: check_overdue_delegations, 10k delegations (peer)',
    goal: { metric: 'p95', max: 100 },
    teardown: async () => {
      providers?.close();
      await store?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  },
];
