/**
 * IMAP sync against a real Dovecot (Debian `dovecot-imapd`; `bash tools/test-servers/install.sh`): the initial
 * sync of 10,000 delivered messages (messages/s) and an incremental sync that finds 10 new ones among them
 * (goal < 1 s). `npm run bench -- imap`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { openDatabase, openMemoryStore, type CosDatabase } from '@chief-of-staff/sqlite';
import { createProviderRegistry } from '../../registry/provider-registry.js';
import type { ImapMailProvider } from './imap-mail-provider.js';
import { startDovecot, type DovecotServer } from './__tests__/test-servers.js';

const MESSAGES = 10_000;
let dovecot: DovecotServer | undefined;
let admin: ImapFlow | undefined;
const open: Array<{ dir: string; store: CosDatabase; mail: ImapMailProvider }> = [];
let incremental: { mail: ImapMailProvider } | undefined;
let arrivals = 0;
let initialMs = 0;
const incrementalMs: number[] = [];

function message(index: number): string {
  const words = ['budget', 'offsite', 'contract', 'hiring', 'launch', 'invoice', 'roadmap', 'review'];
  return [
    `From: Sender ${index % 97} <sender${index % 97}@example.org>`,
    'To: bench@example.com',
    `Subject: ${words[index % words.length]} update ${index}`,
    `Message-ID: <bench-${index}@example.org>`,
    `Date: ${new Date(Date.UTC(2026, 0, 1) + index * 60_000).toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Notes on the ${words[(index * 3) % words.length]} for week ${index % 52}. `.repeat(8),
    '',
  ].join('\r\n');
}

function account(server: DovecotServer) {
  const dir = mkdtempSync(join(tmpdir(), 'cos-bench-imap-'));
  const store = openDatabase({ dataDir: dir });
  const registry = createProviderRegistry({
    config: {
      timezone: 'UTC',
      user: { name: 'Bench', email: 'bench@example.com', handles: [] },
      providers: { calendar: 'local', reminders: 'local', mail: 'imap', messages: 'local', notifications: 'log' },
      notifications: {},
      messages: {},
      mail: {
        agentSendMode: 'draft',
        agentSendAllowList: [],
        imap: { host: server.host, port: server.port, secure: false, user: server.user, password: 'env:BENCH_IMAP_PASSWORD', syncIntervalSeconds: 3600, timeoutMs: 30_000, allowSelfSignedCertificate: false },
      },
    },
    memory: openMemoryStore({ database: store }),
    desktop: null,
    env: { BENCH_IMAP_PASSWORD: server.password },
  });
  const entry = { dir, store, mail: registry.require('mail') as ImapMailProvider };
  open.push(entry);
  return entry;
}

async function deliver(count: number, from: number): Promise<void> {
  if (!admin) throw new Error('not connected');
  for (let i = 0; i < count; i += 1) await admin.append('INBOX', message(from + i));
}

async function teardown(): Promise<void> {
  for (const entry of open.splice(0)) {
    await entry.mail.close();
    entry.store.close();
    rmSync(entry.dir, { recursive: true, force: true });
  }
  await admin?.logout().catch(() => undefined);
  admin = undefined;
  await dovecot?.dispose();
  dovecot = undefined;
}

export const benchmarks = [
  {
    name: `imap: initial sync of ${MESSAGES.toLocaleString('en-US')} messages from Dovecot`,
    iterations: 1,
    time: 0,
    setup: async () => {
      dovecot = await startDovecot();
      admin = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false });
      await admin.connect();
      await deliver(MESSAGES, 0);
    },
    fn: async () => {
      if (!dovecot) throw new Error('Dovecot did not start');
      const { mail } = account(dovecot);
      const started = performance.now();
      const result = await mail.sync();
      initialMs = performance.now() - started;
      const added = result.mailboxes.reduce((sum, box) => sum + box.added, 0);
      if (added !== MESSAGES) throw new Error(`synced ${added} messages, expected ${MESSAGES}`);
      incremental = { mail };
    },
    metrics: () => ({ sync_ms: Math.round(initialMs), messages_per_s: Math.round(MESSAGES / (initialMs / 1000)) }),
  },
  {
    name: `imap: incremental sync, 10 new among ${MESSAGES.toLocaleString('en-US')}`,
    iterations: 10,
    time: 0,
    fn: async (run?: { warmup: boolean }) => {
      if (!incremental) throw new Error('the initial sync did not run');
      await deliver(10, MESSAGES + arrivals);
      arrivals += 10;
      const started = performance.now();
      const result = await incremental.mail.sync();
      if (!run?.warmup) incrementalMs.push(performance.now() - started);
      const added = result.mailboxes.reduce((sum, box) => sum + box.added, 0);
      if (added !== 10) throw new Error(`incremental sync added ${added}, expected 10`);
    },
    teardown,
    metrics: () => {
      const sorted = [...incrementalMs].sort((a, b) => a - b);
      return { sync_p50_ms: sorted[Math.floor(sorted.length / 2)] ?? NaN, sync_max_ms: sorted.at(-1) ?? NaN };
    },
    goals: [{ metric: 'sync_max_ms', max: 1000 }],
  },
];
