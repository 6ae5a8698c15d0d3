import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { isCosError } from '@chief-of-staff/core';
import { BUSY_TIMEOUT_MS, openDatabase, type CosDatabase } from './open-database.js';
import { openMemoryStore } from '../memory/memory-store.js';

const EXPECTED_TABLES = [
  'agent_memory',
  'agent_runs',
  'alert_rules',
  'calendars',
  'conversations',
  'decisions',
  'delegations',
  'documents',
  'event_rules',
  'events',
  'facts',
  'fallback_events',
  'identities',
  'locations',
  'mail_messages',
  'mail_outbox',
  'mailboxes',
  'messages',
  'model_calls',
  'notifications',
  'reminder_lists',
  'reminders',
  'scheduled_tasks',
  'shared_memory',
  'skill_suggestions',
  'suggestion_state',
  'task_runs',
  'tool_usage_log',
  'webhook_events',
  'worker_heartbeat',
];

describe('openDatabase', () => {
  let dir: string;
  const opened: CosDatabase[] = [];
  const open = (options: Parameters<typeof openDatabase>[0]) => {
    const handle = openDatabase(options);
    opened.push(handle);
    return handle;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cos-db-'));
  });
  afterEach(() => {
    for (const handle of opened.splice(0)) handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates cos.db in the data dir with every table of the data model and the full-text indexes', () => {
    const { sqlite, file } = open({ dataDir: join(dir, 'data') });
    expect(file).toBe(join(dir, 'data', 'cos.db'));
    const tables = (
      sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]
    ).map((row) => row.name);
    for (const table of EXPECTED_TABLES) expect(tables).toContain(table);
    for (const fts of ['facts_fts', 'facts_trigram', 'mail_messages_fts', 'messages_fts']) expect(tables).toContain(fts);
  });

  it('sets WAL, busy timeout, foreign keys and synchronous NORMAL', () => {
    const { sqlite } = open({ file: join(dir, 'x.db') });
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(1);
  });

  it('runs a background write without waiting for another connection\'s lock, then waits again for the next write', () => {
    const database = open({ dataDir: dir });
    const other = open({ dataDir: dir });
    other.sqlite.exec('BEGIN EXCLUSIVE');
    const started = performance.now();
    expect(() => database.writeIfFree(() => database.sqlite.exec(`INSERT INTO facts (category, key, value) VALUES ('work', 'k', 'v')`))).toThrow(
      expect.objectContaining({ code: 'SQLITE_BUSY' }),
    );
    expect(performance.now() - started).toBeLessThan(1_000);
    other.sqlite.exec('ROLLBACK');
    expect(database.sqlite.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
    database.writeIfFree(() => database.sqlite.exec(`INSERT INTO facts (category, key, value) VALUES ('work', 'k', 'v')`));
    expect(database.sqlite.prepare('SELECT count(*) AS n FROM facts').get()).toEqual({ n: 1 });
  });

  it('applies migrations once; a second open finds nothing to do', () => {
    const first = open({ dataDir: dir });
    expect(first.migrations.applied).toBe(first.migrations.known);
    first.close();
    const second = open({ dataDir: dir });
    expect(second.migrations.applied).toBe(0);
  });

  it('describes its storage through the memory store: the database file and its schema version', async () => {
    const store = openMemoryStore({ database: open({ dataDir: dir }) });
    const description = await store.describeStorage();
    expect(description).toEqual({ kind: 'sqlite', location: join(dir, 'cos.db'), migrations: { known: expect.any(Number), applied: description.migrations.known } });
    expect(description.migrations.known).toBeGreaterThan(0);
  });

  it('registers Unicode case folding as cos_fold', () => {
    const { sqlite } = open({ dataDir: dir });
    const row = sqlite.prepare(`SELECT cos_fold('STRASSE') = cos_fold('Straße') AS same, cos_fold('ÉCOLE') AS folded`).get();
    expect(row).toEqual({ same: 1, folded: 'école' });
  });

  it('refuses to open a database written by a newer version, with an upgrade message', () => {
    const first = open({ dataDir: dir });
    first.sqlite.prepare(`INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', ?)`).run(Date.now() * 2);
    first.close();
    let caught: unknown;
    try {
      openDatabase({ dataDir: dir });
    } catch (error) {
      caught = error;
    }
    expect(isCosError(caught)).toBe(true);
    expect((caught as Error).message).toMatch(/newer version of Chief of Staff.*Upgrade/);
  });

  it('keeps the facts full-text index in sync on insert, update and delete', () => {
    const { sqlite } = open({ dataDir: dir });
    const match = (term: string) =>
      (sqlite.prepare(`SELECT rowid FROM facts_fts WHERE facts_fts MATCH ?`).all(`"${term}"`) as unknown[]).length;
    const id = sqlite
      .prepare(`INSERT INTO facts (category, key, value) VALUES ('work', 'standup', 'daily at nine')`)
      .run().lastInsertRowid;
    expect(match('nine')).toBe(1);
    sqlite.prepare(`UPDATE facts SET value = 'daily at ten' WHERE id = ?`).run(id);
    expect(match('nine')).toBe(0);
    expect(match('ten')).toBe(1);
    sqlite.prepare(`DELETE FROM facts WHERE id = ?`).run(id);
    expect(match('ten')).toBe(0);
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
