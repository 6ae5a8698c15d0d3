/**
 * What team mode's role `cos_scoped` needs (ADR 0078, ADR 0093), and granting it. Sessions switched to the role read
 * and write every table of the schema and read the migrations' bookkeeping, so the role needs USAGE on the `public`
 * and `drizzle` schemas, the row privileges on the tables, and the sequences behind their generated ids.
 *
 * Whoever created the role, the login that owns the tables may grant privileges on them: it needs no CREATEROLE for
 * that, only for creating the role and making itself a member. So every process grants on open what the role lacks
 * on the objects its login owns (migration 0004 granted only when the migrating login could create roles, which an
 * ordinary login such as docs/deployment.md's `cos` cannot), and what is still missing — the role, the membership,
 * or grants on objects another role owns — is said as the exact SQL an administrator runs.
 */
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { MIGRATION_LOCK_KEY, MIGRATIONS_SCHEMA } from '../apply-migrations.js';
import { postgresSchema } from '../schema-object.js';

/** The role the 0004 migration creates for team mode's sessions. */
export const SCOPED_ROLE = 'cos_scoped';

const TABLE_PRIVILEGES = 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE';
const SEQUENCE_PRIVILEGES = 'USAGE, SELECT, UPDATE';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** One object the role lacks a privilege on. */
export interface MissingGrant {
  kind: 'schema' | 'table' | 'sequence';
  schema: string;
  name: string;
  /** The role that owns it (only it, a member of it or a superuser may grant on it). */
  owner: string;
  /** Whether this process's login may grant it (it owns the object, or is a member of its owner). */
  grantable: boolean;
}

export interface ScopedRoleState {
  /** The login role of the session (`current_user` before any SET ROLE). */
  login: string;
  /** Users of `cos users`: team mode when more than 0. */
  users: number;
  roleExists: boolean;
  /** The login may SET ROLE to it. */
  member: boolean;
  /** Privileges the role lacks (every needed one when it does not exist). */
  missing: MissingGrant[];
}

/** The tables of the schema, by name: the only ones the role is granted or checked on. */
const SCHEMA_TABLES = Object.values(postgresSchema)
  .filter((table) => is(table, PgTable))
  .map((table) => getTableName(table));

