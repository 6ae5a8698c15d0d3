/**
 * Team mode's walls on PostgreSQL: the pool puts every query in the caller's principal scope, and in team mode (the
 * database has users) row-level security holds the same rule in the database, so a session that forgets the scope
 * reads nothing and a write that names another person is refused. A single-person database is left as it was.
 */
import { expect, it } from '@jest/globals';
import pg from 'pg';
import { createSystemClock, isCosError, runInPrincipalScope, runInSystemScope } from '@chief-of-staff/core';
import { testDatabases } from '../__tests__/test-databases.js';
import { createPostgresFactsRepository } from '../memory/facts-repository.js';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import { PrincipalScopedPool, SCOPED_ROLE } from '../principal-scoped-pool.js';
import { createPostgresAgentRunStepsRepository } from '../telemetry/run-steps-repository.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('rls');
const clock = createSystemClock('UTC');

/** A migrated database with one user (team mode), at `url` as `login`. */
async function teamDatabase(): Promise<string> {
  const url = await databases.freshUrl();
  const first = await openPostgres({ url, poolSize: 1 });
  await first.pool.query("INSERT INTO users (email) VALUES ('noa@example.com')");
  await first.close();
  return url;
}

/** The refusal behind an error (drizzle wraps what the pool throws in its own query error). */
function refusalIn(error: unknown): { code: string; message: string } | undefined {
  for (let at: unknown = error; at !== undefined && at !== null; at = (at as { cause?: unknown }).cause) {
    if (isCosError(at)) return { code: at.code, message: at.message };
  }
  return undefined;
}

async function withDatabase(url: string, work: (database: PostgresDatabase) => Promise<void>): Promise<void> {
  const database = await openPostgres({ url, poolSize: 2 });
  try {
    await work(database);
  } finally {
    await database.close();
  }
}

