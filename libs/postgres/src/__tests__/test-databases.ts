/**
 * What every PostgreSQL spec of this library sets up: one throw-away server for the spec file, started before its
 * first test and stopped after its last, and a fresh database (optionally sorting text by language, so a missing
 * `COLLATE "C"` shows) for each test that asks.
 */
import { afterAll, beforeAll } from '@jest/globals';
import type { FakeClock } from '@chief-of-staff/core';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import { createLanguageSortedDatabase } from '../testing/language-sorted-database.js';
import { startTestPostgres, type TestPostgres } from '../testing/test-postgres.js';

export interface TestDatabases {
  /** The spec file's server; only inside hooks and tests. */
  readonly server: TestPostgres;
  /** The URL of a new, empty database named `<prefix>_<n>`. */
  freshUrl(): Promise<string>;
  /** A new, empty database with the migrations applied. */
  open(poolSize?: number): Promise<PostgresDatabase>;
  /** An `open` for a repository contract suite: a repository over a new database, closed with it. */
  opener<R>(create: (database: PostgresDatabase, clock: FakeClock) => R): (clock: FakeClock) => Promise<{ repository: R; close(): Promise<void> }>;
}

export function testDatabases(prefix: string, options: { languageSorted?: boolean } = {}): TestDatabases {
  let server: TestPostgres | undefined;
  let count = 0;
  beforeAll(async () => {
    server = await startTestPostgres();
  });
  afterAll(async () => {
    await server?.stop();
  });
  const running = (): TestPostgres => {
    if (server === undefined) throw new Error('The test server runs only inside hooks and tests.');
    return server;
  };
  const freshUrl = async (): Promise<string> => {
    count += 1;
    const name = `${prefix}_${count}`;
    return options.languageSorted ? createLanguageSortedDatabase(running(), name) : running().createDatabase(name);
  };
  const open = async (poolSize = 4): Promise<PostgresDatabase> => openPostgres({ url: await freshUrl(), poolSize });
  return {
    get server() {
      return running();
    },
    freshUrl,
    open,
    opener: (create) => async (clock) => {
      const database = await open();
      return { repository: create(database, clock), close: () => database.close() };
    },
  };
}
