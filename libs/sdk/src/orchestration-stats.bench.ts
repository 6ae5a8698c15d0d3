/**
 * `get_orchestration_stats` on a busy usage log: 1,000,000 calls over 30 days (40 tools) and 5,000 fallback chains,
 * for the 30-day window with and without the day-by-day series. The tool reads at most MAX_ROWS usage rows, so its
 * cost is bounded whatever the log holds.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { FakeClock, type ToolContext } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { createOrchestrationStatsTool } from './orchestration-stats-tool.js';

const CALLS = 1_000_000;
const CHAINS = 5_000;
const TOOLS = 40;
const DAYS = 30;
const END = Date.parse('2026-04-30T12:00:00.000Z');

let store: TestMemoryStore | undefined;
// The handler reads nothing of its context: the stores come through the tool's own dependencies.
const CONTEXT = {} as ToolContext;
const clock = new FakeClock(new Date(END).toISOString());

function fillLog(): void {
  store = createTestMemoryStore({ clock });
  // Written straight into the table: a million rows through the repository would take minutes.
  const db = new Database(join(store.dataDir, 'cos.db'));
  const usage = db.prepare(
    'INSERT INTO tool_usage_log (tool_name, caller_kind, query_pattern, success, error_code, duration_ms, estimated_ms, truncated, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const fallback = db.prepare('INSERT INTO fallback_events (chain_id, primary_tool, tool, attempt, outcome, duration_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const step = Math.floor((DAYS * 86_400_000) / CALLS);
  const start = END - DAYS * 86_400_000;
  db.transaction(() => {
    for (let i = 0; i < CALLS; i += 1) {
      const failed = i % 23 === 0;
      usage.run(`tool_${i % TOOLS}`, 'host', 'auto', failed ? 0 : 1, failed ? (i % 2 === 0 ? 'TIMEOUT' : 'NOT_FOUND') : null, (i * 37) % 900, i % 3 === 0 ? null : 300, i % 50 === 0 ? 1 : 0, new Date(start + i * step).toISOString());
    }
    for (let i = 0; i < CHAINS; i += 1) {
      const at = new Date(start + i * Math.floor((DAYS * 86_400_000) / CHAINS)).toISOString();
      fallback.run(`chain-${i}`, 'web_search', 'tavily__search', 0, 'error', 100, at);
      fallback.run(`chain-${i}`, 'web_search', 'brave__search', 1, i % 5 === 0 ? 'error' : 'success', 100, at);
    }
  })();
  db.close();
}

function tool() {
  if (!store) throw new Error('setup did not run');
  const memory = store;
  return createOrchestrationStatsTool({ memory: () => memory, breakers: () => [], servers: () => ({ servers: [], problems: [] }), now: () => clock.now() });
}

export const benchmarks = [
  {
    name: `get_orchestration_stats: 30 days over a ${CALLS.toLocaleString('en')}-call log`,
    setup: fillLog,
    fn: () => tool().handler({ days: DAYS, fallback_limit: 10, fallback_offset: 0 }, CONTEXT),
    iterations: 5,
    peer: `get_orchestration_stats: 30 days with the day-by-day series`,
  },
  {
    name: `get_orchestration_stats: 30 days with the day-by-day series`,
    fn: () => tool().handler({ days: DAYS, series: 'day', fallback_limit: 10, fallback_offset: 0 }, CONTEXT),
    iterations: 5,
    teardown: async () => await store?.cleanup(),
  },
];
