import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createSilentLogger } from '@chief-of-staff/core';
import { createChiefOfStaff } from './create-chief-of-staff.js';

describe('warmUpSemanticSearch', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-warm-up-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const open = () => createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger() });

  it('loads nothing for a data directory without vectors, and warms up once memories have them', async () => {
    const first = await open();
    try {
      await expect(first.warmUpSemanticSearch()).resolves.toBe(false);
      expect((await first.callTool('store_fact', { category: 'work', key: 'budget', value: 'The Q3 marketing budget is 40k' })).ok).toBe(true);
      // A search embeds whatever is still waiting, so the vectors are on disk before the process ends.
      expect((await first.callTool('query_memory', { query: 'money for marketing' })).ok).toBe(true);
    } finally {
      await first.close();
    }

    const second = await open();
    try {
      await expect(second.warmUpSemanticSearch()).resolves.toBe(true);
      const answer = await second.callTool('query_memory', { query: 'how much can we spend on ads' });
      expect(answer.ok && JSON.stringify(answer.value)).toContain('40k');
    } finally {
      await second.close();
    }
    await expect(second.warmUpSemanticSearch()).resolves.toBe(false);
  });
});