describeWithPostgres('principal scope on PostgreSQL', () => {
  it('keeps two people\'s rows apart in team mode, even under the same category and key', async () => {
    await withDatabase(await teamDatabase(), async (database) => {
      expect(database.rowSecurity).toBe('scoped-role');
      const facts = createPostgresFactsRepository(database, clock);
      await runInPrincipalScope('user:1', () => facts.upsert({ category: 'work', key: 'project', value: 'Apollo', source: 'user' }));
      await runInPrincipalScope('user:2', () => facts.upsert({ category: 'work', key: 'project', value: 'Borealis', source: 'user' }));
      await facts.upsert({ category: 'personal', key: 'dentist', value: 'Dr. Levi', source: 'user' });

      expect((await runInPrincipalScope('user:1', () => facts.get('work', 'project')))?.value).toBe('Apollo');
      expect((await runInPrincipalScope('user:2', () => facts.get('work', 'project')))?.value).toBe('Borealis');
      expect(await runInPrincipalScope('user:2', () => facts.count())).toBe(1);
      expect(await runInPrincipalScope('user:1', () => facts.fullTextCandidates('dentist', { limit: 10 }))).toEqual([]);
      // Without a scope the work is the owner's.
      expect(await facts.get('work', 'project')).toBeUndefined();
      expect(await facts.count()).toBe(1);
      // A deletion under one scope cannot reach another's row.
      expect(await runInPrincipalScope('user:1', () => facts.delete('personal', 'dentist'))).toBeUndefined();
      expect(await facts.count()).toBe(1);
      // The system scope sees every row (the scheduler's claims, the administrator's counts).
      expect(await runInSystemScope(() => facts.count())).toBe(3);
    });
  });

  it('answers the same queries, run straight against PostgreSQL under the scoped role, with the principal\'s rows only', async () => {
    const url = await teamDatabase();
    await withDatabase(url, async (database) => {
      const facts = createPostgresFactsRepository(database, clock);
      await runInPrincipalScope('user:1', () => facts.upsert({ category: 'work', key: 'a', value: 'one', source: 'user' }));
      await runInPrincipalScope('user:2', () => facts.upsert({ category: 'work', key: 'b', value: 'two', source: 'user' }));
    });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`SET ROLE ${SCOPED_ROLE}`);
      const keys = async () => (await client.query<{ key: string }>('SELECT key FROM facts ORDER BY key')).rows.map((row) => row.key);
      // A session that forgets the scope reads nothing.
      expect(await keys()).toEqual([]);
      await client.query("SELECT set_config('cos.principal', 'user:1', false)");
      expect(await keys()).toEqual(['a']);
      await client.query("SELECT set_config('cos.principal', 'user:2', false)");
      expect(await keys()).toEqual(['b']);
      expect((await client.query("UPDATE facts SET value = 'changed' WHERE key = 'a'")).rowCount).toBe(0);
      await expect(client.query("INSERT INTO facts (category, key, value, principal_id) VALUES ('work', 'c', 'x', 'user:1')")).rejects.toThrow(/row-level security/);
      // An insert that does not name the principal takes the session's.
      await client.query("INSERT INTO facts (category, key, value) VALUES ('work', 'c', 'x')");
      expect((await client.query<{ principal_id: string }>("SELECT principal_id FROM facts WHERE key = 'c'")).rows).toEqual([{ principal_id: 'user:2' }]);
    } finally {
      await client.end();
    }
  });

  it("keeps each person's agent run traces to themselves, in the pool's scope and under the scoped role", async () => {
    const url = await teamDatabase();
    await withDatabase(url, async (database) => {
      const steps = createPostgresAgentRunStepsRepository(database, clock);
      await runInPrincipalScope('user:1', () => steps.record({ runId: 'run-1', seq: 0, round: 1, kind: 'tool', name: 'get_mail_message', ok: true, durationMs: 5, resultPreview: 'Noa: the salary review' }));
      expect((await runInPrincipalScope('user:1', () => steps.listForRun('run-1', {}))).items).toHaveLength(1);
      expect(await runInPrincipalScope('user:2', () => steps.listForRun('run-1', {}))).toMatchObject({ items: [], total: 0 });
    });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`SET ROLE ${SCOPED_ROLE}`);
      await client.query("SELECT set_config('cos.principal', 'user:2', false)");
      expect((await client.query('SELECT result_preview FROM agent_run_steps')).rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('binds an ordinary login role that owns the tables once it may use the scoped role', async () => {
    const url = await teamDatabase();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('DO $$ BEGIN CREATE ROLE rls_owner LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$');
      await admin.query('ALTER TABLE facts OWNER TO rls_owner');
      await admin.query('GRANT USAGE ON SCHEMA drizzle TO rls_owner; GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO rls_owner');
      await admin.query('GRANT ALL ON ALL TABLES IN SCHEMA public TO rls_owner; GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO rls_owner');
    } finally {
      await admin.end();
    }
    const ownerUrl = url.replace('postgres://postgres@', 'postgres://rls_owner@');
    // Without the role, work for a user is refused rather than served unbound; the owner's still runs.
    await withDatabase(ownerUrl, async (database) => {
      expect(database.rowSecurity).toBe('unavailable');
      const facts = createPostgresFactsRepository(database, clock);
      const refused = await runInPrincipalScope('user:1', () => facts.count()).catch((error: unknown) => error);
      expect(refusalIn(refused)).toMatchObject({ code: 'NOT_CONFIGURED', message: expect.stringContaining('TEAM_MODE_UNBOUND') });
      expect(await facts.count()).toBe(0);
    });
    const grant = new pg.Client({ connectionString: url });
    await grant.connect();
    await grant.query(`GRANT ${SCOPED_ROLE} TO rls_owner`).finally(() => grant.end());
    await withDatabase(ownerUrl, async (database) => {
      expect(database.rowSecurity).toBe('scoped-role');
      const facts = createPostgresFactsRepository(database, clock);
      await runInPrincipalScope('user:1', () => facts.upsert({ category: 'work', key: 'a', value: 'one', source: 'user' }));
      expect(await runInPrincipalScope('user:2', () => facts.get('work', 'a'))).toBeUndefined();
      expect(await runInPrincipalScope('user:1', () => facts.count())).toBe(1);
    });
  });

  it('leaves a single-person database on its login role, and binds it within seconds once it has users', async () => {
    const url = await databases.freshUrl();
    await withDatabase(url, async (database) => {
      expect(database.pool instanceof PrincipalScopedPool && database.pool.rowSecurity).toBe('single-person');
      const facts = createPostgresFactsRepository(database, clock);
      await facts.upsert({ category: 'work', key: 'a', value: 'one', source: 'user' });
      const refused = await runInPrincipalScope('user:1', () => facts.count()).catch((error: unknown) => error);
      expect(refusalIn(refused)?.message).toMatch(/no users yet/);
      const { rows } = await database.pool.query<{ principal_id: string; role: string }>('SELECT principal_id, current_user AS role FROM facts');
      expect(rows).toEqual([{ principal_id: 'owner', role: 'postgres' }]);

      // Team mode begins in another process; a user's row is written there.
      const other = await openPostgres({ url, poolSize: 1 });
      await other.pool.query("INSERT INTO users (email) VALUES ('noa@example.com')");
      await other.close();
      await withDatabase(url, (bound) => runInPrincipalScope('user:1', async () => void (await createPostgresFactsRepository(bound, clock).upsert({ category: 'work', key: 'b', value: 'two', source: 'user' }))));
      // This process looks again after RECHECK_MS and binds its sessions: the owner no longer sees the user's row.
      await new Promise((resolve) => setTimeout(resolve, PrincipalScopedPool.RECHECK_MS + 100));
      expect(await facts.count()).toBe(1);
      expect(database.pool instanceof PrincipalScopedPool && database.pool.rowSecurity).toBe('scoped-role');
      expect(await runInPrincipalScope('user:1', () => facts.count())).toBe(1);
    });
  });
});
