import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '../testing/create-test-memory-store.js';
import { openDatabase } from '../db/open-database.js';

describe('tool usage log on SQLite: writing only while the database is free', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;
  beforeEach(() => {
    clock = new FakeClock('2026-04-01T08:00:00.000Z');
    store = createTestMemoryStore({ clock });
  });
  afterEach(async () => await store.cleanup());

  it('writes a batch of rows only while the database is free, and says when it was not', async () => {
    const row = { toolName: 'query_memory', callerKind: 'host' as const, success: true, durationMs: 5, truncated: false };
    expect(await store.toolUsage.recordIfFree([row, { ...row, toolName: 'list_facts' }])).toBe(true);
    const other = openDatabase({ dataDir: store.dataDir });
    try {
      other.sqlite.exec('BEGIN IMMEDIATE');
      expect(await store.toolUsage.recordIfFree([row])).toBe(false);
      other.sqlite.exec('ROLLBACK');
    } finally {
      other.close();
    }
    expect((await store.toolUsage.listSince('2026-01-01T00:00:00.000Z', 10)).map((r) => r.toolName)).toEqual(['query_memory', 'list_facts']);
  });
});
