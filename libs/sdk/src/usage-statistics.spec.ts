import { describe, expect, it, jest } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { createLearnedStatistics } from './usage-statistics.js';

const TOOLS = ['query_memory', 'search_documents', 'send_email', 'never_called'];

async function usedStore(): Promise<{ store: TestMemoryStore; clock: FakeClock }> {
  const clock = new FakeClock('2026-04-01T08:00:00.000Z');
  const store = createTestMemoryStore({ clock });
  for (let i = 0; i < 25; i += 1) {
    clock.advance(60_000);
    await store.toolUsage.record({ toolName: 'query_memory', callerKind: 'host', success: true, durationMs: 100 + i, responseBytes: 2_000 + i, truncated: false });
    await store.toolUsage.record({ toolName: 'search_documents', callerKind: 'host', success: i % 5 !== 0, durationMs: 40 + i, responseBytes: null, truncated: false });
  }
  await store.toolUsage.record({ toolName: 'send_email', callerKind: 'host', success: false, durationMs: 500, truncated: false });
  return { store, clock };
}

describe('learned statistics', () => {
  it("reads a catalogue's figures in one query, the same figures a read per tool gives", async () => {
    const { store, clock } = await usedStore();
    const perTool = createLearnedStatistics(store, clock);
    for (const name of TOOLS) await perTool.prefetch([name]);

    const many = jest.spyOn(store.toolUsage, 'performanceSinceMany');
    const one = jest.spyOn(store.toolUsage, 'performanceSince');
    const batched = createLearnedStatistics(store, clock);
    await batched.prefetch(TOOLS);

    expect(many).toHaveBeenCalledTimes(1);
    expect(one).not.toHaveBeenCalled();
    for (const name of TOOLS) {
      expect(batched.source.ready?.(name)).toBe(true);
      expect(batched.source.learnedStatistics(name)).toEqual(perTool.source.learnedStatistics(name));
    }
    expect(batched.source.learnedStatistics('query_memory')?.samples).toBe(25);
    expect(batched.source.learnedStatistics('send_email')).toBeUndefined();
  });

  it('waits for a read already under way instead of reading the tool again', async () => {
    const { store, clock } = await usedStore();
    const statistics = createLearnedStatistics(store, clock);
    const many = jest.spyOn(store.toolUsage, 'performanceSinceMany');
    const first = statistics.prefetch(TOOLS);
    await statistics.prefetch(TOOLS);
    expect(statistics.source.learnedStatistics('query_memory')?.samples).toBe(25);
    await first;
    expect(many).toHaveBeenCalledTimes(1);
  });
});
