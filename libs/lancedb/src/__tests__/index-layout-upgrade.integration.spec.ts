/**
 * An index written by an older version (layout 1: raw text with LanceDB's default full-text index, no title or
 * term columns): searches keep working on it with a warning, new documents are refused with the "run
 * `cos reindex`" error instead of being written in a shape the table cannot hold, and `reindex()` rebuilds it in the
 * current layout without losing a document.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isToolError } from '@chief-of-staff/core';
import { openDatabase, SqliteDocumentCatalog, type CosDatabase } from '@chief-of-staff/sqlite';
import { DocumentService, WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { lanceChunkStore } from '../chunks/lance-chunk-store.js';
import { DOCUMENT_CHUNKS_TABLE } from '../chunks/document-chunk-table.js';
import { loadLance } from '../tables/load-lance.js';
import { SCHEMA_VERSION_KEY } from '../tables/vector-space-metadata.js';

const base = mkdtempSync(join(tmpdir(), 'cos-docs-layout-'));
const root = join(base, 'documents');
const vectorsDir = join(base, 'vectors');
const embedder = new WorkerPoolEmbedder();
let database: CosDatabase;

const LAYOUT_1_COLUMNS = ['id', 'document_id', 'chunk_index', 'kind', 'path', 'source_name', 'doc_type', 'text', 'content_hash', 'size_bytes', 'modified_at_ms', 'ingested_at_ms', 'vector'];

/** Rewrites the chunk table as version 1 wrote it: the same rows without the newer columns, layout 1 in the metadata. */
async function downgradeToLayout1(): Promise<void> {
  const { lancedb, arrow } = await loadLance();
  const connection = await lancedb.connect(vectorsDir);
  const table = await connection.openTable(DOCUMENT_CHUNKS_TABLE);
  const schema = await table.schema();
  const rows = (await table.query().select(LAYOUT_1_COLUMNS).toArray()) as Record<string, unknown>[];
  const metadata = new Map(schema.metadata);
  metadata.set(SCHEMA_VERSION_KEY, '1');
  const fields = schema.fields.filter((field) => LAYOUT_1_COLUMNS.includes(field.name));
  const oldSchema = new arrow.Schema(fields, metadata);
  const old = await connection.createEmptyTable(DOCUMENT_CHUNKS_TABLE, oldSchema, { mode: 'overwrite' });
  await old.add(rows.map((row) => ({ ...row, vector: Array.from(row['vector'] as Iterable<number>) })));
  await old.createIndex('text', { config: lancedb.Index.fts() });
  connection.close();
}

beforeAll(async () => {
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'budget.md'), '# Budget\n\nThe marketing budget for the third quarter is 120k euros.');
  database = openDatabase({ dataDir: base });
  const service = new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks: lanceChunkStore({ vectorsDir }), allowedRoots: [root], embedder });
  await service.ingest(root);
  await service.close();
  await downgradeToLayout1();
}, 60_000);

afterAll(async () => {
  await embedder.close();
  database.close();
  rmSync(base, { recursive: true, force: true });
});

describe('an index in an older layout', () => {
  it('is still searched, with a warning that says to re-index', async () => {
    const service = new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks: lanceChunkStore({ vectorsDir }), allowedRoots: [root], embedder });
    try {
      expect(await service.vectorStatus()).toMatchObject({ status: 'outdated' });
      const result = await service.search('marketing budget');
      expect(result.items.map((item) => item.sourceName)).toEqual(['budget.md']);
      expect(result.warnings.join(' ')).toMatch(/older version.*cos reindex/);
    } finally {
      await service.close();
    }
  });

  it('refuses new documents with the re-index error, and reindex() brings it to the current layout', async () => {
    writeFileSync(join(root, 'travel.md'), '# Travel\n\nThe offsite is in Lisbon in May.');
    const service = new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks: lanceChunkStore({ vectorsDir }), allowedRoots: [root], embedder });
    try {
      const error = await service.ingest(root).catch((caught: unknown) => caught);
      expect(isToolError(error) && error.code).toBe('CONFLICT');
      expect(isToolError(error) && error.hint).toMatch(/cos reindex/);

      const report = await service.reindex();
      expect(report.ingested.map((doc) => doc.path)).toEqual([join(root, 'budget.md')]);
      expect(await service.vectorStatus()).toMatchObject({ status: 'ok' });
      expect((await service.ingest(root)).ingested.map((doc) => doc.path)).toEqual([join(root, 'travel.md')]);
      const result = await service.search('budgets of the quarter', { mode: 'fts' });
      expect(result.warnings).toEqual([]);
      expect(result.items[0]?.sourceName).toBe('budget.md');
    } finally {
      await service.close();
    }
  });
});
