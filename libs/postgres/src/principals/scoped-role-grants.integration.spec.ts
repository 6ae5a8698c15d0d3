/**
 * Team mode with an ordinary login that owns the tables but may not create roles — docs/deployment.md's `cos`. The
 * administrator made `cos_scoped` before the tables existed, so nobody granted it the tables: each process grants what
 * its login owns when it opens the database. What the login cannot do itself is named, as the exact SQL, by the
 * doctor's finding and by the refusal every signed-in person gets (`TEAM_MODE_UNBOUND`), never as an extension problem.
 */
import { expect, it } from '@jest/globals';
import pg from 'pg';
import { createSystemClock, isCosError, isToolError, runInPrincipalScope } from '@chief-of-staff/core';
import { testDatabases } from '../__tests__/test-databases.js';
import { checkPostgres } from '../check-postgres.js';
import { createPostgresFactsRepository } from '../memory/facts-repository.js';
import { describePostgresFailure, openPostgres } from '../open-postgres.js';
import { PrincipalScopedPool } from '../principal-scoped-pool.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('roles');
const clock = createSystemClock('UTC');

async function runSql(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** docs/deployment.md §1 on a fresh database, for a login that may not create roles; returns the login's URL. */
async function deployment(options: { member: boolean }): Promise<{ superuser: string; login: string }> {
  const superuser = await databases.freshUrl();
  const database = new URL(superuser).pathname.slice(1);
  await runSql(
    superuser,
    `DO $$ BEGIN CREATE ROLE cos LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
     DO $$ BEGIN CREATE ROLE cos_scoped NOLOGIN NOSUPERUSER NOBYPASSRLS; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
     CREATE EXTENSION IF NOT EXISTS vector; CREATE EXTENSION IF NOT EXISTS pg_trgm;
     GRANT ALL ON DATABASE ${database} TO cos; GRANT ALL ON SCHEMA public TO cos;
     ${options.member ? 'GRANT cos_scoped TO cos;' : 'REVOKE cos_scoped FROM cos;'}`,
  );
  return { superuser, login: superuser.replace('postgres://postgres@', 'postgres://cos@') };
}

/** The error a query threw, unwrapped from drizzle's query error. */
function thrown(error: unknown): { code: string; message: string; hint?: string } | undefined {
  for (let at: unknown = error; at !== undefined && at !== null; at = (at as { cause?: unknown }).cause) {
    if (isToolError(at)) return { code: at.code, message: at.message, hint: at.hint };
    if (isCosError(at)) return { code: at.code, message: at.message };
  }
  return undefined;
}

/** Opens as the login, adds the first user (team mode), closes. */
async function startTeamMode(login: string): Promise<void> {
  const first = await openPostgres({ url: login, poolSize: 1 });
  await first.pool.query("INSERT INTO users (email) VALUES ('noa@example.com')");
  await first.close();
}

describeWithPostgres('cos_scoped for a login that may not create roles', () => {
  it('is granted the tables by the login that owns them, so team mode binds and reads its schema version', async () => {
    const { login } = await deployment({ member: true });
    await startTeamMode(login);
    const database = await openPostgres({ url: login, poolSize: 2 });
    try {
      expect(database.rowSecurity).toBe('scoped-role');
      // The migrations' bookkeeping, read on a bound session (what failed as "may not create the extensions").
      expect(await database.schemaVersion()).toBe(database.migrations.known);
      const facts = createPostgresFactsRepository(database, clock);
      await runInPrincipalScope('user:1', () => facts.upsert({ category: 'work', key: 'launch', value: 'May 3', source: 'user' }));
      expect((await runInPrincipalScope('user:1', () => facts.get('work', 'launch')))?.value).toBe('May 3');
      expect(await facts.get('work', 'launch')).toBeUndefined();
      const { rows } = await database.pool.query<{ role: string }>('SELECT current_user AS role');
      expect(rows).toEqual([{ role: 'cos_scoped' }]);
    } finally {
      await database.close();
    }
    const findings = await checkPostgres(login);
    expect(findings.find((finding) => finding.check === 'row_security')).toMatchObject({ status: 'ok', message: expect.stringContaining('every session is bound') });
  });

  it('binds a process that opened before the first user once it sees one', async () => {
    const { login } = await deployment({ member: true });
    const database = await openPostgres({ url: login, poolSize: 2 });
    try {
      expect(database.rowSecurity).toBe('single-person');
      await runSql(login, "INSERT INTO users (email) VALUES ('noa@example.com')");
      await new Promise((resolve) => setTimeout(resolve, PrincipalScopedPool.RECHECK_MS + 100));
      const facts = createPostgresFactsRepository(database, clock);
      expect(await facts.count()).toBe(0);
      expect(database.pool instanceof PrincipalScopedPool && database.pool.rowSecurity).toBe('scoped-role');
      expect(await runInPrincipalScope('user:1', () => facts.count())).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('names GRANT cos_scoped TO cos, in the doctor and to each person, when the login may not use the role', async () => {
    const { login, superuser } = await deployment({ member: false });
    await startTeamMode(login);
    const findings = await checkPostgres(login);
    const finding = findings.find((candidate) => candidate.check === 'row_security');
    expect(finding?.status).toBe('problem');
    expect(finding?.fix).toContain('GRANT cos_scoped TO cos;');
    // Everything else about the database is fine.
    expect(findings.filter((candidate) => candidate.status !== 'ok').map((candidate) => candidate.check)).toEqual(['row_security']);

    const database = await openPostgres({ url: login, poolSize: 2 });
    try {
      expect(database.rowSecurity).toBe('unavailable');
      const facts = createPostgresFactsRepository(database, clock);
      const refused = thrown(await runInPrincipalScope('user:1', () => facts.count()).catch((error: unknown) => error));
      expect(refused?.code).toBe('NOT_CONFIGURED');
      expect(refused?.message).toContain('TEAM_MODE_UNBOUND');
      expect(refused?.hint).toContain('GRANT cos_scoped TO cos;');
      // The owner is still served.
      expect(await facts.count()).toBe(0);
    } finally {
      await database.close();
    }
    await runSql(superuser, 'GRANT cos_scoped TO cos');
    const fixed = await openPostgres({ url: login, poolSize: 1 });
    await fixed.close();
    expect(fixed.rowSecurity).toBe('scoped-role');
  });

  it('names the grants with the tables\' owner when another role owns them', async () => {
    const superuser = await databases.freshUrl();
    // The superuser migrated the database (its tables are the superuser's), then the role lost its grants.
    await startTeamMode(superuser);
    await runSql(
      superuser,
      `DO $$ BEGIN CREATE ROLE cos LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
       GRANT cos_scoped TO cos; GRANT USAGE ON SCHEMA drizzle TO cos; GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO cos;
       GRANT ALL ON ALL TABLES IN SCHEMA public TO cos;
       REVOKE ALL ON ALL TABLES IN SCHEMA public FROM cos_scoped; REVOKE USAGE ON SCHEMA drizzle FROM cos_scoped`,
    );
    const login = superuser.replace('postgres://postgres@', 'postgres://cos@');
    const finding = (await checkPostgres(login)).find((candidate) => candidate.check === 'row_security');
    expect(finding?.status).toBe('problem');
    expect(finding?.fix).toContain('GRANT USAGE ON SCHEMA drizzle TO cos_scoped;');
    expect(finding?.fix).toContain('GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public TO cos_scoped;');
    expect(finding?.fix).toContain('ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON TABLES TO cos_scoped;');
    expect(finding?.fix).not.toContain('GRANT cos_scoped TO cos;');
  });
});

describeWithPostgres('a permission error that is not about extensions', () => {
  it('is named as the privilege it is', () => {
    const url = 'postgres://cos:secret@db.internal:5432/chief_of_staff';
    expect(describePostgresFailure(url, { code: '42501', message: 'permission denied for schema drizzle' })).toMatchObject({
      code: 'DB_PERMISSION_DENIED',
      problem: expect.stringContaining('permission denied for schema drizzle'),
      fix: expect.stringContaining('cos doctor'),
    });
    expect(describePostgresFailure(url, { code: '42501', message: 'permission denied to create extension "vector"' }).code).toBe('DB_EXTENSION_FORBIDDEN');
  });
});

describeWithPostgres('a server that is down', () => {
  it('fails a query with UNAVAILABLE naming host and port, never the password', async () => {
    const url = new URL(await databases.freshUrl());
    const database = await openPostgres({ url: url.toString(), poolSize: 1 });
    await database.close();
    const wrong = new URL(url);
    wrong.password = 'not-to-be-shown';
    wrong.port = String(databases.server.port === 65535 ? 65534 : databases.server.port + 1);
    const pool = new PrincipalScopedPool({ connectionString: wrong.toString() });
    try {
      const error = await pool.query('SELECT 1').catch((caught: unknown) => caught);
      expect(isToolError(error) && { code: error.code, message: error.message }).toEqual({
        code: 'UNAVAILABLE',
        message: `The database at 127.0.0.1:${wrong.port} is not reachable (connection refused).`,
      });
      expect(JSON.stringify(error)).not.toContain('not-to-be-shown');
    } finally {
      await pool.end();
    }
  });
});