function quoteIdent(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

/**
 * Reads how far the role is set up for this login, without changing anything. The privileges are checked as they
 * would be for the role (with a role that does not exist yet, every needed privilege counts as missing).
 */
export async function readScopedRoleState(client: Queryable): Promise<ScopedRoleState> {
  const { rows } = await client.query<{ login: string; users: string | null; role_exists: boolean; member: boolean }>(
    `SELECT current_user AS login,
            CASE WHEN to_regclass('public.users') IS NULL THEN 0 ELSE (SELECT count(*) FROM users) END AS users,
            EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AS role_exists,
            EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AND pg_has_role(current_user, $1, 'MEMBER') AS member`,
    [SCOPED_ROLE],
  );
  const row = rows[0] ?? { login: '', users: '0', role_exists: false, member: false };
  const missing = await client.query<{ kind: MissingGrant['kind']; schema: string; name: string; owner: string; grantable: boolean }>(
    // `has_*_privilege` for a role that does not exist raises; `$3` (role exists) short-circuits those calls.
    `WITH needed AS (
       SELECT 'schema'::text AS kind, n.nspname AS schema, n.nspname AS name, n.nspowner AS owner,
              $3 AND has_schema_privilege($1, n.oid, 'USAGE') AS granted
         FROM pg_namespace n
        WHERE n.nspname IN ('public', $4)
       UNION ALL
       SELECT 'table', n.nspname, c.relname, c.relowner,
              $3 AND CASE WHEN n.nspname = $4 THEN has_table_privilege($1, c.oid, 'SELECT')
                          ELSE has_table_privilege($1, c.oid, 'SELECT') AND has_table_privilege($1, c.oid, 'INSERT')
                               AND has_table_privilege($1, c.oid, 'UPDATE') AND has_table_privilege($1, c.oid, 'DELETE')
                               AND has_table_privilege($1, c.oid, 'TRUNCATE') END
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND ((n.nspname = 'public' AND c.relname = ANY($2)) OR n.nspname = $4)
       UNION ALL
       SELECT 'sequence', n.nspname, s.relname, s.relowner,
              $3 AND has_sequence_privilege($1, s.oid, 'USAGE') AND has_sequence_privilege($1, s.oid, 'SELECT')
                 AND has_sequence_privilege($1, s.oid, 'UPDATE')
         FROM pg_class s JOIN pg_namespace n ON n.oid = s.relnamespace
        WHERE s.relkind = 'S' AND n.nspname = 'public'
          AND EXISTS (SELECT 1 FROM pg_depend d JOIN pg_class t ON t.oid = d.refobjid
                       WHERE d.objid = s.oid AND d.deptype IN ('a', 'i') AND t.relname = ANY($2))
     )
     SELECT kind, schema, name, pg_get_userbyid(owner) AS owner, pg_has_role(current_user, owner, 'USAGE') AS grantable
       FROM needed WHERE NOT granted ORDER BY kind, schema, name`,
    [SCOPED_ROLE, SCHEMA_TABLES, row.role_exists, MIGRATIONS_SCHEMA],
  );
  return { login: row.login, users: Number(row.users ?? 0), roleExists: row.role_exists, member: row.member, missing: missing.rows };
}

function grantStatement(grant: MissingGrant): string {
  const object = `${quoteIdent(grant.schema)}.${quoteIdent(grant.name)}`;
  if (grant.kind === 'schema') return `GRANT USAGE ON SCHEMA ${quoteIdent(grant.name)} TO ${SCOPED_ROLE}`;
  if (grant.kind === 'sequence') return `GRANT ${SEQUENCE_PRIVILEGES} ON SEQUENCE ${object} TO ${SCOPED_ROLE}`;
  return `GRANT ${grant.schema === MIGRATIONS_SCHEMA ? 'SELECT' : TABLE_PRIVILEGES} ON TABLE ${object} TO ${SCOPED_ROLE}`;
}

/**
 * Grants the role what it lacks on the objects this login owns, under the migrations' advisory lock (two processes
 * granting on one table at once would collide in the catalogue). Returns the state after. Nothing is done when the
 * role does not exist or lacks nothing this login may grant.
 */
export async function grantScopedRole(client: Queryable): Promise<ScopedRoleState> {
  const before = await readScopedRoleState(client);
  if (!before.roleExists || !before.missing.some((grant) => grant.grantable)) return before;
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    // Another process may have granted while this one waited for the lock.
    for (const grant of (await readScopedRoleState(client)).missing.filter((candidate) => candidate.grantable)) {
      await client.query(grantStatement(grant));
    }
    // Tables this login creates in later migrations get the privileges as they are made.
    await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ${TABLE_PRIVILEGES} ON TABLES TO ${SCOPED_ROLE}`);
    await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ${SEQUENCE_PRIVILEGES} ON SEQUENCES TO ${SCOPED_ROLE}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return readScopedRoleState(client);
}

/** Whether sessions of this login can be bound: it may switch to the role, and the role lacks nothing. */
export function scopedRoleReady(state: ScopedRoleState): boolean {
  return state.roleExists && state.member && state.missing.length === 0;
}

/**
 * The SQL an administrator (a superuser, or the tables' owner for the grants) runs so that this login's sessions can
 * be bound, in order; empty when nothing is missing. Grants this login could make itself are left out when the role
 * exists (the next start makes them), and spelled out when it does not yet.
 */
export function scopedRoleFix(state: ScopedRoleState): string[] {
  const statements: string[] = [];
  if (!state.roleExists) statements.push(`CREATE ROLE ${SCOPED_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS;`);
  if (!state.member) statements.push(`GRANT ${SCOPED_ROLE} TO ${quoteIdent(state.login)};`);
  const others = state.missing.filter((grant) => !grant.grantable);
  const has = (kind: MissingGrant['kind'], schema: string) => others.some((grant) => grant.kind === kind && grant.schema === schema);
  const schemas = others.filter((grant) => grant.kind === 'schema').map((grant) => quoteIdent(grant.name));
  if (schemas.length > 0) statements.push(`GRANT USAGE ON SCHEMA ${schemas.join(', ')} TO ${SCOPED_ROLE};`);
  if (has('table', 'public')) statements.push(`GRANT ${TABLE_PRIVILEGES} ON ALL TABLES IN SCHEMA public TO ${SCOPED_ROLE};`);
  if (has('sequence', 'public')) statements.push(`GRANT ${SEQUENCE_PRIVILEGES} ON ALL SEQUENCES IN SCHEMA public TO ${SCOPED_ROLE};`);
  if (has('table', MIGRATIONS_SCHEMA)) statements.push(`GRANT SELECT ON ALL TABLES IN SCHEMA ${MIGRATIONS_SCHEMA} TO ${SCOPED_ROLE};`);
  // Tables the owner creates in later migrations: default privileges belong to the role that creates them.
  for (const owner of new Set(others.filter((grant) => grant.kind !== 'schema' && grant.schema === 'public').map((grant) => grant.owner))) {
    statements.push(`ALTER DEFAULT PRIVILEGES FOR ROLE ${quoteIdent(owner)} IN SCHEMA public GRANT ${TABLE_PRIVILEGES} ON TABLES TO ${SCOPED_ROLE};`);
    statements.push(`ALTER DEFAULT PRIVILEGES FOR ROLE ${quoteIdent(owner)} IN SCHEMA public GRANT ${SEQUENCE_PRIVILEGES} ON SEQUENCES TO ${SCOPED_ROLE};`);
  }
  return statements;
}

/** What is wrong, in one sentence, for a state that is not ready. */
export function scopedRoleProblem(state: ScopedRoleState): string {
  if (!state.roleExists) return `the role ${SCOPED_ROLE} does not exist and the login ${state.login} may not create it`;
  if (!state.member) return `the login ${state.login} may not switch to the role ${SCOPED_ROLE}`;
  const objects = state.missing.filter((grant) => !grant.grantable);
  if (objects.length === 0) return `the role ${SCOPED_ROLE} lacks privileges on ${state.missing.length} object(s) this login owns, which it grants when it opens the database`;
  const named = objects.slice(0, 3).map((grant) => `${grant.kind} ${grant.kind === 'schema' ? grant.name : `${grant.schema}.${grant.name}`}`);
  return `the role ${SCOPED_ROLE} lacks privileges on ${objects.length} object(s) another role owns (${named.join(', ')}${objects.length > 3 ? ', …' : ''})`;
}
