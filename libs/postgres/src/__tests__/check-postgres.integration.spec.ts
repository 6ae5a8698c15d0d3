/**
 * checkPostgres against a real server (one throw-away cluster for the file): a current database passes every check;
 * an empty one is told its schema comes with the first open; a missing extension and a wrong port are reported with
 * their fixes. Also the test server's own refusal when PostgreSQL is not installed.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import pg from 'pg';
import { checkPostgres, type PostgresFinding } from '../check-postgres.js';
import { openPostgres } from '../open-postgres.js';
import { describeWithLocalPostgres, describeWithPostgres, startTestPostgres, TestPostgresUnavailableError, type TestPostgres } from '../testing/index.js';

let server: TestPostgres;

beforeAll(async () => {
  server = await startTestPostgres();
});

afterAll(async () => {
  await server?.stop();
});

function byCheck(findings: PostgresFinding[]): Record<string, PostgresFinding> {
  return Object.fromEntries(findings.map((finding) => [finding.check, finding]));
}

async function sql(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describeWithPostgres('checkPostgres', () => {
  it('passes every check on a migrated database', async () => {
    const url = await server.createDatabase('check_current');
    await (await openPostgres({ url })).close();
    const findings = await checkPostgres(url);
    expect(findings.map((finding) => [finding.check, finding.status])).toEqual([
      ['reachable', 'ok'],
      ['server_version', 'ok'],
      ['extension_vector', 'ok'],
      ['extension_pg_trgm', 'ok'],
      ['schema_version', 'ok'],
      ['row_security', 'ok'],
    ]);
    expect(byCheck(findings)['server_version']?.message).toMatch(/^PostgreSQL 1[5-9]/);
    expect(byCheck(findings)['row_security']?.message).toMatch(/^One person/);
    expect(byCheck(findings)['extension_vector']?.message).toMatch(/^vector 0\.\d+\.\d+$/);
  });

  it('reports an extension that is installed on the server but not created in the database, with the statement that fixes it', async () => {
    const url = await server.createDatabase('check_missing_extension');
    await (await openPostgres({ url })).close();
    // Dropping it takes the trigram indexes with it, as on a database restored without the extension.
    await sql(url, 'DROP EXTENSION pg_trgm CASCADE');
    const findings = byCheck(await checkPostgres(url));
    expect(findings['extension_vector']?.status).toBe('ok');
    expect(findings['extension_pg_trgm']).toEqual({
      check: 'extension_pg_trgm',
      status: 'problem',
      message: expect.stringContaining('pg_trgm is available'),
      fix: expect.stringContaining('CREATE EXTENSION pg_trgm; in check_missing_extension'),
    });
  });

  it('says whether a team database binds this login\'s sessions, and how to fix a login that cannot', async () => {
    const url = await server.createDatabase('check_team');
    await (await openPostgres({ url })).close();
    await sql(url, "INSERT INTO users (email) VALUES ('noa@example.com')");
    expect(byCheck(await checkPostgres(url))['row_security']).toMatchObject({ status: 'ok', message: expect.stringMatching(/^Team mode: 1 user/) });
    await sql(url, 'DO $$ BEGIN CREATE ROLE check_login LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$');
    await sql(url, 'GRANT USAGE ON SCHEMA drizzle TO check_login; GRANT SELECT ON ALL TABLES IN SCHEMA drizzle, public TO check_login');
    const finding = byCheck(await checkPostgres(url.replace('postgres://postgres@', 'postgres://check_login@')))['row_security'];
    expect(finding).toMatchObject({ status: 'problem', fix: expect.stringContaining('GRANT cos_scoped TO') });
  });

  it('says an empty database gets its schema from the first process that opens it', async () => {
    const url = await server.createDatabase('check_empty');
    const findings = byCheck(await checkPostgres(url));
    expect(findings['extension_vector']).toMatchObject({ status: 'problem', fix: expect.stringContaining('CREATE EXTENSION vector;') });
    expect(findings['schema_version']).toMatchObject({
      status: 'warning',
      message: expect.stringContaining('no Chief of Staff schema yet'),
      fix: expect.stringContaining('applies the pending migrations'),
    });
  });

  it('reports a wrong port as unreachable, with the fix and without the password', async () => {
    const wrong = new URL(server.url);
    wrong.port = String(server.port === 65535 ? 65534 : server.port + 1);
    wrong.password = 'hunter2';
    const findings = await checkPostgres(wrong.toString(), { connectTimeoutMs: 2_000 });
    expect(findings).toEqual([
      {
        check: 'reachable',
        status: 'problem',
        message: expect.stringContaining(`Nothing answers at postgres://postgres:***@127.0.0.1:${wrong.port}/`),
        fix: 'Start PostgreSQL, or correct the host and port in the URL.',
      },
    ]);
    expect(JSON.stringify(findings)).not.toContain('hunter2');
  });

  it('reports a database that does not exist, with how to create it', async () => {
    const missing = new URL(server.url);
    missing.pathname = '/no_such_database';
    const [finding] = await checkPostgres(missing.toString());
    expect(finding).toMatchObject({ check: 'reachable', status: 'problem', fix: expect.stringContaining('CREATE DATABASE') });
  });
});

describeWithPostgres('openPostgres failures', () => {
  it('fails with DB_UNREACHABLE and how to fix it when nothing listens', async () => {
    const wrong = new URL(server.url);
    wrong.port = String(server.port === 65535 ? 65534 : server.port + 1);
    await expect(openPostgres({ url: wrong.toString() })).rejects.toMatchObject({
      code: 'DB_UNREACHABLE',
      message: expect.stringContaining('Start PostgreSQL, or correct the host and port in the URL.'),
    });
  });
});

describeWithLocalPostgres('startTestPostgres', () => {
  async function startWithBin(bin: string): Promise<unknown> {
    const previous = process.env['COS_TEST_PG_BIN'];
    process.env['COS_TEST_PG_BIN'] = bin;
    try {
      return await startTestPostgres().then(
        () => undefined,
        (error: unknown) => error,
      );
    } finally {
      if (previous === undefined) delete process.env['COS_TEST_PG_BIN'];
      else process.env['COS_TEST_PG_BIN'] = previous;
    }
  }

  it('refuses to start without the server programs, naming the install script', async () => {
    const failure = await startWithBin('/nonexistent/postgresql/bin');
    expect(failure).toBeInstanceOf(TestPostgresUnavailableError);
    expect((failure as Error).message).toMatch(/initdb is missing.*bash tools\/test-servers\/install\.sh/);
  });

  it('refuses to start a server that lacks pgvector, naming the install script', async () => {
    // Stand-in server programs whose share directory has no vector.control, as on a machine with PostgreSQL only.
    const root = mkdtempSync(join(tmpdir(), 'cos-pg-nopgvector-'));
    try {
      const bin = join(root, 'bin');
      mkdirSync(bin);
      mkdirSync(join(root, 'share', 'extension'), { recursive: true });
      for (const program of ['initdb', 'pg_ctl', 'postgres']) writeFileSync(join(bin, program), '#!/bin/sh\nexit 1\n');
      writeFileSync(join(bin, 'pg_config'), `#!/bin/sh\necho ${join(root, 'share')}\n`);
      for (const program of ['initdb', 'pg_ctl', 'postgres', 'pg_config']) chmodSync(join(bin, program), 0o755);
      const failure = await startWithBin(bin);
      expect(failure).toBeInstanceOf(TestPostgresUnavailableError);
      expect((failure as Error).message).toMatch(/pgvector extension is not installed.*bash tools\/test-servers\/install\.sh/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
