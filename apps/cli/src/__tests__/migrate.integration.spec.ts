/**
 * `cos migrate --to postgres://…` as a user runs it: a data directory with 20,000 facts copied into a throw-away
 * PostgreSQL server; the process killed with SIGKILL halfway, then run again: the copy completes, verifies, and holds
 * every fact exactly once. Bad targets get a usage error before anything is opened.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import pg from 'pg';
import type { TestPostgres } from '@chief-of-staff/postgres/testing';
import { openMemoryStore } from '@chief-of-staff/sqlite';
import { syntheticFacts } from '@chief-of-staff/stores/testing';
import { insertSyntheticFacts } from '@chief-of-staff/sqlite/testing';
import { CLI_MAIN, createCliSandbox, type CliSandbox } from './run-cli.js';

// Loaded lazily, as the sdk loads the PostgreSQL library (module boundaries refuse a static import).
const { describeWithPostgres } = await import('@chief-of-staff/postgres/testing');

const FACTS = 20_000;
let server: TestPostgres;
let sandbox: CliSandbox;

async function factCount(url: string): Promise<{ rows: number; distinct: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ rows: string; distinct: string }>(
      `SELECT count(*)::text AS rows, count(DISTINCT (category, key))::text AS distinct FROM facts`,
    );
    return { rows: Number(rows[0]?.rows), distinct: Number(rows[0]?.distinct) };
  } catch {
    // The schema is not there yet: the copy has not started.
    return { rows: 0, distinct: 0 };
  } finally {
    await client.end();
  }
}

/**
 * Waits until no other session is left on the database: a statement the killed process had sent runs to its end (and
 * commits) on the server before the server notices the client is gone.
 */
async function otherSessionsGone(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const { rows } = await client.query<{ n: string }>(
        'SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      if (Number(rows[0]?.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('The killed copy still has a session on the database after 10 s.');
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // Loaded the way the sdk loads the PostgreSQL library: lazily (module boundaries refuse a static import).
  server = await (await import('@chief-of-staff/postgres/testing')).startTestPostgres();
  sandbox = createCliSandbox('migrate');
  const store = openMemoryStore({ dataDir: sandbox.dataDir });
  insertSyntheticFacts(store, syntheticFacts(FACTS, new Date('2026-01-15T09:00:00Z')));
  await store.close();
}, 120_000);

afterAll(async () => {
  sandbox?.remove();
  await server?.stop();
});

interface DoctorCheck {
  name: string;
  status: string;
  detail: string;
}

async function doctorStorage(env: Record<string, string>): Promise<DoctorCheck[]> {
  const run = await sandbox.run(['doctor', '--json'], env);
  const checks = run.json<{ checks: DoctorCheck[] }>().checks;
  return checks.filter((check) => check.name === 'storage' || check.name.startsWith('postgres: '));
}

describeWithPostgres('cos doctor with PostgreSQL storage', () => {
  it('shows the server without its password, and each server check', async () => {
    const url = await server.createDatabase('doctor_ok');
    const withPassword = url.replace('postgres://postgres@', 'postgres://postgres:s3cret-pw@');
    const checks = await doctorStorage({ COS_DATABASE_URL: withPassword });
    expect(checks[0]).toMatchObject({ name: 'storage', status: 'ok' });
    expect(checks[0]?.detail).toContain('PostgreSQL at postgres://postgres:');
    expect(JSON.stringify(checks)).not.toContain('s3cret-pw');
    expect(checks.map((check) => check.name)).toEqual(
      expect.arrayContaining(['postgres: reachable', 'postgres: server version', 'postgres: extension vector', 'postgres: extension pg_trgm']),
    );
    expect(checks.find((check) => check.name === 'postgres: reachable')?.status).toBe('ok');
  });

  it('fails with the reason and the fix when the server does not answer, or the URL names an unset variable', async () => {
    const down = await doctorStorage({ COS_DATABASE_URL: 'postgres://cos@127.0.0.1:1/cos' });
    expect(down.find((check) => check.name === 'postgres: reachable')?.status).toBe('fail');
    const unset = await doctorStorage({ COS_STORAGE_URL: 'env:NO_SUCH_DATABASE_URL' });
    expect(unset).toEqual([expect.objectContaining({ name: 'storage', status: 'fail', detail: expect.stringContaining('NO_SUCH_DATABASE_URL') })]);
    const plain = await doctorStorage({});
    expect(plain).toEqual([expect.objectContaining({ name: 'storage', status: 'ok', detail: expect.stringContaining('SQLite + LanceDB') })]);
  });
});

describeWithPostgres('cos migrate --to', () => {
  it('refuses a target that is not a PostgreSQL URL, and one that is missing', async () => {
    const wrong = await sandbox.run(['migrate', '--to', 'mysql://localhost/cos']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('must be a PostgreSQL URL such as postgres://');
    const missing = await sandbox.run(['migrate']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cos migrate --to postgres://');
  });

  it('killed halfway, completes on the next run with every fact exactly once', async () => {
    const url = await server.createDatabase('migrate_cli');
    const child = spawn(process.execPath, [CLI_MAIN, 'migrate', '--to', url], {
      env: { PATH: process.env['PATH'] ?? '', HOME: sandbox.dataDir, COS_DATA_DIR: sandbox.dataDir, COS_TIMEZONE: 'UTC' },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const deadline = Date.now() + 60_000;
    let seen = 0;
    while (Date.now() < deadline) {
      seen = (await factCount(url)).rows;
      if (seen > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGKILL');
    await exited;
    await otherSessionsGone(url);
    const halfway = await factCount(url);
    expect(halfway.rows).toBeGreaterThan(0);
    expect(halfway.rows).toBeLessThan(FACTS);

    const rerun = await sandbox.run(['migrate', '--to', url, '--json']);
    expect(rerun.code).toBe(0);
    const report = rerun.json<{ verified: boolean; resumed: boolean; tables: { table: string; source: number; inserted: number; target: number }[] }>();
    expect(report.verified).toBe(true);
    expect(report.resumed).toBe(true);
    expect(report.tables.find((table) => table.table === 'facts')).toMatchObject({ source: FACTS, target: FACTS, inserted: FACTS - halfway.rows });
    expect(await factCount(url)).toEqual({ rows: FACTS, distinct: FACTS });

    // Without --to, the configured storage is the target, an env:NAME reference included.
    const again = await sandbox.run(['migrate'], { COS_STORAGE_URL: 'env:MIGRATE_TARGET_URL', MIGRATE_TARGET_URL: url });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/Continued the copy of .* and verified every table/);
  }, 180_000);
});
