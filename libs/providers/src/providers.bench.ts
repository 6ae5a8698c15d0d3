/**
 * Provider benchmarks: import throughput (mbox messages/s, .ics events/s, messages JSON lines/s) and search_mail
 * latency over a 100,000-message store (goal: p95 < 20 ms).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, openMemoryStore, type CosDatabase } from '@chief-of-staff/sqlite';
import { createProviderRegistry, type ProviderRegistry } from './registry/provider-registry.js';
import { importData } from './import/import-data.js';
import type { ParsedMailRecord } from './mail/mime/parse-mime.js';
import { writeMbox } from './__tests__/generate-mail.js';

const MBOX_MESSAGES = 1_000;
const ICS_EVENTS = 2_000;
const JSONL_MESSAGES = 5_000;
const SEARCH_CORPUS = 100_000;

interface Env {
  dir: string;
  store: CosDatabase;
  providers: ProviderRegistry;
}

function openEnv(prefix: string): Env {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const store = openDatabase({ dataDir: dir });
  const providers = createProviderRegistry({
    memory: openMemoryStore({ database: store }),
    desktop: null,
    config: {
      timezone: 'Europe/London',
      user: { email: 'dana@example.com', handles: [] },
      providers: { calendar: 'local', reminders: 'local', mail: 'local', messages: 'local', notifications: 'log' },
      notifications: {},
      messages: {},
    },
  });
  return { dir, store, providers };
}

function closeEnv(env: Env | undefined): void {
  if (!env) return;
  env.store.close();
  rmSync(env.dir, { recursive: true, force: true });
}

/** Items per second over every run of a throughput benchmark. */
function throughput() {
  let items = 0;
  let ms = 0;
  return {
    record(count: number, elapsed: number) {
      items += count;
      ms += elapsed;
    },
    rate: () => (ms > 0 ? (items / ms) * 1000 : 0),
  };
}

