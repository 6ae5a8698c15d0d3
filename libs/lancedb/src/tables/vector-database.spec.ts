/**
 * The LanceDB connection's caches are the bounded ones this module sets, not LanceDB's defaults (6 GB + 1 GB): under
 * steady writes and reads they fill with entries of old versions, so their bound is what a server keeps.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from '@jest/globals';
import type { Embedder } from '@chief-of-staff/documents';
import { DocumentChunkTable } from '../chunks/document-chunk-table.js';
import { LANCE_INDEX_CACHE_BYTES, LANCE_METADATA_CACHE_BYTES, VectorDatabase } from './vector-table.js';

const root = mkdtempSync(join(tmpdir(), 'cos-vector-db-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('reads through caches bounded by the session it configured', async () => {
  const db = new VectorDatabase(root);
  try {
    const connection = await db.connection();
    const vector = (seed: number) => Array.from({ length: 16 }, (_, d) => Math.cos(seed + d));
    const table = await connection.createTable('t', [{ id: 0, vector: vector(0) }]);
    for (let id = 1; id <= 30; id++) {
      await table.add([{ id, vector: vector(id) }]);
      await table.vectorSearch(vector(id)).limit(3).toArray();
    }
    // Empty when the connection ignored the session and read through LanceDB's default caches instead.
    const use = db.cacheUse();
    expect(use.items).toBeGreaterThan(0);
    expect(use.bytes).toBeLessThanOrEqual(LANCE_INDEX_CACHE_BYTES + LANCE_METADATA_CACHE_BYTES);
  } finally {
    await db.close();
  }
});

it('answers that an index nobody built is absent without connecting, and connects once the table is there', async () => {
  let connections = 0;
  const db = new (class extends VectorDatabase {
    override connection() {
      connections += 1;
      return super.connection();
    }
  })(join(root, 'empty'));
  const embedder: Embedder = { id: 'test-16', dims: 16, embed: async (texts) => texts.map(() => new Float32Array(16).fill(0.25)) };
  try {
    const chunks = new DocumentChunkTable(db, embedder);
    expect(await chunks.state()).toEqual({ status: 'absent' });
    expect(connections).toBe(0);
    await (await db.connection()).createTable('document_chunks', [{ id: 0, vector: Array.from({ length: 16 }, () => 0.25) }]);
    expect((await new DocumentChunkTable(db, embedder).state()).status).not.toBe('absent');
  } finally {
    await db.close();
  }
});
