import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '../testing/create-test-memory-store.js';

describe("tool usage log: a tool's performance (learned latency)", () => {
  let clock: FakeClock;
  let store: TestMemoryStore;
  beforeEach(() => {
    clock = new FakeClock('2026-04-01T08:00:00.000Z');
    store = createTestMemoryStore({ clock });
  });
  afterEach(() => store.cleanup());

  const call = (toolName: string, durationMs: number, responseBytes: number | null, success = true) =>
    store.toolUsage.record({ toolName, callerKind: 'host', success, durationMs, responseBytes, truncated: false });

  it("takes a tool's figures from its successful calls in the window, not from failures or older calls", () => {
    call('query_memory', 9_000, 100); // before the window
    clock.advanceDays(3);
    for (let i = 0; i < 200; i += 1) {
      clock.advance(10);
      call('query_memory', 100 + (i % 2), 2_000 + i);
    }
    for (let i = 0; i < 20; i += 1) call('query_memory', 30_000, 50, false); // timeouts
    call('search_documents', 7, 70);

    const figures = store.toolUsage.performanceSince('query_memory', '2026-04-02T00:00:00.000Z');
    expect(figures).toEqual({ samples: 200, p50DurationMs: 100, p95DurationMs: 101, p50ResponseBytes: 2_099, p95ResponseBytes: 2_189 });
    // From an earlier start the older call counts too.
    expect(store.toolUsage.performanceSince('query_memory', '2026-04-01T00:00:00.000Z')?.samples).toBe(201);
  });

  it('has no figures for a tool without successful calls in the window, and sizes of 0 when none were recorded', () => {
    call('send_email', 500, 10, false);
    call('get_calendar_events', 40, null);
    const since = '2026-03-31T00:00:00.000Z';
    expect(store.toolUsage.performanceSince('send_email', since)).toBeUndefined();
    expect(store.toolUsage.performanceSince('never_called', since)).toBeUndefined();
    expect(store.toolUsage.performanceSince('get_calendar_events', since)).toEqual({
      samples: 1,
      p50DurationMs: 40,
      p95DurationMs: 40,
      p50ResponseBytes: 0,
      p95ResponseBytes: 0,
    });
  });
});
