/** @chief-of-staff/postgres/testing — a throw-away PostgreSQL server for this and other libraries' tests. */
export { describeWithLocalPostgres, describeWithPostgres } from './describe-with-postgres.js';
export {
  assertTestPostgresInstalled,
  DEFAULT_PG_BIN,
  startTestPostgres,
  TEST_SERVERS_INSTALL_COMMAND,
  TestPostgresUnavailableError,
} from './test-postgres.js';
export type { TestPostgres, TestPostgresOptions } from './test-postgres.js';
