/**
 * The test databases on a PostgreSQL server someone else runs (`COS_TEST_DATABASE_URL`, e.g. a pgvector container),
 * for machines where the local test cluster cannot be installed. Several test files and runs share that server, so
 * every database name gets a suffix unique to this process, and `stop()` drops what was created here.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { CreateTestDatabaseOptions, TestPostgres } from './test-postgres-handle.js';

/** The variable that points the PostgreSQL suites at an existing server. */
export const TEST_DATABASE_URL_VARIABLE = 'COS_TEST_DATABASE_URL';

/** Connections that drop databases at once in `stop()`. */
const DROP_LANES = 6;

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The URL with its password masked, for messages. */
function shown(url: URL): string {
  const copy = new URL(url.toString());
  if (copy.password !== '') copy.password = '***';
  return copy.toString();
}

async function withClient<T>(url: URL, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `${TEST_DATABASE_URL_VARIABLE} (${shown(url)}) does not answer: ${error instanceof Error ? error.message : String(error)}. ` +
        `Start that server, correct the URL, or unset ${TEST_DATABASE_URL_VARIABLE} to use the local test cluster.`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `<database>_<suffix>` on the server at `adminUrl` and returns a TestPostgres over it. */
export async function startOnExistingServer(adminUrl: string, database: string): Promise<TestPostgres> {
  const started = performance.now();
  let admin: URL;
  try {
    admin = new URL(adminUrl);
  } catch {
    throw new Error(`${TEST_DATABASE_URL_VARIABLE} is not a URL; expected postgres://user:password@host:5432/postgres.`);
  }
  // Some suites log in as roles they create, with no password, as on the local test cluster (trust authentication).
  if (admin.username !== 'postgres' || admin.password !== '') {
    throw new Error(
      `${TEST_DATABASE_URL_VARIABLE} must log in as the superuser postgres without a password (${shown(admin)} does not): ` +
        'the suites also log in as roles they create. Run the server with trust authentication for this machine, e.g. ' +
        'docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust pgvector/pgvector:pg15, and use ' +
        `${TEST_DATABASE_URL_VARIABLE}=postgres://postgres@127.0.0.1:5432/postgres.`,
    );
  }
  await withClient(admin, async (client) => {
    const superuser = await client.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
    if (superuser.rows[0]?.rolsuper !== true) {
      throw new Error(`${TEST_DATABASE_URL_VARIABLE} (${shown(admin)}) must log in as a superuser: the suites create roles and extensions.`);
    }
    const vector = await client.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
    if (vector.rowCount === 0) {
      throw new Error(
        `The server at ${TEST_DATABASE_URL_VARIABLE} (${shown(admin)}) has no pgvector extension. Use a server with ` +
          'pgvector installed (e.g. the pgvector/pgvector:pg15 container image).',
      );
    }
  });
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const created: string[] = [];
  const urlOf = (name: string): string => {
    const url = new URL(admin.toString());
    url.pathname = `/${encodeURIComponent(name)}`;
    return url.toString();
  };
  const createDatabase = async (name: string, options: CreateTestDatabaseOptions = {}): Promise<string> => {
    const unique = `${name}_${suffix}`;
    await withClient(admin, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(unique)} ${options.clauses ?? ''}`.trim()));
    created.push(unique);
    return urlOf(unique);
  };
  const url = await createDatabase(database);
  const startMs = performance.now() - started;
  const localOnly = (): Promise<void> =>
    Promise.reject(
      new Error(
        `pause() and resume() need the local test cluster (they stop and start the server), and the tests use ` +
          `${TEST_DATABASE_URL_VARIABLE}. Unset it to run this test.`,
      ),
    );
  return {
    url,
    port: admin.port === '' ? 5432 : Number(admin.port),
    startMs,
    createDatabase,
    async stop() {
      const names = created.splice(0);
      if (names.length === 0) return;
      // Pools the test forgot to close would block the drops.
      await withClient(admin, (client) =>
        client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ANY($1) AND pid <> pg_backend_pid()', [names]),
      );
      // Each DROP DATABASE waits for a checkpoint; drops waiting together share one, so a suite that made a hundred
      // databases is cleaned up within its hook's time.
      const lanes = Array.from({ length: Math.min(DROP_LANES, names.length) }, () =>
        withClient(admin, async (client) => {
          for (let name = names.pop(); name !== undefined; name = names.pop()) {
            await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)}`);
          }
        }),
      );
      await Promise.all(lanes);
    },
    pause: localOnly,
    resume: localOnly,
  };
}
