/**
 * `get_orchestration_stats` on a real data directory: the day-by-day series, the fallback events page by page, the
 * external servers with their health.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

const DAY_MS = 86_400_000;

interface Stats {
  metrics: Array<{ name: string; value: number | null; sample_size: number }>;
  series?: Array<{ day: string; calls: number; tool_error_rate: number | null; fallback_recovery: number | null }>;
  fallback_events: { total: number; items: Array<{ chain_id: string; tool: string; attempt: number; outcome: string }>; next_offset: number | null };
  servers: Array<{ name: string; state: string; transport: string; tools: number; breaker: string; problem?: string }>;
  server_problems: string[];
}

describe('get_orchestration_stats', () => {
  let dir: string;
  let cos: ChiefOfStaff;
  const now = Date.now();
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  async function stats(args: Record<string, unknown>): Promise<Stats> {
    const result = await cos.callTool('get_orchestration_stats', args);
    if (!result.ok) throw new Error(result.error.message);
    return result.value as unknown as Stats;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cos-orch-stats-'));
    const dataDir = join(dir, 'data');
    writeFileSync(join(dir, 'mcp-servers.json'), JSON.stringify({ mcpServers: { archive: { command: join(dir, 'no-such-server'), disabled: true }, missing: { command: join(dir, 'no-such-server') } } }));
    const open = () =>
      createChiefOfStaff({ dataDir, config: { mcpServersFile: join(dir, 'mcp-servers.json') }, env: {}, logger: createSilentLogger(), semanticRecall: false });
    // Creates the database; the logs are then filled as earlier days of use would have.
    await (await open()).close();
    const db = new Database(join(dataDir, 'cos.db'));
    const usage = db.prepare(
      `INSERT INTO tool_usage_log (tool_name, caller_kind, query_pattern, success, error_code, duration_ms, estimated_ms, truncated, created_at)
       VALUES (?, 'host', 'auto', ?, ?, 100, 100, 0, ?)`,
    );
    const fallback = db.prepare('INSERT INTO fallback_events (chain_id, primary_tool, tool, attempt, outcome, duration_ms, created_at) VALUES (?, ?, ?, ?, ?, 50, ?)');
    db.transaction(() => {
      // Two days ago: 10 calls, 5 of them failed on the service's side. Yesterday: 10 calls, all answered.
      for (let i = 0; i < 10; i += 1) usage.run('list_facts', i < 5 ? 0 : 1, i < 5 ? 'TIMEOUT' : null, new Date(now - 2 * DAY_MS + i).toISOString());
      for (let i = 0; i < 10; i += 1) usage.run('list_facts', 1, null, new Date(now - DAY_MS + i).toISOString());
      // Three chains yesterday whose first tool failed: two recovered.
      for (let chain = 0; chain < 3; chain += 1) {
        const at = new Date(now - DAY_MS + 1_000 + chain).toISOString();
        fallback.run(`chain-${chain}`, 'web_search', 'tavily__search', 0, 'error', at);
        fallback.run(`chain-${chain}`, 'web_search', 'brave__search', 1, chain < 2 ? 'success' : 'timeout', at);
      }
    })();
    db.close();
    cos = await open();
    await cos.orchestration.prepare();
  }, 60_000);

  afterAll(async () => {
    await cos?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives one point per UTC day for each metric with series "day", and none without it', async () => {
    const withSeries = await stats({ days: 7, series: 'day' });
    expect(withSeries.series).toHaveLength(8);
    const byDay = new Map((withSeries.series ?? []).map((point) => [point.day, point]));
    expect(byDay.get(dayOf(now - 2 * DAY_MS))).toMatchObject({ calls: 10, tool_error_rate: 0.5, fallback_recovery: null });
    expect(byDay.get(dayOf(now - DAY_MS))).toMatchObject({ calls: 10, tool_error_rate: 0, fallback_recovery: 2 / 3 });
    expect(byDay.get(dayOf(now - 5 * DAY_MS))).toMatchObject({ calls: 0, tool_error_rate: null });
    expect(withSeries.metrics.find((entry) => entry.name === 'tool_error_rate')).toMatchObject({ value: 5 / 20, sample_size: 20 });
    expect((await stats({ days: 7 })).series).toBeUndefined();
  });

  it('pages the fallback events newest first', async () => {
    const first = await stats({ fallback_limit: 4 });
    expect(first.fallback_events.total).toBe(6);
    expect(first.fallback_events.items.map((event) => `${event.chain_id}/${event.attempt}`)).toEqual(['chain-2/1', 'chain-2/0', 'chain-1/1', 'chain-1/0']);
    expect(first.fallback_events.next_offset).toBe(4);
    const second = await stats({ fallback_limit: 4, fallback_offset: 4 });
    expect(second.fallback_events.items.map((event) => `${event.chain_id}/${event.attempt}`)).toEqual(['chain-0/1', 'chain-0/0']);
    expect(second.fallback_events.next_offset).toBeNull();
  });

  it('lists the external servers with their state, breaker and the fix for a failure', async () => {
    const { servers } = await stats({});
    expect(servers.find((server) => server.name === 'archive')).toMatchObject({ state: 'disabled', transport: 'stdio', breaker: 'closed' });
    const missing = servers.find((server) => server.name === 'missing');
    expect(missing).toMatchObject({ state: 'failed', tools: 0, breaker: 'closed' });
    expect(missing?.problem).toEqual(expect.any(String));
  });
});
