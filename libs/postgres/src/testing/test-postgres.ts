/**
 * A throw-away PostgreSQL 15 server for tests (like the Radicale and Dovecot test servers of
 * `@chief-of-staff/providers/testing`): `initdb` into a temporary directory with trust authentication, the server on
 * a free 127.0.0.1 port with its unix socket in that directory, one database created, and everything removed by
 * `stop()`. PostgreSQL refuses to run as root, so under root the cluster belongs to the `postgres` user and every
 * server program runs through `runuser`. With `COS_TEST_DATABASE_URL` set, the databases are created on that server
 * instead (any PostgreSQL with pgvector, e.g. a container) and no cluster is started. Without either it throws an
 * error naming both ways: a PostgreSQL suite never skips silently. Nothing here depends on Jest.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startOnExistingServer, TEST_DATABASE_URL_VARIABLE } from './existing-server.js';
import type { CreateTestDatabaseOptions, TestPostgres } from './test-postgres-handle.js';

export type { CreateTestDatabaseOptions, TestPostgres } from './test-postgres-handle.js';

/** Where Debian's postgresql-15 package puts the server programs; `COS_TEST_PG_BIN` overrides it. */
export const DEFAULT_PG_BIN = '/usr/lib/postgresql/15/bin';
export const TEST_SERVERS_INSTALL_COMMAND = 'bash tools/test-servers/install.sh';

export interface TestPostgresOptions {
  /** Name of the database to create (default `cos_test`). */
  database?: string;
}

/** The two ways to run the PostgreSQL suites, as one line for messages. */
export const HOW_TO_RUN_POSTGRES_TESTS =
  `point ${TEST_DATABASE_URL_VARIABLE} at any PostgreSQL with pgvector that trusts logins from here (e.g. a ` +
  `pgvector/pgvector:pg15 container run with POSTGRES_HOST_AUTH_METHOD=trust: ` +
  `${TEST_DATABASE_URL_VARIABLE}=postgres://postgres@127.0.0.1:5432/postgres npm test), or install PostgreSQL 15 and ` +
  `pgvector with: sudo ${TEST_SERVERS_INSTALL_COMMAND} (see tools/test-servers/README.md)`;

/** Thrown when this machine cannot run the server; its message says how to install what is missing. */
export class TestPostgresUnavailableError extends Error {
  constructor(missing: string) {
    super(`PostgreSQL tests cannot run: ${missing}. To run them, ${HOW_TO_RUN_POSTGRES_TESTS}.`);
    this.name = 'TestPostgresUnavailableError';
    this.missing = missing;
  }

  /** What is missing, e.g. `/usr/lib/postgresql/15/bin/initdb is missing`. */
  readonly missing: string;
}

function pgBin(): string {
  return process.env['COS_TEST_PG_BIN'] ?? DEFAULT_PG_BIN;
}

/**
 * Why the PostgreSQL suites cannot run here (neither `COS_TEST_DATABASE_URL` nor the local server programs with
 * pgvector), or undefined when they can. Only looks at files and the environment: no server is contacted.
 */
export function testPostgresMissing(): string | undefined {
  if (existingServerUrl() !== undefined) return undefined;
  try {
    assertTestPostgresInstalled();
    return undefined;
  } catch (error) {
    if (error instanceof TestPostgresUnavailableError) return error.missing;
    throw error;
  }
}

/** True when the suites use the local test cluster (the only one `pause()`/`resume()` work on). */
export function usesLocalTestPostgres(): boolean {
  return existingServerUrl() === undefined && testPostgresMissing() === undefined;
}

function existingServerUrl(): string | undefined {
  const url = process.env[TEST_DATABASE_URL_VARIABLE];
  return url === undefined || url.trim() === '' ? undefined : url.trim();
}

/** Checks the programs and the pgvector extension are installed; throws the install instructions otherwise. */
export function assertTestPostgresInstalled(): void {
  const bin = pgBin();
  for (const program of ['initdb', 'pg_ctl', 'postgres', 'pg_config']) {
    if (!existsSync(join(bin, program))) throw new TestPostgresUnavailableError(`${join(bin, program)} is missing`);
  }
  const shareDir = execFileSync(join(bin, 'pg_config'), ['--sharedir'], { encoding: 'utf8' }).trim();
  if (!existsSync(join(shareDir, 'extension', 'vector.control'))) {
    throw new TestPostgresUnavailableError(`the pgvector extension is not installed (${shareDir}/extension/vector.control)`);
  }
}

