/**
 * The mail search (`search_mail`'s storage call: a page of 26 headers, newest first) over 100,000 generated messages
 * on both adapters in the same run, on the same messages and queries: sender addresses, quoted phrases, rare and
 * common words (ADR 0072).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '@chief-of-staff/core';
import type { MailMessageInput, MailRepository } from '@chief-of-staff/stores';
import { openMemoryStore, type SqliteMemoryStore } from '@chief-of-staff/sqlite';
import { startTestPostgres, type TestPostgres } from '../testing/index.js';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import { createPostgresMailRepository } from './mail-repository.js';

const MESSAGES = 100_000;
const SQLITE_NAME = 'postgres: search_mail @ 100,000 messages — SQLite';
const POSTGRES_NAME = 'postgres: search_mail @ 100,000 messages — PostgreSQL';

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
const VOCABULARY = Array.from({ length: 3_000 }, (_, i) => `w${i.toString(36)}${'aeiou'[i % 5]}`);
const TOPICS = ['quarterly report', 'contract renewal', 'offsite agenda', 'invoice', 'hiring update', 'roadmap review', 'security audit'];
const SENDERS = Array.from({ length: 500 }, (_, i) => ({ name: `Person ${i}`, address: `person${i}@company${i % 50}.example` }));

/** The same searches as the providers' SQLite bench: one phrase list per query. */
const QUERIES: ((i: number) => string[])[] = [
  (i) => [(SENDERS[i % SENDERS.length] as { address: string }).address],
  (i) => [`${TOPICS[i % TOPICS.length]} ${(i * 7919) % MESSAGES}`],
  (i) => [VOCABULARY[(i * 31) % VOCABULARY.length] as string, VOCABULARY[(i * 17) % 200] as string],
  (i) => [TOPICS[i % TOPICS.length] as string],
  (i) => [`Person ${i % SENDERS.length}`, 'invoice'],
];

let corpus: MailMessageInput[] | undefined;
function messages(): MailMessageInput[] {
  if (corpus) return corpus;
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const start = Date.UTC(2020, 0, 1);
  corpus = Array.from({ length: MESSAGES }, (_, i) => {
    const from = SENDERS[Math.floor(random() * SENDERS.length)] as { name: string; address: string };
    const words = Array.from({ length: 60 }, () => VOCABULARY[Math.floor(random() ** 2 * VOCABULARY.length)]).join(' ');
    return {
      messageId: `<bench-${i}@mail.example>`,
      threadId: null,
      subject: `${TOPICS[i % TOPICS.length]} ${i}`,
      fromName: from.name,
      fromAddress: from.address,
      to: [{ name: 'Dana Reed', address: 'dana@example.com' }],
      cc: [],
      date: new Date(start + i * 900_000).toISOString(),
      bodyText: words,
      bodyHtml: null,
      snippet: words.slice(0, 200),
      read: true,
      flagged: false,
      isDraft: false,
      inReplyTo: null,
      references: [],
      attachments: [],
    };
  });
  return corpus;
}

async function load(mail: MailRepository): Promise<void> {
  const inbox = await mail.ensureMailbox('local', 'INBOX', 'inbox');
  const all = messages();
  for (let start = 0; start < all.length; start += 5_000) {
    await mail.insertMessages(all.slice(start, start + 5_000).map((message) => ({ mailboxId: inbox.id, message })));
  }
}

const search = (mail: MailRepository, i: number) => mail.searchMessages({ phrases: (QUERIES[i % QUERIES.length] as (n: number) => string[])(i) }, { limit: 26, offset: 0 });

function sqliteBenchmark() {
  let dir: string | undefined;
  let store: SqliteMemoryStore | undefined;
  let next = 0;
  return {
    name: SQLITE_NAME,
    setup: async () => {
      dir = mkdtempSync(join(tmpdir(), 'cos-bench-pg-mail-'));
      store = openMemoryStore({ dataDir: dir, clock });
      await load(store.mail);
      store.database.sqlite.exec(`INSERT INTO mail_messages_fts(mail_messages_fts) VALUES ('optimize'); ANALYZE;`);
    },
    fn: async () => {
      await search((store as SqliteMemoryStore).mail, (next += 1));
    },
    warmupIterations: 5,
    teardown: async () => {
      await store?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
    iterations: 200,
  };
}

function postgresBenchmark() {
  let server: TestPostgres | undefined;
  let database: PostgresDatabase | undefined;
  let mail: MailRepository | undefined;
  let next = 0;
  return {
    name: POSTGRES_NAME,
    setup: async () => {
      server = await startTestPostgres({ database: 'cos_bench' });
      database = await openPostgres({ url: server.url });
      mail = createPostgresMailRepository(database, clock);
      await load(mail);
      // As autovacuum leaves a loaded table: statistics current, pages all-visible.
      await database.pool.query('VACUUM ANALYZE mail_messages');
    },
    fn: async () => {
      await search(mail as MailRepository, (next += 1));
    },
    warmupIterations: 5,
    teardown: async () => {
      await database?.close();
      await server?.stop();
    },
    iterations: 200,
    peer: SQLITE_NAME,
  };
}

export const benchmarks = [sqliteBenchmark(), postgresBenchmark()];
