import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteMessagesRepository } from '@chief-of-staff/sqlite';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { importData } from '../import/import-data.js';
import { MacosMessagesProvider } from '../messages/macos/macos-messages-provider.js';
import { encodeAttributedBody } from '../messages/macos/attributed-body.js';
import { APPLE_EPOCH_MS } from '../messages/macos/apple-time.js';
import { isProviderError } from '../errors/provider-error.js';
import { LocalMessageProvider } from '../messages/local-message-provider.js';
import { providerTestEnv, type ProviderTestEnv } from './provider-test-env.js';

const page = { offset: 0, limit: 50 };

describe('local messages store', () => {
  let env: ProviderTestEnv;
  beforeAll(() => {
    env = providerTestEnv();
  });
  afterAll(() => env.close());

  it('imports JSON lines with aliases, reports bad lines, and skips known messages on re-import', async () => {
    const path = join(env.dir, 'chat.jsonl');
    writeFileSync(
      path,
      [
        JSON.stringify({ id: 'm1', conversation: 'family', conversation_title: 'Family', channel: 'WhatsApp', sender: '+15551230001', sender_name: 'Mum', text: 'Dinner on Sunday?', date: '2026-03-01T18:00:00Z' }),
        JSON.stringify({ id: 'm2', conversation: 'family', channel: 'whatsapp', from_me: true, text: 'Yes, bringing dessert', timestamp: 1772391600 }),
        '{ not json',
        JSON.stringify({ conversation: 'family', sender: '+15551230001', text: 'Naive time in the user zone', date: '2026-03-02 09:30:00' }),
        JSON.stringify({ conversation: 'work', sender: 'sam@slack', date: '2026-03-02T10:00:00Z' }),
        '',
      ].join('\n'),
    );
    const first = await importData({ kind: 'messages', path, providers: env.providers });
    expect(first).toMatchObject({ kind: 'messages_jsonl', imported: 3, skipped: 0, errorCount: 2 });
    expect(first.errors).toEqual([
      { item: 'line 3', message: 'not valid JSON' },
      { item: 'line 5', message: 'missing "text"' },
    ]);
    const again = await importData({ kind: 'messages_jsonl', path, providers: env.providers });
    expect(again).toMatchObject({ imported: 0, skipped: 3 });
  });

  it('imports CSV exports', async () => {
    const path = join(env.dir, 'sms.csv');
    writeFileSync(path, 'Date,From,Body,Thread\n2026-03-03T08:00:00Z,+15559870000,"Your parcel, ""XL"", arrives today",parcels\n');
    const result = await importData({ kind: 'messages', path, target: 'sms', providers: env.providers });
    expect(result).toMatchObject({ kind: 'messages_csv', imported: 1, target: 'sms' });
  });

  it('lists newest first with conversation, sender, channel and time filters', async () => {
    const messages = env.providers.require('messages');
    const all = await messages.list({}, page);
    expect(all.items.map((m) => m.text)).toEqual(['Your parcel, "XL", arrives today', 'Naive time in the user zone', 'Yes, bringing dessert', 'Dinner on Sunday?']);
    expect(all.items[1]?.date.toISOString()).toBe('2026-03-02T14:30:00.000Z');
    expect(all.items[2]).toMatchObject({ isFromMe: true, sender: 'me', conversation: 'Family', channel: 'whatsapp' });
    expect((await messages.list({ conversation: 'family' }, page)).items).toHaveLength(3);
    expect((await messages.list({ sender: 'MUM' }, page)).items.map((m) => m.text)).toEqual(['Dinner on Sunday?']);
    expect((await messages.list({ channel: 'sms' }, page)).items).toHaveLength(1);
    expect((await messages.list({ includeFromMe: false, since: new Date('2026-03-01T00:00:00Z'), until: new Date('2026-03-03T00:00:00Z') }, page)).items).toHaveLength(2);
  });

  it('searches text and sender with FTS', async () => {
    const messages = env.providers.require('messages');
    expect((await messages.search({ query: 'dessert' }, page)).items.map((m) => m.id)).toHaveLength(1);
    expect((await messages.search({ query: 'mum' }, page)).items.map((m) => m.text)).toEqual(['Dinner on Sunday?']);
    expect((await messages.search({ query: 'parcel', channel: 'whatsapp' }, page)).items).toEqual([]);
    const walking = new LocalMessageProvider(createSqliteMessagesRepository(env.store, env.memory.clock, { dateScanThreshold: 0 }));
    for (const query of ['dessert', 'family mum', 'sunday']) {
      expect((await walking.search({ query, since: new Date(0) }, page)).items).toEqual((await messages.search({ query }, page)).items);
    }
  });
});

