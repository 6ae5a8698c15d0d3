/**
 * Opens the PostgreSQL storage: a `pg` connection pool, the drizzle handle over the whole schema, and the migrations
 * applied on open (under an advisory lock, so several processes may start at once). Connection and migration failures
 * become `CosError`s that say how to fix them.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { CosError, isCosError } from '@chief-of-staff/core';
import { applyMigrations, readAppliedMigrations, type MigrationReport } from './apply-migrations.js';
import { redactConnectionUrl } from './connection-url.js';
import { unwrapDatabaseUnreachable } from './database-unreachable.js';
import { candidatePoolSize, candidateSessions, type CandidateSessions } from './candidate-sessions.js';
import { PrincipalScopedPool, type RowSecurity } from './principal-scoped-pool.js';
import { postgresSchema, type PostgresDrizzle } from './schema-object.js';

/** Connections per process unless configured: the MCP server and the worker each keep a small pool. */
export const DEFAULT_POOL_SIZE = 10;

export type { PostgresDrizzle, PostgresSchema } from './schema-object.js';

export interface OpenPostgresOptions {
  /** `postgres://user:password@host:port/database` (any libpq-style URL `pg` accepts). */
  url: string;
  /** Most connections this process opens at once (default 10). */
  poolSize?: number;
  /** Where the drizzle-kit migrations are; defaults to the `drizzle/` folder shipped with this package. */
  migrationsFolder?: string;
}

export interface PostgresDatabase {
  readonly db: PostgresDrizzle;
  readonly pool: pg.Pool;
  /** Whether row-level security binds this pool's sessions, as found when it opened: only in team mode (the database has users). */
  readonly rowSecurity: RowSecurity;
  /**
   * Where search queries compute candidate ids (ADR 0079): in team mode a second, small pool of sessions not bound by
   * row-level security, so full-text, trigram and prefix indexes stay usable; the queries name the person's rows.
   */
  readonly candidates: CandidateSessions;
  /** What opening did to the schema. */
  readonly migrations: MigrationReport;
  /** Migrations applied to the database now (equal to `migrations.known` for a current database). */
  schemaVersion(): Promise<number>;
  /** Ends every connection of the pool. */
  close(): Promise<void>;
}

/** The `drizzle/` folder of this package, from both `src/` (sources) and `dist/` (build). */
export function defaultPostgresMigrationsFolder(): string {
  return fileURLToPath(new URL('../drizzle', import.meta.url));
}

interface PgError {
  code?: string;
  message?: string;
}

/** Why a connection or migration failed, and what to do about it. */
export interface PostgresFailure {
  code: string;
  problem: string;
  fix: string;
}

export function describePostgresFailure(url: string, error: unknown): PostgresFailure {
  const target = redactConnectionUrl(url);
  const { code, message = String(error) } = (error ?? {}) as PgError;
  switch (code) {
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return { code: 'DB_UNREACHABLE', problem: `Nothing answers at ${target} (${message}).`, fix: 'Start PostgreSQL, or correct the host and port in the URL.' };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { code: 'DB_UNREACHABLE', problem: `The host of ${target} is unknown (${message}).`, fix: 'Correct the host name in the URL.' };
    case '28P01':
    case '28000':
      return { code: 'DB_AUTH_FAILED', problem: `PostgreSQL refused the login for ${target}: ${message}.`, fix: 'Check the user and password in the URL.' };
    case '3D000':
      return { code: 'DB_MISSING', problem: `The database of ${target} does not exist.`, fix: 'Create it (createdb, or CREATE DATABASE) and start again.' };
    case '42501':
      // insufficient_privilege is raised for much more than creating an extension (a schema or table the session's
      // role may not use, say): only a refusal that names an extension is one.
      if (/extension/i.test(message)) {
        return {
          code: 'DB_EXTENSION_FORBIDDEN',
          problem: `The role of ${target} may not create the extensions the schema needs: ${message}.`,
          fix: 'As a superuser, run CREATE EXTENSION vector; CREATE EXTENSION pg_trgm; in that database once, then start again.',
        };
      }
      return {
        code: 'DB_PERMISSION_DENIED',
        problem: `The role of ${target} lacks a privilege the storage needs: ${message}.`,
        fix: 'Run cos doctor: it names the grant that is missing and the SQL that adds it (docs/deployment.md, section 1).',
      };
    case '58P01':
    case '0A000':
      return {
        code: 'DB_EXTENSION_MISSING',
        problem: `The server of ${target} lacks an extension the schema needs: ${message}.`,
        fix: 'Install pgvector (and postgresql-contrib for pg_trgm) on the server; docs/storage.md says how.',
      };
    default:
      // A connection timeout of `pg` carries no code, only its message.
      if (/timeout/i.test(message)) {
        return { code: 'DB_UNREACHABLE', problem: `${target} did not answer in time (${message}).`, fix: 'Check the host, port and firewall, and that PostgreSQL runs.' };
      }
      return { code: 'DB_OPEN_FAILED', problem: `Could not open the PostgreSQL database ${target}: ${message}.`, fix: 'See the server log for the cause.' };
  }
}

/** A failure to open as a `CosError` whose message says what went wrong and how to fix it. */
export function openFailure(url: string, error: unknown): CosError {
  // A connection the pool could not open is told with the whole URL (redacted) and its fix here, not as a tool error.
  const cause = unwrapDatabaseUnreachable(error);
  if (isCosError(cause)) return cause;
  const failure = describePostgresFailure(url, cause);
  const { message = String(cause) } = (cause ?? {}) as PgError;
  return new CosError({
    code: failure.code,
    domain: 'postgres',
    category: 'user',
    message: `${failure.problem} ${failure.fix}`,
    details: { database: redactConnectionUrl(url), cause: message },
    cause,
  });
}

export async function openPostgres(options: OpenPostgresOptions): Promise<PostgresDatabase> {
  const target = redactConnectionUrl(options.url);
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  const config = {
    connectionString: options.url,
    max: poolSize,
    // Timestamps are read as ISO strings whatever the offset, but date arithmetic and casts in SQL follow the
    // session's zone: UTC, as the SQLite side computes.
    options: '-c timezone=UTC',
  };
  const pool = new PrincipalScopedPool(config);
  // An idle connection the server drops (restart, failover) must not crash the process; the next query reconnects or
  // fails with its own error.
  pool.on('error', () => undefined);
  let candidatePool: PrincipalScopedPool | undefined;
  const endPools = async (): Promise<void> => {
    await Promise.all([pool.end(), candidatePool?.end()]);
  };
  try {
    const migrations = await applyMigrations(pool, options.migrationsFolder ?? defaultPostgresMigrationsFolder(), target);
    const rowSecurity = await pool.detectRowSecurity();
    const db = drizzle({ client: pool, schema: postgresSchema });
    const candidates = candidateSessions(rowSecurity, { pool, db }, () => {
      // Opens connections only when a search asks for one.
      const unbound = new PrincipalScopedPool({ ...config, max: candidatePoolSize(poolSize) }, { candidates: true });
      unbound.on('error', () => undefined);
      candidatePool = unbound;
      return { pool: unbound, db: drizzle({ client: unbound, schema: postgresSchema }) };
    });
    return {
      db,
      pool,
      migrations,
      rowSecurity,
      candidates,
      schemaVersion: async () => (await readAppliedMigrations(pool)).length,
      close: endPools,
    };
  } catch (error) {
    await endPools().catch(() => undefined);
    throw openFailure(options.url, error);
  }
}
