/**
 * Applies the drizzle-kit migrations of `drizzle/` to a PostgreSQL database, safely when several processes start at
 * once (MCP servers and workers on several machines): the first one takes a session advisory lock and migrates in one
 * transaction; the others wait on the lock and then find nothing left to do. Bookkeeping is drizzle's own
 * `drizzle.__drizzle_migrations` table, so drizzle tooling reads the same history.
 */
import type pg from 'pg';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { CosError } from '@chief-of-staff/core';

export const MIGRATIONS_SCHEMA = 'drizzle';
export const MIGRATIONS_TABLE = '__drizzle_migrations';
/** The advisory lock key every Chief of Staff process migrates under (`cos` + `mig` in ASCII). */
export const MIGRATION_LOCK_KEY = 0x636f736d6967;

export interface MigrationReport {
  /** Migrations applied by this call (0 when the database was already current). */
  applied: number;
  /** Migrations known to this code: the schema version it expects. */
  known: number;
}

interface AppliedRow {
  hash: string;
  created_at: string | number | null;
}

/** Thrown when the database was migrated by a newer version of the code than the one running. */
export function databaseNewerError(target: string, dbVersion: number, codeVersion: number): CosError {
  return new CosError({
    code: 'DB_NEWER_THAN_CODE',
    domain: 'postgres',
    category: 'user',
    message:
      `The PostgreSQL database ${target} was migrated by a newer version of Chief of Staff (schema ${dbVersion}, ` +
      `this version knows ${codeVersion}). Upgrade Chief of Staff on this machine to use it.`,
    details: { database: target, db_schema: dbVersion, code_schema: codeVersion },
  });
}

/** Applied migrations, oldest first; empty when the bookkeeping table does not exist yet. */
export async function readAppliedMigrations(client: pg.Pool | pg.PoolClient | pg.Client): Promise<AppliedRow[]> {
  const exists = await client.query<{ present: boolean }>(
    `SELECT to_regclass('${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}') IS NOT NULL AS present`,
  );
  if (exists.rows[0]?.present !== true) return [];
  const result = await client.query<AppliedRow>(
    `SELECT hash, created_at FROM "${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}" ORDER BY created_at`,
  );
  return result.rows;
}

export function knownMigrationCount(migrationsFolder: string): number {
  return readMigrationFiles({ migrationsFolder }).length;
}

export async function applyMigrations(pool: pg.Pool, migrationsFolder: string, target: string): Promise<MigrationReport> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const latestKnown = migrations.reduce((max, migration) => Math.max(max, migration.folderMillis), 0);
  const check = (applied: AppliedRow[]): number => {
    const latestApplied = applied.reduce((max, row) => Math.max(max, Number(row.created_at ?? 0)), 0);
    if (latestApplied > latestKnown || applied.length > migrations.length) {
      throw databaseNewerError(target, applied.length, migrations.length);
    }
    return latestApplied;
  };

  // Fast path without the lock: an already-current database, the common case for every start but the first.
  const before = await readAppliedMigrations(pool);
  if (check(before) === latestKnown && before.length === migrations.length) return { applied: 0, known: migrations.length };

  const client = await pool.connect();
  let appliedNow = 0;
  let broken: Error | undefined;
  try {
    // A session lock (not a transaction one) so it is held across the migration's own transaction and released even
    // when that transaction fails; another process blocks here until this one is done.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query('BEGIN');
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS "${MIGRATIONS_SCHEMA}"`);
        await client.query(
          `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
        );
        const latestApplied = check(await readAppliedMigrations(client));
        for (const migration of migrations) {
          if (migration.folderMillis <= latestApplied) continue;
          for (const statement of migration.sql) {
            if (statement.trim() !== '') await client.query(statement);
          }
          await client.query(
            `INSERT INTO "${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}" (hash, created_at) VALUES ($1, $2)`,
            [migration.hash, migration.folderMillis],
          );
          appliedNow += 1;
        }
        await client.query('COMMIT');
      } catch (error) {
        // On a connection that broke, ROLLBACK fails too; the migration's own error is the one to report.
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((unlockError: Error) => (broken = unlockError));
    }
  } finally {
    // A connection that may still hold the lock is destroyed rather than returned to the pool (the server then frees it).
    client.release(broken);
  }
  return { applied: appliedNow, known: migrations.length };
}
