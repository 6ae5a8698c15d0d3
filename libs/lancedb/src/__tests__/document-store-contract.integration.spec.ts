/**
 * The document store contract (ADR 0067) against the embedded adapters: the SQLite `documents` table and the LanceDB
 * `document_chunks` table, each run in a fresh data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, SqliteDocumentCatalog } from '@chief-of-staff/sqlite';
import { DocumentChunkTable } from '../chunks/document-chunk-table.js';
import { VectorDatabase } from '../tables/vector-table.js';
import { describeDocumentStoreContract } from '@chief-of-staff/documents/testing';

describeDocumentStoreContract('SQLite + LanceDB', async (embedder) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-docs-stores-'));
  const database = openDatabase({ dataDir });
  const vectors = new VectorDatabase(join(dataDir, 'vectors'));
  const catalog = new SqliteDocumentCatalog(database);
  const chunksFor = (other: typeof embedder) => new DocumentChunkTable(vectors, other);
  const chunks = chunksFor(embedder);
  return {
    catalog,
    chunks,
    withEmbedder: (other) => ({ catalog, chunks: chunksFor(other) }),
    close: async () => {
      await chunks.stopMaintenance();
      await vectors.close();
      database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
