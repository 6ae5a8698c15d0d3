/**
 * The notifications and suggestion state contracts (ADR 0065) against the PostgreSQL adapter: one throw-away server
 * for the file, a fresh database per test.
 */
import { afterAll, beforeAll } from '@jest/globals';
import type { FakeClock } from '@chief-of-staff/core';
import { describeNotificationsRepositoryContract, describeSuggestionStateRepositoryContract } from '@chief-of-staff/stores/testing';
import { startTestPostgres, type TestPostgres } from '../testing/index.js';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import { createPostgresNotificationsRepository } from './notifications-repository.js';
import { createPostgresSuggestionStateRepository } from './suggestion-state-repository.js';

let server: TestPostgres;
let databases = 0;

beforeAll(async () => {
  server = await startTestPostgres();
});

afterAll(async () => {
  await server?.stop();
});

function opener<R>(create: (database: PostgresDatabase, clock: FakeClock) => R) {
  return async (clock: FakeClock) => {
    databases += 1;
    const database = await openPostgres({ url: await server.createDatabase(`proactive_${databases}`), poolSize: 4 });
    return { repository: create(database, clock), close: () => database.close() };
  };
}

describeNotificationsRepositoryContract('PostgreSQL', opener(createPostgresNotificationsRepository));
describeSuggestionStateRepositoryContract('PostgreSQL', opener(createPostgresSuggestionStateRepository));