function writeIcs(path: string, count: number): void {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN'];
  for (let i = 0; i < count; i += 1) {
    const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 8) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    const hour = String(8 + (i % 8)).padStart(2, '0');
    lines.push(
      'BEGIN:VEVENT',
      `UID:bench-${i}@example.com`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=Europe/London:${day}T${hour}0000`,
      `DTEND;TZID=Europe/London:${day}T${hour}3000`,
      `SUMMARY:Meeting ${i}`,
      ...(i % 10 === 0 ? ['RRULE:FREQ=WEEKLY;COUNT=10'] : []),
      `ATTENDEE;CN=Person ${i % 40};PARTSTAT=ACCEPTED:mailto:p${i % 40}@example.com`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  writeFileSync(path, lines.join('\r\n'));
}

// ---- import throughput -----------------------------------------------------------------------------------

let mboxEnv: Env | undefined;
let mboxPath = '';
let mboxRun = 0;
const mboxRate = throughput();

let icsEnv: Env | undefined;
let icsPath = '';
let icsRun = 0;
const icsRate = throughput();

let jsonlEnv: Env | undefined;
let jsonlPath = '';
let jsonlRun = 0;
const jsonlRate = throughput();

// ---- search corpus ---------------------------------------------------------------------------------------

const VOCABULARY = Array.from({ length: 3_000 }, (_, i) => `w${i.toString(36)}${'aeiou'[i % 5]}`);
const TOPICS = ['quarterly report', 'contract renewal', 'offsite agenda', 'invoice', 'hiring update', 'roadmap review', 'security audit'];
let searchEnv: Env | undefined;
let searchRun = 0;
const SEARCH_SENDERS = Array.from({ length: 500 }, (_, i) => ({ name: `Person ${i}`, address: `person${i}@company${i % 50}.example` }));

async function seedMail(env: Env, count: number): Promise<void> {
  const mail = env.providers.local.mail;
  const inbox = await mail.ensureMailbox('local', 'INBOX');
  const start = Date.UTC(2020, 0, 1);
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const batch = 5_000;
  for (let offset = 0; offset < count; offset += batch) {
    // One call per batch: one transaction, as the mail import writes.
    const records: { mailboxId: number; record: ParsedMailRecord; read: boolean; flagged: boolean }[] = [];
    for (let i = offset; i < Math.min(count, offset + batch); i += 1) {
      const from = SEARCH_SENDERS[Math.floor(random() * SEARCH_SENDERS.length)] as { name: string; address: string };
      const words = Array.from({ length: 60 }, () => VOCABULARY[Math.floor(random() ** 2 * VOCABULARY.length)]).join(' ');
      const record: ParsedMailRecord = {
        internetMessageId: `<bench-${i}@mail.example>`,
        threadId: `<bench-${i}@mail.example>`,
        subject: `${TOPICS[i % TOPICS.length]} ${i}`,
        from,
        to: [{ name: 'Dana Reed', address: 'dana@example.com' }],
        cc: [],
        date: new Date(start + i * 900_000),
        bodyText: words,
        bodyHtml: null,
        snippet: words.slice(0, 200),
        inReplyTo: null,
        references: [],
        attachments: [],
        read: random() < 0.8,
        flagged: false,
      };
      records.push({ mailboxId: inbox.id, record, read: true, flagged: false });
    }
    await mail.importMessages(records);
  }
}

const SEARCHES = [
  (i: number) => (SEARCH_SENDERS[i % SEARCH_SENDERS.length] as { address: string }).address,
  (i: number) => `"${TOPICS[i % TOPICS.length]} ${(i * 7919) % SEARCH_CORPUS}"`,
  (i: number) => `${VOCABULARY[(i * 31) % VOCABULARY.length]} ${VOCABULARY[(i * 17) % 200]}`,
  (i: number) => `"${TOPICS[i % TOPICS.length]}"`,
  (i: number) => `${(SEARCH_SENDERS[i % SEARCH_SENDERS.length] as { name: string }).name} invoice`,
];

export const benchmarks = [
  {
    name: `providers: import mbox (${MBOX_MESSAGES} messages)`,
    iterations: 3,
    time: 0,
    setup: () => {
      mboxEnv = openEnv('cos-bench-mbox-');
      mboxPath = join(mboxEnv.dir, 'bench.mbox');
      writeMbox(mboxPath, MBOX_MESSAGES);
    },
    fn: async () => {
      const env = mboxEnv as Env;
      const started = performance.now();
      const result = await importData({ kind: 'mbox', path: mboxPath, target: `bench-${(mboxRun += 1)}`, providers: env.providers });
      mboxRate.record(result.imported, performance.now() - started);
    },
    teardown: () => closeEnv(mboxEnv),
    metrics: () => ({ messages_per_s: Math.round(mboxRate.rate()) }),
  },
  {
    name: `providers: import ics (${ICS_EVENTS} events)`,
    iterations: 3,
    time: 0,
    setup: () => {
      icsEnv = openEnv('cos-bench-ics-');
      icsPath = join(icsEnv.dir, 'bench.ics');
      writeIcs(icsPath, ICS_EVENTS);
    },
    fn: async () => {
      const env = icsEnv as Env;
      const started = performance.now();
      const result = await importData({ kind: 'ics', path: icsPath, target: `bench-${(icsRun += 1)}`, providers: env.providers });
      icsRate.record(result.imported, performance.now() - started);
    },
    teardown: () => closeEnv(icsEnv),
    metrics: () => ({ events_per_s: Math.round(icsRate.rate()) }),
  },
  {
    name: `providers: import messages JSON lines (${JSONL_MESSAGES} messages)`,
    iterations: 3,
    time: 0,
    setup: () => {
      jsonlEnv = openEnv('cos-bench-jsonl-');
      jsonlPath = join(jsonlEnv.dir, 'bench.jsonl');
      const lines = Array.from({ length: JSONL_MESSAGES }, (_, i) =>
        JSON.stringify({ conversation: `c${i % 50}`, sender: `+1555000${String(i % 300).padStart(4, '0')}`, text: `message ${i} about ${VOCABULARY[i % 300]}`, date: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() }),
      );
      writeFileSync(jsonlPath, lines.join('\n'));
    },
    fn: async () => {
      const env = jsonlEnv as Env;
      // Messages are keyed by a hash of their content, so each run imports its own copy under new conversations.
      const path = join(env.dir, `run-${(jsonlRun += 1)}.jsonl`);
      writeFileSync(path, readFileSync(jsonlPath, 'utf8').replace(/"conversation":"c/g, `"conversation":"r${jsonlRun}c`));
      const started = performance.now();
      const result = await importData({ kind: 'messages', path, providers: env.providers });
      jsonlRate.record(result.imported, performance.now() - started);
    },
    teardown: () => closeEnv(jsonlEnv),
    metrics: () => ({ messages_per_s: Math.round(jsonlRate.rate()) }),
  },
  {
    name: `providers: search_mail over ${SEARCH_CORPUS.toLocaleString('en-US')} messages`,
    iterations: 200,
    time: 1_000,
    setup: async () => {
      searchEnv = openEnv('cos-bench-search-');
      await seedMail(searchEnv, SEARCH_CORPUS);
      searchEnv.store.sqlite.exec(`INSERT INTO mail_messages_fts(mail_messages_fts) VALUES ('optimize'); ANALYZE;`);
    },
    fn: async () => {
      const env = searchEnv as Env;
      const i = (searchRun += 1);
      const query = (SEARCHES[i % SEARCHES.length] as (n: number) => string)(i);
      await env.providers.local.mail.search({ query }, { offset: 0, limit: 25 });
    },
    teardown: () => closeEnv(searchEnv),
    goal: { metric: 'p95', max: 20 },
  },
];

