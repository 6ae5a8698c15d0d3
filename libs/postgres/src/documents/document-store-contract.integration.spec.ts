/**
 * The document store contract (ADR 0067) against the PostgreSQL adapter: the `documents` catalogue and the
 * `document_chunks` chunk store in a fresh database of one throw-away server, with the real embedder.
 */
import { afterAll, beforeAll } from '@jest/globals';
import { describeDocumentStoreContract } from '@chief-of-staff/documents/testing';
import { openPostgres } from '../open-postgres.js';
import { startTestPostgres, type TestPostgres } from '../testing/index.js';
import { PostgresChunkStore } from './chunk-store.js';
import { PostgresDocumentCatalog } from './document-catalog.js';

let server: TestPostgres;
let databases = 0;

beforeAll(async () => {
  server = await startTestPostgres();
});

afterAll(async () => {
  await server?.stop();
});

describeDocumentStoreContract('PostgreSQL', async (embedder) => {
  databases += 1;
  const database = await openPostgres({ url: await server.createDatabase(`documents_${databases}`), poolSize: 4 });
  const catalog = new PostgresDocumentCatalog(database);
  return {
    catalog,
    chunks: new PostgresChunkStore(database, { embedder }),
    withEmbedder: (other) => ({ catalog, chunks: new PostgresChunkStore(database, { embedder: other }) }),
    close: () => database.close(),
  };
});
