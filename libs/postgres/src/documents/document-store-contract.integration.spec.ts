/**
 * The document store contract (ADR 0067) against the PostgreSQL adapter: the `documents` catalogue and the
 * `document_chunks` chunk store in a fresh database of one throw-away server, with the real embedder.
 */
import { describeDocumentStoreContract } from '@chief-of-staff/documents/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { PostgresChunkStore } from './chunk-store.js';
import { PostgresDocumentCatalog } from './document-catalog.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('documents');

describeWithPostgres('on PostgreSQL', () => {
  describeDocumentStoreContract('PostgreSQL', async (embedder) => {
    const database = await databases.open();
    const catalog = new PostgresDocumentCatalog(database);
    return {
      catalog,
      chunks: new PostgresChunkStore(database, { embedder }),
      withEmbedder: (other) => ({ catalog, chunks: new PostgresChunkStore(database, { embedder: other }) }),
      close: () => database.close(),
    };
  });
});
