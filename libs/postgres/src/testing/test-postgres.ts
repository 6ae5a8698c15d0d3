/**
 * A throw-away PostgreSQL 15 server for tests (like the Radicale and Dovecot test servers of
 * `@chief-of-staff/providers/testing`): `initdb` into a temporary directory with trust authentication, the server on
 * a free 127.0.0.1 port with its unix socket in that directory, one database created, and everything removed by
 * `stop()`. PostgreSQL refuses to run as root, so under root the cluster belongs to the `postgres` user and every
 * server program runs through `runuser`. Without the server binaries or pgvector it throws an error naming the
 * install script: a PostgreSQL suite never skips silently. Nothing here depends on Jest.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Where Debian's postgresql-15 package puts the server programs; `COS_TEST_PG_BIN` overrides it. */
export const DEFAULT_PG_BIN = '/usr/lib/postgresql/15/bin';
export const TEST_SERVERS_INSTALL_COMMAND = 'bash tools/test-servers/install.sh';

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/<database>`: the database created for the caller. */
  readonly url: string;
  readonly port: number;
  /** How long `initdb` plus the server start took, in milliseconds. */
  readonly startMs: number;
  /** Creates another empty database on the same server and returns its URL (one cluster, many databases). */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (immediately: test data needs no clean shutdown) and removes its directory. */
  stop(): Promise<void>;
  /** Stops the server but keeps its data, as a database outage does; `resume()` starts it again on the same port. */
  pause(): Promise<void>;
  resume(): Promise<void>;
}

export interface TestPostgresOptions {
  /** Name of the database to create (default `cos_test`). */
  database?: string;
}

/** Thrown when this machine cannot run the server; its message says how to install what is missing. */
export class TestPostgresUnavailableError extends Error {
  constructor(missing: string) {
    super(
      `PostgreSQL tests cannot run: ${missing}. Install PostgreSQL 15 and pgvector (as root, or with sudo) with: ` +
        `${TEST_SERVERS_INSTALL_COMMAND} (see tools/test-servers/README.md).`,
    );
    this.name = 'TestPostgresUnavailableError';
  }
}

function pgBin(): string {
  return process.env['COS_TEST_PG_BIN'] ?? DEFAULT_PG_BIN;
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

/** Starts a fresh cluster and creates one database in it. Share one per test file: each start runs `initdb`. */
export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
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
    const createDatabase = async (name: string): Promise<string> => {
      const client = new pg.Client({ connectionString: `${base}/postgres` });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
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
