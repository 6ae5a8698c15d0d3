/**
 * Another program holding the database's write lock: a read answers without waiting for the lock (its usage row
 * waits in memory instead of stalling the call) and the row is written once the lock is released, so the usage
 * statistics lose nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger, FakeClock } from '@chief-of-staff/core';
import { openMemoryStore, type SqliteMemoryStore } from '@chief-of-staff/sqlite';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

describe('tool usage while another program holds the database lock', () => {
  let dataDir: string;
  let cos: ChiefOfStaff;
  let other: SqliteMemoryStore;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-usage-lock-'));
    cos = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger(), semanticRecall: false });
    expect((await cos.callTool('store_fact', { category: 'work', key: 'budget', value: 'The budget review is on Monday' })).ok).toBe(true);
    other = openMemoryStore({ dataDir, clock: new FakeClock(new Date(), 'UTC') });
  });

  afterAll(async () => {
    await other.close();
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers reads without waiting for the lock and records their usage after it is released', async () => {
    other.database.sqlite.exec('BEGIN EXCLUSIVE');
    const started = performance.now();
    try {
      for (let n = 0; n < 3; n += 1) expect((await cos.callTool('list_facts', { category: 'work' })).ok).toBe(true);
    } finally {
      other.database.sqlite.exec('ROLLBACK');
    }
    // Three reads behind a 5 s busy timeout each would take 15 s; without the wait they take milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await cos.callTool('list_facts', { category: 'work' })).ok).toBe(true);
    const stats = await cos.callTool('get_tool_statistics', { tool_name: 'list_facts' });
    expect(stats.ok && (stats.value.items as Array<{ calls: number }>)[0]?.calls).toBe(4);
  });
});
