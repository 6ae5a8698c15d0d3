/**
 * Checks a PostgreSQL server for the storage adapter without changing anything (what `cos doctor` shows): is it
 * reachable, is it version 15 or newer, are the `vector` (0.5+, for HNSW) and `pg_trgm` extensions created in the
 * database, is the schema at the version this code expects, and — once the database has users (team mode) — can this
 * login bind its sessions with row-level security (ADR 0078). Each finding says how to fix what is wrong.
 */
import pg from 'pg';
import { knownMigrationCount, readAppliedMigrations } from './apply-migrations.js';
import { redactConnectionUrl } from './connection-url.js';
import { defaultPostgresMigrationsFolder, describePostgresFailure } from './open-postgres.js';
import { readScopedRoleState, scopedRoleFix, scopedRoleProblem, scopedRoleReady, SCOPED_ROLE } from './principals/scoped-role-grants.js';

export const MIN_SERVER_VERSION_NUM = 150000;
export const REQUIRED_EXTENSIONS = ['vector', 'pg_trgm'] as const;
/** HNSW indexes arrived in pgvector 0.5.0. */
const MIN_VECTOR_VERSION = [0, 5, 0] as const;

export type PostgresCheckName = 'reachable' | 'server_version' | 'extension_vector' | 'extension_pg_trgm' | 'schema_version' | 'row_security';

export interface PostgresFinding {
  check: PostgresCheckName;
  /** `ok`; `warning` (works, but look at it); `problem` (the adapter cannot run until it is fixed). */
  status: 'ok' | 'warning' | 'problem';
  message: string;
  /** What to do, for warnings and problems. */
  fix?: string;
}

export interface CheckPostgresOptions {
  /** Give up connecting after this long (default 5 s). */
  connectTimeoutMs?: number;
  /** The migrations the schema version is compared with (default: the ones shipped with this package). */
  migrationsFolder?: string;
}

function versionAtLeast(version: string, minimum: readonly number[]): boolean {
  const parts = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let index = 0; index < minimum.length; index += 1) {
    const have = parts[index] ?? 0;
    const want = minimum[index] ?? 0;
    if (have !== want) return have > want;
  }
  return true;
}

function extensionFinding(
  name: (typeof REQUIRED_EXTENSIONS)[number],
  database: string,
  row: { installed_version: string | null; default_version: string | null } | undefined,
): PostgresFinding {
  const check = name === 'vector' ? 'extension_vector' : 'extension_pg_trgm';
  const install =
    name === 'vector'
      ? 'Install pgvector on the server (a package such as postgresql-16-pgvector, the Docker image pgvector/pgvector:pg16, the "vector" extension of a managed service, or a build from source; docs/storage.md)'
      : 'Install the contrib modules on the server (Debian/Ubuntu: postgresql-contrib)';
  if (row === undefined) {
    return { check, status: 'problem', message: `The extension ${name} is not installed on the server.`, fix: `${install}, then run CREATE EXTENSION ${name}; in ${database}.` };
  }
  if (row.installed_version === null) {
    return {
      check,
      status: 'problem',
      message: `The extension ${name} is available (${row.default_version ?? 'unknown version'}) but not created in ${database}.`,
      fix: `Run CREATE EXTENSION ${name}; in ${database} as a superuser (or start Chief of Staff once with a role allowed to create it).`,
    };
  }
  if (name === 'vector' && !versionAtLeast(row.installed_version, MIN_VECTOR_VERSION)) {
    return {
      check,
      status: 'problem',
      message: `pgvector ${row.installed_version} has no HNSW indexes (0.5.0 or newer needed).`,
      fix: `Install a newer pgvector on the server, then run ALTER EXTENSION vector UPDATE; in ${database}.`,
    };
  }
  return { check, status: 'ok', message: `${name} ${row.installed_version}` };
}

