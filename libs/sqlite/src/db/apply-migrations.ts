/**
 * Applies the drizzle-kit migrations to a connection, safely when several processes open the database at once
 * (docs/reference/data-model.md#storage): the first one takes the write lock with `BEGIN IMMEDIATE` and migrates, the
 * others wait on the busy timeout and then find nothing left to do. Bookkeeping uses drizzle's own
 * `__drizzle_migrations` table so drizzle tooling reads the same history.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { CosError } from '@chief-of-staff/core';

const MIGRATIONS_TABLE = '__drizzle_migrations';
/** How long a process waits for another one that is migrating, beyond the connection's busy timeout. */
const LOCK_WAIT_MS = 60_000;

export interface MigrationReport {
  /** Migrations applied by this call (0 when the database was already current). */
  applied: number;
  /** Migrations known to this code. */
  known: number;
}

interface AppliedRow {
  hash: string;
  created_at: number | string | null;
}

/** Thrown when the database was migrated by a newer version of the code than the one running. */
export function databaseNewerError(file: string, dbVersion: number, codeVersion: number): CosError {
  return new CosError({
    code: 'DB_NEWER_THAN_CODE',
    domain: 'stores',
    category: 'user',
    message:
      `The database ${file} was created by a newer version of Chief of Staff (schema ${dbVersion}, this ` +
      `version knows ${codeVersion}). Upgrade Chief of Staff to open it, or set COS_DATA_DIR to another directory.`,
    details: { file, db_schema: dbVersion, code_schema: codeVersion },
  });
}

function tableExists(sqlite: BetterSqlite3.Database, name: string): boolean {
  return sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
}

function readApplied(sqlite: BetterSqlite3.Database): AppliedRow[] {
  if (!tableExists(sqlite, MIGRATIONS_TABLE)) return [];
  return sqlite.prepare(`SELECT hash, created_at FROM ${MIGRATIONS_TABLE} ORDER BY created_at`).all() as AppliedRow[];
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** `BEGIN IMMEDIATE`, retried past the busy timeout while another process holds a long write (a migration). */
function beginImmediate(sqlite: BetterSqlite3.Database): void {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      sqlite.exec('BEGIN IMMEDIATE');
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
      sleepSync(50);
    }
  }
}

export function applyMigrations(
  sqlite: BetterSqlite3.Database,
  migrationsFolder: string,
  file: string,
): MigrationReport {
  const migrations = readMigrationFiles({ migrationsFolder });
  const latestKnown = migrations.reduce((max, m) => Math.max(max, m.folderMillis), 0);

  const check = (applied: AppliedRow[]): number => {
    const latestApplied = applied.reduce((max, row) => Math.max(max, Number(row.created_at ?? 0)), 0);
    if (latestApplied > latestKnown || applied.length > migrations.length) {
      throw databaseNewerError(file, applied.length, migrations.length);
    }
    return latestApplied;
  };

  // Fast path without the write lock: nothing to do in the common case of an already-current database.
  const before = readApplied(sqlite);
  if (check(before) === latestKnown && before.length === migrations.length) {
    return { applied: 0, known: migrations.length };
  }

  // A migration may rebuild a table (create copy, drop, rename); with foreign keys on, the drop would cascade
  // into child tables. Keys are switched off for the migration (the pragma is a no-op inside a transaction)
  // and checked before commit instead.
  sqlite.pragma('foreign_keys = OFF');
  let appliedNow = 0;
  try {
    beginImmediate(sqlite);
    try {
      sqlite.exec(
        `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id INTEGER PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
      );
      const latestApplied = check(readApplied(sqlite));
      const insert = sqlite.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (hash, created_at) VALUES (?, ?)`);
      for (const migration of migrations) {
        if (migration.folderMillis <= latestApplied) continue;
        for (const statement of migration.sql) {
          if (statement.trim() !== '') sqlite.exec(statement);
        }
        insert.run(migration.hash, migration.folderMillis);
        appliedNow += 1;
      }
      const violations = sqlite.pragma('foreign_key_check') as unknown[];
      if (violations.length > 0) {
        throw new CosError({
          code: 'MIGRATION_FAILED',
          domain: 'stores',
          category: 'system',
          message: `Migrating ${file} would break ${violations.length} foreign key reference(s); nothing was changed.`,
        });
      }
      sqlite.exec('COMMIT');
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw error;
    }
  } finally {
    sqlite.pragma('foreign_keys = ON');
  }
  return { applied: appliedNow, known: migrations.length };
}
