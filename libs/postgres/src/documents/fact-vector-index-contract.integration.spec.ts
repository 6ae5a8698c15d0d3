/**
 * The fact vector index contract (ADR 0067) against `PostgresFactVectorIndex`, with the facts in the same database
 * (`fact_vectors` references `facts`), on one throw-away server.
 */
import { afterAll, beforeAll } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { describeFactVectorIndexContract } from '@chief-of-staff/documents/testing';
import { createPostgresFactsRepository } from '../memory/facts-repository.js';
import { openPostgres } from '../open-postgres.js';
import { startTestPostgres, type TestPostgres } from '../testing/index.js';
import { PostgresFactVectorIndex } from './fact-vector-index.js';

let server: TestPostgres;

beforeAll(async () => {
  server = await startTestPostgres();
});

afterAll(async () => {
  await server?.stop();
});

describeFactVectorIndexContract('PostgreSQL', async () => {
  const database = await openPostgres({ url: await server.createDatabase('fact_vectors'), poolSize: 4 });
  return {
    facts: createPostgresFactsRepository(database, new FakeClock()),
    index: (embedder) => new PostgresFactVectorIndex(database, { embedder }),
    close: () => database.close(),
  };
});
