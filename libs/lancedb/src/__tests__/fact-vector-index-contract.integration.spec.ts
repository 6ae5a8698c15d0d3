/** The fact vector index contract (ADR 0067) against the LanceDB `fact_vectors` table and a SQLite memory store. */
import { join } from 'node:path';
import { createTestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { LanceFactVectorIndex } from '../facts/lance-fact-vector-index.js';
import { VectorDatabase } from '../tables/vector-table.js';
import { describeFactVectorIndexContract } from '@chief-of-staff/documents/testing';

describeFactVectorIndexContract('LanceDB', async () => {
  const store = createTestMemoryStore();
  const vectors = new VectorDatabase(join(store.dataDir, 'vectors'));
  return {
    facts: store.facts,
    index: (embedder) => new LanceFactVectorIndex({ vectors, embedder }),
    close: async () => {
      await vectors.close();
      await store.cleanup();
    },
  };
});
