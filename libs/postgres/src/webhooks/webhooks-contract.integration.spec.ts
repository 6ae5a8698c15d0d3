/**
 * The webhook events and event rules contracts (ADR 0065) against the PostgreSQL adapter: one throw-away server for
 * the file, a fresh database per test.
 */
import { afterAll, beforeAll } from '@jest/globals';
import type { FakeClock } from '@chief-of-staff/core';
import { describeEventRulesRepositoryContract, describeWebhookEventsRepositoryContract } from '@chief-of-staff/stores/testing';
import { startTestPostgres, type TestPostgres } from '../testing/index.js';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import { createPostgresEventRulesRepository } from './event-rules-repository.js';
import { createPostgresWebhookEventsRepository } from './webhook-events-repository.js';

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
    const database = await openPostgres({ url: await server.createDatabase(`webhooks_${databases}`), poolSize: 4 });
    return { repository: create(database, clock), close: () => database.close() };
  };
}

describeWebhookEventsRepositoryContract('PostgreSQL', opener(createPostgresWebhookEventsRepository));
describeEventRulesRepositoryContract('PostgreSQL', opener(createPostgresEventRulesRepository));