interface ServerUser {
  /** Prefix that runs a program as the cluster's owner: `runuser -u postgres --` under root, nothing otherwise. */
  prefix: string[];
  uid: number | undefined;
  gid: number | undefined;
}

function serverUser(): ServerUser {
  if (process.getuid?.() !== 0) return { prefix: [], uid: undefined, gid: undefined };
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (line === undefined) throw new TestPostgresUnavailableError('running as root, and there is no `postgres` user to own the cluster');
  const [, , uid, gid] = line.split(':');
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid: Number(uid), gid: Number(gid) };
}

/** The command line that runs `program` as the cluster's owner. */
function asServerUser(user: ServerUser, program: string, args: string[]): [string, string[]] {
  const [command, ...rest] = [...user.prefix, program, ...args];
  return [command as string, rest];
}

function run(user: ServerUser, program: string, args: string[]): void {
  const [command, rest] = asServerUser(user, program, args);
  const result = spawnSync(command, rest, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${program} ${args.join(' ')} failed (exit ${result.status}): ${result.stderr || result.stdout}`.trim());
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Settings for a server whose data may be lost: no fsync or full-page writes (nothing must survive a crash), small
 * shared memory so several test clusters fit beside each other, and UTC so timestamps read back as they were written.
 */
const TEST_SERVER_SETTINGS = [
  'fsync = off',
  'synchronous_commit = off',
  'full_page_writes = off',
  'shared_buffers = 32MB',
  'max_connections = 50',
  "timezone = 'UTC'",
  "log_min_messages = 'warning'",
];

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Starts a fresh cluster and creates one database in it (or, with `COS_TEST_DATABASE_URL`, creates the database on
 * that server). Share one per test file: each start runs `initdb`.
 */
export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const existing = existingServerUrl();
  if (existing !== undefined) return startOnExistingServer(existing, options.database ?? 'cos_test');
  assertTestPostgresInstalled();
  const bin = pgBin();
  const user = serverUser();
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), 'cos-postgres-'));
  if (user.uid !== undefined && user.gid !== undefined) chownSync(root, user.uid, user.gid);
  const dataDir = join(root, 'data');
  const logFile = join(root, 'server.log');
  const port = await freePort();
  let running = false;

  const stopNow = () => {
    if (running) {
      running = false;
      const [command, args] = asServerUser(user, join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      spawnSync(command, args, { stdio: 'ignore' });
    }
    rmSync(root, { recursive: true, force: true });
  };
  // A test run that dies (a failed assertion in beforeAll, Ctrl-C) must not leave a server behind.
  process.once('exit', stopNow);

  try {
    run(user, join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions']);
    writeFileSync(join(dataDir, 'postgresql.conf'), `${TEST_SERVER_SETTINGS.join('\n')}\n`, { flag: 'a' });
    // Set before the start: a server that came up but missed pg_ctl's deadline must still be stopped on failure.
    running = true;
    const startServer = () =>
      run(user, join(bin, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-w', '-t', '30', '-o', `-p ${port} -h 127.0.0.1 -k ${root}`, 'start']);
    startServer();
    const base = `postgres://postgres@127.0.0.1:${port}`;
    const createDatabase = async (name: string, createOptions: CreateTestDatabaseOptions = {}): Promise<string> => {
      const client = new pg.Client({ connectionString: `${base}/postgres` });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${quoteIdentifier(name)} ${createOptions.clauses ?? ''}`.trim());
      } finally {
        await client.end();
      }
      return `${base}/${encodeURIComponent(name)}`;
    };
    const url = await createDatabase(options.database ?? 'cos_test');
    const startMs = performance.now() - started;
    return {
      url,
      port,
      startMs,
      createDatabase,
      async stop() {
        process.removeListener('exit', stopNow);
        stopNow();
      },
      async pause() {
        if (!running) return;
        running = false;
        // A fast shutdown: the sessions are cut off as in an outage, but what was committed survives (with
        // synchronous_commit off, an immediate stop would lose the last commits).
        run(user, join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      },
      async resume() {
        if (running) return;
        running = true;
        startServer();
      },
    };
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
    process.removeListener('exit', stopNow);
    stopNow();
    if (log !== '' && error instanceof Error) error.message += `\nserver log:\n${log}`;
    throw error;
  }
}
