/**
 * The fact vector index contract (ADR 0067) against `PostgresFactVectorIndex`, with the facts in the same database
 * (`fact_vectors` references `facts`), on one throw-away server.
 */
import { FakeClock } from '@chief-of-staff/core';
import { describeFactVectorIndexContract } from '@chief-of-staff/documents/testing';
import { createPostgresFactsRepository } from '../memory/facts-repository.js';
import { testDatabases } from '../__tests__/test-databases.js';
import { PostgresFactVectorIndex } from './fact-vector-index.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('fact_vectors');

describeWithPostgres('on PostgreSQL', () => {
  describeFactVectorIndexContract('PostgreSQL', async () => {
    const database = await databases.open();
    return {
      facts: createPostgresFactsRepository(database, new FakeClock()),
      index: (embedder) => new PostgresFactVectorIndex(database, { embedder }),
      close: () => database.close(),
    };
  });
});
