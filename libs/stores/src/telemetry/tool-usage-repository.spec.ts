import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '../testing/create-test-memory-store.js';
import { openDatabase } from '../db/open-database.js';

describe("tool usage log: a tool's performance (learned latency)", () => {
  let clock: FakeClock;
  let store: TestMemoryStore;
  beforeEach(() => {
    clock = new FakeClock('2026-04-01T08:00:00.000Z');
    store = createTestMemoryStore({ clock });
  });
  afterEach(async () => await store.cleanup());

  const call = async (toolName: string, durationMs: number, responseBytes: number | null, success = true) =>
    await store.toolUsage.record({ toolName, callerKind: 'host', success, durationMs, responseBytes, truncated: false });

  it("takes a tool's figures from its successful calls in the window, not from failures or older calls", async () => {
    await call('query_memory', 9_000, 100); // before the window
    clock.advanceDays(3);
    for (let i = 0; i < 200; i += 1) {
      clock.advance(10);
      await call('query_memory', 100 + (i % 2), 2_000 + i);
    }
    for (let i = 0; i < 20; i += 1) await call('query_memory', 30_000, 50, false); // timeouts
    await call('search_documents', 7, 70);

    const figures = await store.toolUsage.performanceSince('query_memory', '2026-04-02T00:00:00.000Z');
    expect(figures).toEqual({ samples: 200, p50DurationMs: 100, p95DurationMs: 101, p50ResponseBytes: 2_099, p95ResponseBytes: 2_189 });
    // From an earlier start the older call counts too.
    expect((await store.toolUsage.performanceSince('query_memory', '2026-04-01T00:00:00.000Z'))?.samples).toBe(201);
  });

  it('has no figures for a tool without successful calls in the window, and sizes of 0 when none were recorded', async () => {
    await call('send_email', 500, 10, false);
    await call('get_calendar_events', 40, null);
    const since = '2026-03-31T00:00:00.000Z';
    expect(await store.toolUsage.performanceSince('send_email', since)).toBeUndefined();
    expect(await store.toolUsage.performanceSince('never_called', since)).toBeUndefined();
    expect(await store.toolUsage.performanceSince('get_calendar_events', since)).toEqual({
      samples: 1,
      p50DurationMs: 40,
      p95DurationMs: 40,
      p50ResponseBytes: 0,
      p95ResponseBytes: 0,
    });
  });

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
