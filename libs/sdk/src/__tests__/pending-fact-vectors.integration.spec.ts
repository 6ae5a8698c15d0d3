/**
 * A fact written by a process that does not load the embedder (as `cos memory add` does, to stay fast) is embedded by
 * the next search that reads facts, so it is found by meaning straight away.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { facts, openDatabase } from '@chief-of-staff/sqlite';
import { createChiefOfStaff } from '../index.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cos-pending-vectors-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('facts stored without the embedder', () => {
  it('are embedded by the next search and found by meaning', async () => {
    const writer = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger(), semanticRecall: false });
    expect((await writer.callTool('store_fact', { category: 'preference', key: 'morning_order', value: 'double espresso before standup' })).ok).toBe(true);
    await writer.close();

    const database = openDatabase({ dataDir });
    const status = () => database.db.select({ status: facts.embeddingStatus }).from(facts).get()?.status;
    expect(status()).toBe('pending');

    const reader = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger() });
    try {
      const result = await reader.callTool('query_memory', { query: 'which hot drink does he like in the morning' });
      expect(result.ok && (result.value.items as Array<{ key: string }>).map((item) => item.key)).toEqual(['morning_order']);
      expect(status()).toBe('ok');
    } finally {
      await reader.close();
      database.close();
    }
  }, 60_000);
});
