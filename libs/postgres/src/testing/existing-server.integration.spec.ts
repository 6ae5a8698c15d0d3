/**
 * `COS_TEST_DATABASE_URL`: the test databases on a server someone else runs. A throw-away cluster stands in for that
 * server (a container, say); the suites' databases get unique names there, go away with `stop()`, and what only the
 * local cluster can do (pause, resume) or a URL the suites cannot use is refused with what to do instead.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import pg from 'pg';
import { describeWithLocalPostgres } from './describe-with-postgres.js';
import { startTestPostgres, type TestPostgres } from './test-postgres.js';

let external: TestPostgres;
let adminUrl: string;

beforeAll(async () => {
  external = await startTestPostgres();
  const url = new URL(external.url);
  url.pathname = '/postgres';
  adminUrl = url.toString();
});

afterAll(async () => {
  await external?.stop();
});

/** Runs `work` with COS_TEST_DATABASE_URL set to `url`, as a contributor without the local programs would. */
async function withDatabaseUrl<T>(url: string, work: () => Promise<T>): Promise<T> {
  const previous = process.env['COS_TEST_DATABASE_URL'];
  process.env['COS_TEST_DATABASE_URL'] = url;
  try {
    return await work();
  } finally {
    if (previous === undefined) delete process.env['COS_TEST_DATABASE_URL'];
    else process.env['COS_TEST_DATABASE_URL'] = previous;
  }
}

async function databaseNames(): Promise<string[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query<{ datname: string }>('SELECT datname FROM pg_database ORDER BY datname')).rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

describeWithLocalPostgres('startTestPostgres on COS_TEST_DATABASE_URL', () => {
  it('creates uniquely named databases on that server and drops them at stop', async () => {
    const [first, second] = await withDatabaseUrl(adminUrl, () => Promise.all([startTestPostgres({ database: 'shared' }), startTestPostgres({ database: 'shared' })]));
    const names = [first, second].map((server) => decodeURIComponent(new URL(server.url).pathname.slice(1)));
    expect(names[0]).toMatch(/^shared_\d+_[0-9a-f]{6}$/);
    expect(names[1]).not.toBe(names[0]);
    expect(first.port).toBe(external.port);
    const extra = await first.createDatabase('extra');
    const client = new pg.Client({ connectionString: extra });
    // stop() cuts this session off; that is expected here, not an error of the test.
    client.on('error', () => undefined);
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    // Left open, as a test that forgets its pool would: stop() still drops the database.
    expect(await databaseNames()).toEqual(expect.arrayContaining([...names, decodeURIComponent(new URL(extra).pathname.slice(1))]));
    await first.stop();
    await second.stop();
    await client.end().catch(() => undefined);
    expect((await databaseNames()).filter((name) => name.startsWith('shared_') || name.startsWith('extra_'))).toEqual([]);
  });

  it('refuses pause and resume, which need the local test cluster', async () => {
    const server = await withDatabaseUrl(adminUrl, () => startTestPostgres());
    try {
      await expect(server.pause()).rejects.toThrow(/pause\(\) and resume\(\) need the local test cluster.*Unset it/);
      await expect(server.resume()).rejects.toThrow(/need the local test cluster/);
    } finally {
      await server.stop();
    }
  });

  it('refuses a URL with a password, or one that does not answer, saying what to use', async () => {
    const withPassword = adminUrl.replace('postgres://postgres@', 'postgres://postgres:s3cret@');
    const refused = await withDatabaseUrl(withPassword, () => startTestPostgres().then(() => undefined, (error: unknown) => error));
    expect((refused as Error).message).toMatch(/must log in as the superuser postgres without a password \(postgres:\/\/postgres:\*\*\*@/);
    expect((refused as Error).message).not.toContain('s3cret');
    expect((refused as Error).message).toContain('POSTGRES_HOST_AUTH_METHOD=trust');
    const wrong = new URL(adminUrl);
    wrong.port = String(external.port === 65535 ? 65534 : external.port + 1);
    const silent = await withDatabaseUrl(wrong.toString(), () => startTestPostgres().then(() => undefined, (error: unknown) => error));
    expect((silent as Error).message).toMatch(/COS_TEST_DATABASE_URL \(.*\) does not answer: .*unset COS_TEST_DATABASE_URL/);
  });
});
