/**
 * What a call pays for learned latency the first time a process looks its tool up, on a busy week's usage log
 * (20,000 calls of 40 tools). Beside it, the week's per-tool statistics over the same log (what `get_tool_statistics`
 * reads, and what every first call used to read before the registry asked for one tool's figures).
 */
import { FakeClock } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { createLearnedStatistics } from './usage-statistics.js';

const CALLS = 20_000;
const TOOLS = 40;
const WEEK_MS = 7 * 86_400_000;

let store: TestMemoryStore | undefined;
let clock: FakeClock;
let round = 0;

async function fillUsageLog(): Promise<void> {
  clock = new FakeClock('2026-04-01T08:00:00.000Z');
  store = createTestMemoryStore({ clock });
  const step = Math.floor((WEEK_MS - 60_000) / CALLS);
  for (let i = 0; i < CALLS; i += 1) {
    clock.advance(step);
    await store.toolUsage.record({ toolName: `tool_${i % TOOLS}`, callerKind: 'host', success: i % 17 !== 0, durationMs: (i * 37) % 900, responseBytes: 1_000 + (i % 500), truncated: false });
  }
}

function openStore(): TestMemoryStore {
  if (!store) throw new Error('setup did not run');
  return store;
}

export const benchmarks = [
  {
    name: `learned statistics: one tool's figures on a ${CALLS.toLocaleString('en')}-call week`,
    setup: fillUsageLog,
    fn: async () => {
      // A fresh reader each time: what a process pays for a tool's figures the first time it needs them.
      await createLearnedStatistics(openStore(), clock).prefetch([`tool_${(round += 1) % TOOLS}`]);
    },
    peer: 'learned statistics: the week per tool, as the first call used to read it',
  },
  {
    name: 'learned statistics: the week per tool, as the first call used to read it',
    fn: () => openStore().toolUsage.statistics({ since: new Date(clock.now().getTime() - WEEK_MS).toISOString() }, { limit: 200 }),
    iterations: 10,
    teardown: async () => await store?.cleanup(),
  },
];
