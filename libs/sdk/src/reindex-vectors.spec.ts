import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSilentLogger, loadConfig, type CosConfig } from '@chief-of-staff/core';
import { createChiefOfStaff } from './create-chief-of-staff.js';
import { reindexVectors, type ReindexProgress } from './reindex-vectors.js';

describe('reindexVectors', () => {
  let dataDir: string;
  let docsDir: string;
  let config: CosConfig;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-reindex-'));
    docsDir = join(dataDir, 'documents');
    mkdirSync(docsDir, { recursive: true });
    writeFileSync(join(docsDir, 'offsite.md'), '# Offsite\n\nThe team offsite is in Lisbon in May; Dana books the venue.\n');
    writeFileSync(join(docsDir, 'gone.txt'), 'This file will be deleted before the re-index.\n');
    const env = { COS_DOCUMENTS_ALLOWED_ROOTS: docsDir };
    config = loadConfig({ env, overrides: { dataDir } });
    const cos = await createChiefOfStaff({ dataDir, env, logger: createSilentLogger() });
    try {
      const ingested = await cos.callTool('ingest_documents', { path: docsDir });
      expect(ingested.ok).toBe(true);
      const stored = await cos.callTool('store_fact', { category: 'preference', key: 'dana_drink', value: 'Dana drinks oat milk flat whites' });
      expect(stored.ok).toBe(true);
    } finally {
      await cos.close();
    }
    rmSync(join(docsDir, 'gone.txt'));
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('re-embeds every document still present and every fact, and drops entries whose files are gone', async () => {
    const progress: ReindexProgress[] = [];
    const result = await reindexVectors(config, { env: {}, onProgress: (p) => progress.push(p) });

    expect(result.documents.reindexed).toBe(1);
    expect(result.documents.chunks).toBeGreaterThan(0);
    expect(result.documents.pruned.map((entry) => entry.path)).toEqual([join(docsDir, 'gone.txt')]);
    expect(result.facts).toEqual({ total: 1, embedded: 1 });
    expect(result.embedder).toMatch(/use-lite/);
    expect(progress.some((p) => p.stage === 'documents')).toBe(true);
    expect(progress).toContainEqual({ stage: 'facts', done: 1, total: 1 });

    const cos = await createChiefOfStaff({ dataDir, env: { COS_DOCUMENTS_ALLOWED_ROOTS: docsDir }, logger: createSilentLogger() });
    try {
      const search = await cos.callTool('search_documents', { query: 'where is the offsite', mode: 'vector' });
      expect(search.ok && JSON.stringify(search.value)).toContain('Lisbon');
      const facts = await cos.callTool('list_facts', {});
      expect(facts.ok && JSON.stringify(facts.value)).toContain('"embedding_status":"ok"');
    } finally {
      await cos.close();
    }
  });
});
