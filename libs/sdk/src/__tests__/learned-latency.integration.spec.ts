/**
 * Learned latency end to end: a Chief of Staff opened on a data directory whose usage log shows how a tool has been
 * performing expects that (docs/orchestration.md#tool-metadata), and records the expectation with the call.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { createChiefOfStaff } from '../index.js';

const DAY_MS = 86_400_000;

describe('learned latency', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-learned-'));
    // Creates the database; the log is then filled as earlier days of use would have.
    await (await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger(), semanticRecall: false })).close();
    const db = new Database(join(dataDir, 'cos.db'));
    const insert = db.prepare(
      `INSERT INTO tool_usage_log (tool_name, caller_kind, query_pattern, success, duration_ms, response_bytes, truncated, created_at)
       VALUES (?, 'host', 'p', ?, ?, 400, 0, ?)`,
    );
    const now = Date.now();
    db.transaction(() => {
      for (let i = 0; i < 40; i += 1) insert.run('list_facts', 1, 5_000, new Date(now - 9 * DAY_MS + i).toISOString()); // before the window
      for (let i = 0; i < 30; i += 1) insert.run('list_facts', 1, 700 + (i % 3), new Date(now - DAY_MS + i).toISOString());
      for (let i = 0; i < 40; i += 1) insert.run('list_facts', 0, 30_000, new Date(now - DAY_MS + 100 + i).toISOString()); // failures
      for (let i = 0; i < 5; i += 1) insert.run('store_fact', 1, 9_000, new Date(now - DAY_MS + i).toISOString()); // too few to learn from
    })();
    db.close();
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("expects a tool's recent typical latency once it has enough successful calls, and the declared one before", async () => {
    const cos = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger(), semanticRecall: false });
    try {
      expect((await cos.callTool('list_facts', {})).ok).toBe(true);
      expect((await cos.callTool('store_fact', { category: 'work', key: 'team', value: 'Platform' })).ok).toBe(true);
    } finally {
      await cos.close();
    }
    const db = new Database(join(dataDir, 'cos.db'), { readonly: true });
    const expected = (tool: string) =>
      (db.prepare('SELECT estimated_ms FROM tool_usage_log WHERE tool_name = ? ORDER BY id DESC LIMIT 1').get(tool) as { estimated_ms: number | null }).estimated_ms;
    try {
      // The median of the 30 successful calls of the last day (700–702 ms): not the older or failed ones.
      expect(expected('list_facts')).toBe(701);
      // Five calls are too few: the declared tier's 200 ms is what orchestration goes by, but it is no forecast for this
      // machine, so the call records no estimate and latency accuracy does not judge it (ADR 0097).
      expect(expected('store_fact')).toBeNull();
    } finally {
      db.close();
    }
  });

  it('on a fresh install, 60 typical calls leave latency accuracy without a verdict rather than failed (0.9 before)', async () => {
    const freshDir = mkdtempSync(join(tmpdir(), 'cos-fresh-'));
    const cos = await createChiefOfStaff({ dataDir: freshDir, env: {}, logger: createSilentLogger(), semanticRecall: false });
    try {
      const today = new Date().toISOString().slice(0, 10);
      for (let i = 0; i < 15; i += 1) {
        expect((await cos.callTool('store_fact', { category: 'work', key: `note_${i}`, value: `Budget note ${i}` })).ok).toBe(true);
        expect((await cos.callTool('query_memory', { query: `budget note ${i}` })).ok).toBe(true);
        expect((await cos.callTool('list_delegations', {})).ok).toBe(true);
        expect((await cos.callTool('get_calendar_events', { start: today, end: today })).ok).toBe(true);
      }
      const stats = await cos.callTool('get_orchestration_stats', {});
      const latency = stats.ok ? (stats.value as { metrics: Array<{ name: string; pass: boolean | null; sample_size: number }> }).metrics.find((metric) => metric.name === 'latency_accuracy') : undefined;
      expect(latency).toMatchObject({ pass: null, sample_size: 0 });
    } finally {
      await cos.close();
      rmSync(freshDir, { recursive: true, force: true });
    }
  }, 60_000);
});
