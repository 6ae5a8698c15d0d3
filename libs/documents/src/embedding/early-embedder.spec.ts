import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { hasVectorTables, startEarlyEmbedder, VECTORS_DIR_NAME } from './early-embedder.js';

describe('startEarlyEmbedder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-early-embedder-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts nothing for a data directory without vectors, and a loading worker once a table exists', async () => {
    expect(hasVectorTables(dataDir)).toBe(false);
    expect(startEarlyEmbedder(dataDir)).toBeUndefined();

    mkdirSync(join(dataDir, VECTORS_DIR_NAME, 'fact_vectors.lance'), { recursive: true });
    const embedder = startEarlyEmbedder(dataDir);
    try {
      expect(embedder?.workerCount).toBe(1);
      await embedder?.warmUp();
      const [vector] = (await embedder?.embed(['the quarterly budget'])) ?? [];
      expect(vector).toHaveLength(512);
      expect(embedder?.workerCount).toBe(1);
    } finally {
      await embedder?.close();
    }
  });
});