/** Builds a chat.db with the tables and columns macOS Messages uses. */
function buildChatDb(path: string): void {
  const db = new Database(path);
  db.exec(`
    CREATE TABLE handle (ROWID INTEGER PRIMARY KEY AUTOINCREMENT UNIQUE, id TEXT NOT NULL, country TEXT, service TEXT NOT NULL, uncanonicalized_id TEXT, person_centric_id TEXT);
    CREATE TABLE chat (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL, style INTEGER, state INTEGER, account_id TEXT, properties BLOB, chat_identifier TEXT, service_name TEXT, room_name TEXT, account_login TEXT, is_archived INTEGER DEFAULT 0, last_addressed_handle TEXT, display_name TEXT, group_id TEXT);
    CREATE TABLE message (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL, text TEXT, replace INTEGER DEFAULT 0, service_center TEXT, handle_id INTEGER DEFAULT 0, subject TEXT, country TEXT, attributedBody BLOB, version INTEGER DEFAULT 0, type INTEGER DEFAULT 0, service TEXT, account TEXT, date INTEGER, date_read INTEGER, date_delivered INTEGER, is_from_me INTEGER DEFAULT 0, is_read INTEGER DEFAULT 0, cache_roomnames TEXT, associated_message_guid TEXT, associated_message_type INTEGER DEFAULT 0);
    CREATE TABLE chat_message_join (chat_id INTEGER REFERENCES chat (ROWID) ON DELETE CASCADE, message_id INTEGER REFERENCES message (ROWID) ON DELETE CASCADE, message_date INTEGER DEFAULT 0, PRIMARY KEY (chat_id, message_id));
    CREATE TABLE chat_handle_join (chat_id INTEGER REFERENCES chat (ROWID) ON DELETE CASCADE, handle_id INTEGER REFERENCES handle (ROWID) ON DELETE CASCADE, UNIQUE(chat_id, handle_id));
  `);
  db.prepare(`INSERT INTO handle (ROWID, id, service) VALUES (1, '+15550001111', 'iMessage'), (2, 'lee@example.com', 'iMessage'), (3, '+15550002222', 'SMS')`).run();
  db.prepare(
    `INSERT INTO chat (ROWID, guid, chat_identifier, service_name, display_name) VALUES
     (1, 'iMessage;-;+15550001111', '+15550001111', 'iMessage', ''),
     (2, 'iMessage;+;chat123', 'chat123', 'iMessage', 'Book club'),
     (3, 'SMS;-;+15550002222', '+15550002222', 'SMS', '')`,
  ).run();
  db.prepare(`INSERT INTO chat_handle_join VALUES (1, 1), (2, 1), (2, 2), (3, 3)`).run();
  const nanos = (iso: string) => BigInt(Date.parse(iso) - APPLE_EPOCH_MS) * 1_000_000n;
  const insert = db.prepare(
    `INSERT INTO message (ROWID, guid, text, attributedBody, handle_id, service, date, is_from_me, associated_message_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const join = db.prepare(`INSERT INTO chat_message_join (chat_id, message_id, message_date) VALUES (?, ?, ?)`);
  const rows: [number, number, string | null, Buffer | null, number, string, bigint | number, number, number][] = [
    [1, 1, 'Are we still on for Friday?', null, 1, 'iMessage', nanos('2026-03-05T17:00:00Z'), 0, 0],
    [2, 1, 'Yes! 7pm', null, 0, 'iMessage', nanos('2026-03-05T17:05:00Z'), 1, 0],
    [3, 2, null, encodeAttributedBody('Next book: Piranesi 📚'), 2, 'iMessage', nanos('2026-03-06T09:00:00Z'), 0, 0],
    [4, 2, 'Loved "Next book: Piranesi"', null, 1, 'iMessage', nanos('2026-03-06T09:01:00Z'), 0, 2000],
    [5, 3, 'Your code is 123456', null, 3, 'SMS', Math.floor((Date.parse('2019-05-01T12:00:00Z') - APPLE_EPOCH_MS) / 1000), 0, 0],
  ];
  for (const [id, chat, text, body, handle, service, date, fromMe, assoc] of rows) {
    insert.run(id, `guid-${id}`, text, body, handle, service, date, fromMe, assoc);
    join.run(chat, id, date);
  }
  db.close();
}

describe('macOS Messages chat.db (read-only)', () => {
  let env: ProviderTestEnv;
  let provider: MacosMessagesProvider;
  let path: string;
  beforeAll(() => {
    env = providerTestEnv();
    path = join(env.dir, 'chat.db');
    buildChatDb(path);
    provider = new MacosMessagesProvider({ path, selfHandle: 'dana@example.com' });
  });
  afterAll(() => {
    provider.close();
    env.close();
  });

  it('reads messages newest first with Apple times, handles, chats and attributedBody text; skips reactions', async () => {
    const result = await provider.list({}, page);
    expect(result.total).toBe(4);
    expect(result.items.map((m) => [m.id, m.text, m.sender, m.conversation, m.channel, m.date.toISOString()])).toEqual([
      [3, 'Next book: Piranesi 📚', 'lee@example.com', 'Book club', 'imessage', '2026-03-06T09:00:00.000Z'],
      [2, 'Yes! 7pm', 'dana@example.com', '+15550001111', 'imessage', '2026-03-05T17:05:00.000Z'],
      [1, 'Are we still on for Friday?', '+15550001111', '+15550001111', 'imessage', '2026-03-05T17:00:00.000Z'],
      [5, 'Your code is 123456', '+15550002222', '+15550002222', 'sms', '2019-05-01T12:00:00.000Z'],
    ]);
    expect(result.items[1]?.isFromMe).toBe(true);
  });

  it('filters by conversation, sender, channel, time and from-me, and searches text', async () => {
    expect((await provider.list({ conversation: 'book club' }, page)).items.map((m) => m.id)).toEqual([3]);
    expect((await provider.list({ sender: '0001111' }, page)).items.map((m) => m.id)).toEqual([1]);
    expect((await provider.list({ channel: 'SMS' }, page)).items.map((m) => m.id)).toEqual([5]);
    expect((await provider.list({ since: new Date('2026-03-05T17:01:00Z'), includeFromMe: false }, page)).items.map((m) => m.id)).toEqual([3]);
    expect((await provider.search({ query: 'piranesi' }, page)).items.map((m) => m.id)).toEqual([3]);
    expect((await provider.search({ query: 'FRIDAY' }, page)).items.map((m) => m.id)).toEqual([1]);
  });

  it('never writes to the database', async () => {
    const before = new Database(path, { readonly: true });
    const count = (before.prepare('SELECT count(*) AS n FROM message').get() as { n: number }).n;
    before.close();
    await provider.list({}, page);
    const db = new Database(path, { readonly: true });
    expect((db.prepare('SELECT count(*) AS n FROM message').get() as { n: number }).n).toBe(count);
    db.close();
  });

  it('reports a missing database as not configured with a hint', async () => {
    const missing = new MacosMessagesProvider({ path: join(env.dir, 'nope.db') });
    const error = await missing.list({}, page).catch((e: unknown) => e);
    expect(isProviderError(error) && error.kind).toBe('not_configured');
    expect(isProviderError(error) && error.hint).toContain('messages.chatDbPath');
  });
});