export async function checkPostgres(url: string, options: CheckPostgresOptions = {}): Promise<PostgresFinding[]> {
  const target = redactConnectionUrl(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000 });
  // A connection that breaks after the checks started reports through the query that fails, not as a crash.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    const failure = describePostgresFailure(url, error);
    return [{ check: 'reachable', status: 'problem', message: failure.problem, fix: failure.fix }];
  }
  const findings: PostgresFinding[] = [];
  try {
    const server = await client.query<{ version_num: string; version: string; database: string }>(
      `SELECT current_setting('server_version_num') AS version_num, current_setting('server_version') AS version, current_database() AS database`,
    );
    const { version_num: versionNum, version, database } = server.rows[0] ?? { version_num: '0', version: 'unknown', database: target };
    findings.push({ check: 'reachable', status: 'ok', message: `Connected to ${target}.` });
    findings.push(
      Number(versionNum) >= MIN_SERVER_VERSION_NUM
        ? { check: 'server_version', status: 'ok', message: `PostgreSQL ${version}` }
        : {
            check: 'server_version',
            status: 'problem',
            message: `PostgreSQL ${version} is too old: the adapter needs 15 or newer.`,
            fix: 'Upgrade the server to PostgreSQL 15 or newer (pg_upgrade, or dump and restore).',
          },
    );

    const extensions = await client.query<{ name: string; installed_version: string | null; default_version: string | null }>(
      `SELECT name, installed_version, default_version FROM pg_available_extensions WHERE name = ANY($1)`,
      [[...REQUIRED_EXTENSIONS]],
    );
    for (const name of REQUIRED_EXTENSIONS) {
      findings.push(extensionFinding(name, database, extensions.rows.find((row) => row.name === name)));
    }

    const known = knownMigrationCount(options.migrationsFolder ?? defaultPostgresMigrationsFolder());
    const applied = (await readAppliedMigrations(client)).length;
    if (applied === known) {
      findings.push({ check: 'schema_version', status: 'ok', message: `Schema version ${applied} (current).` });
    } else if (applied > known) {
      findings.push({
        check: 'schema_version',
        status: 'problem',
        message: `The database is at schema version ${applied}, newer than this version of Chief of Staff knows (${known}).`,
        fix: 'Upgrade Chief of Staff on this machine to the version the other machines run.',
      });
    } else {
      findings.push({
        check: 'schema_version',
        status: 'warning',
        message:
          applied === 0
            ? `The database has no Chief of Staff schema yet (this version installs ${known} migration(s)).`
            : `The database is at schema version ${applied}; this version of Chief of Staff expects ${known}.`,
        fix: 'Nothing to do by hand: the first Chief of Staff process that opens the database applies the pending migrations.',
      });
    }
    const rowSecurity = await rowSecurityFinding(client);
    if (rowSecurity) findings.push(rowSecurity);
  } finally {
    await client.end().catch(() => undefined);
  }
  return findings;
}

/**
 * Team mode's binding: nothing to say before the schema has users; with users, this login must be able to switch to
 * `cos_scoped` and the role must hold its privileges. A problem names the SQL that fixes it, exactly.
 */
async function rowSecurityFinding(client: pg.Client): Promise<PostgresFinding | undefined> {
  const present = await client.query<{ present: boolean }>(`SELECT to_regclass('public.users') IS NOT NULL AS present`);
  if (present.rows[0]?.present !== true) return undefined;
  const state = await readScopedRoleState(client);
  if (state.users === 0) return { check: 'row_security', status: 'ok', message: 'One person (no users of cos users): rows are the owner\'s.' };
  if (scopedRoleReady(state)) {
    return { check: 'row_security', status: 'ok', message: `Team mode: ${state.users} user(s); every session is bound by row-level security (role ${SCOPED_ROLE}).` };
  }
  const fix = scopedRoleFix(state);
  return {
    check: 'row_security',
    status: 'problem',
    message: `Team mode (${state.users} user(s)), but ${scopedRoleProblem(state)}: servers refuse every user (TEAM_MODE_UNBOUND) until it is fixed.`,
    fix:
      fix.length > 0
        ? `As a superuser in this database: ${fix.join(' ')} Then restart the servers and workers.`
        : `Start or restart a server or worker: it grants ${SCOPED_ROLE} what it lacks on the tables this login owns.`,
  };
}
