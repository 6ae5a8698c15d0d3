import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '@chief-of-staff/sdk';
import { collectPages } from './pages.js';

describe('collectPages', () => {
  let dataDir: string;
  let cos: ChiefOfStaff;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-pages-'));
    cos = await createChiefOfStaff({
      dataDir,
      env: {},
      logger: createSilentLogger(),
      semanticRecall: false,
      config: { responses: { maxTokens: 500 } },
    });
    for (let index = 0; index < 12; index += 1) {
      const key = `note_${String(index).padStart(2, '0')}`;
      await cos.callTool('store_fact', { category: 'work', key, value: `${key}: ${'detail '.repeat(20)}` });
    }
  });

  afterAll(async () => {
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops at a page cut by the response cap instead of skipping what it left out', async () => {
    const result = await collectPages(cos, 'list_facts', {}, { pageSize: 12 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const keys = result.value.items.map((item) => item.key);
    expect(keys.length).toBeLessThan(12);
    // Whatever came back is the start of the list, with no gap.
    expect(keys).toEqual(keys.map((_, index) => `note_${String(index).padStart(2, '0')}`));
    expect(result.value.more).toBe(true);
    expect(result.value.warnings.join(' ')).toMatch(/items omitted/);
  });

  it('follows cursors across pages that fit', async () => {
    const result = await collectPages(cos, 'list_facts', {}, { pageSize: 2 });
    expect(result.ok && result.value.items.map((item) => item.key)).toEqual(
      Array.from({ length: 12 }, (_, index) => `note_${String(index).padStart(2, '0')}`),
    );
  });
});
