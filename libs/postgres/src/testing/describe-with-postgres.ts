/**
 * `describe` for suites that need PostgreSQL: they run on the local test cluster or on `COS_TEST_DATABASE_URL`.
 * Where neither is available they are skipped, with one notice for the whole run naming both ways to run them;
 * under CI (`CI=true`), where they must run, the suite fails instead. Jest's `describe` is taken from the test
 * globals when called, so this module loads outside Jest too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_DATABASE_URL_VARIABLE } from './existing-server.js';
import { HOW_TO_RUN_POSTGRES_TESTS, testPostgresMissing, usesLocalTestPostgres } from './test-postgres.js';

type Body = () => void;
interface Describe {
  (name: string, body: Body): void;
  skip(name: string, body: Body): void;
}

/** Set by jest.preset.cjs for each project's run: where skipped-suite notices are collected and printed once. */
const NOTICES_VARIABLE = 'COS_TEST_NOTICES_DIR';

function jestDescribe(): Describe {
  const candidate = (globalThis as { describe?: Describe }).describe;
  if (typeof candidate !== 'function') throw new Error('describeWithPostgres declares Jest tests: call it from a Jest spec file.');
  return candidate;
}

/** Records why suites were skipped: collected into one notice for the run, or printed here outside the preset. */
function noticeSkipped(key: string, message: string): void {
  const dir = process.env[NOTICES_VARIABLE];
  if (dir === undefined || dir === '') {
    process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
    return;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${key}.txt`), `${message}\n`);
}

/** `describe` when a PostgreSQL server for tests is available; otherwise a noticed skip (or, under CI, an error). */
export function describeWithPostgres(name: string, body: Body): void {
  const describe = jestDescribe();
  const missing = testPostgresMissing();
  if (missing === undefined) {
    describe(name, body);
    return;
  }
  if (process.env['CI']) throw new Error(`"${name}" needs PostgreSQL, and ${missing}. To run it, ${HOW_TO_RUN_POSTGRES_TESTS}.`);
  noticeSkipped('postgres', `the PostgreSQL suites (${missing}). To run them, ${HOW_TO_RUN_POSTGRES_TESTS}.`);
  describe.skip(name, body);
}

/**
 * `describeWithPostgres` for suites that stop and start the server itself (`pause()`/`resume()`, or the cluster's
 * own programs): with `COS_TEST_DATABASE_URL` set they are skipped with a message, even under CI, since the cluster
 * they need was deliberately not used.
 */
export function describeWithLocalPostgres(name: string, body: Body): void {
  if (testPostgresMissing() === undefined && !usesLocalTestPostgres()) {
    process.stderr.write(`\n*** SKIPPED: "${name}" needs the local test cluster; unset ${TEST_DATABASE_URL_VARIABLE} to run it.\n\n`);
    jestDescribe().skip(name, body);
    return;
  }
  describeWithPostgres(name, body);
}
