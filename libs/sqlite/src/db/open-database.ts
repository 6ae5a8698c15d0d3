/**
 * Opens the one SQLite database of the product (docs/reference/data-model.md#storage): WAL, a 5 s busy timeout,
 * foreign keys on, synchronous NORMAL, the case-folding SQL function, and migrations applied on open. Safe to call
 * from several processes at once (MCP server, worker, CLI).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type BetterSqlite3 from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { applyMigrations, type MigrationReport } from './apply-migrations.js';
import { foldCase } from '@chief-of-staff/core';
import { schema } from './schema-object.js';

/** File name of the database inside the data dir. */
export const DATABASE_FILE_NAME = 'cos.db';
/** Name of the SQL function registered on every connection: `foldCase`, for case-insensitive matching in SQL. */
export const FOLD_SQL_FUNCTION = 'cos_fold';
export const BUSY_TIMEOUT_MS = 5_000;

/** The drizzle handle over the full schema. */
export type DrizzleDb = BetterSQLite3Database<typeof schema>;

export interface OpenDatabaseOptions {
  /** Data directory; the database is `<dataDir>/cos.db`. */
  dataDir?: string;
  /** Explicit database file (wins over `dataDir`). */
  file?: string;
  /** Where the drizzle-kit migrations are; defaults to the `drizzle/` folder shipped with this package. */
  migrationsFolder?: string;
}

export interface CosDatabase {
  readonly file: string;
  /** The raw better-sqlite3 connection, for FTS queries and pragmas drizzle does not express. */
  readonly sqlite: BetterSqlite3.Database;
  readonly db: DrizzleDb;
  readonly migrations: MigrationReport;
  /**
   * Runs `fn` in a `BEGIN IMMEDIATE` transaction. Use it for every read-then-write: a deferred transaction
   * that upgrades to a write after another process committed fails at once with SQLITE_BUSY, whereas
   * IMMEDIATE waits on the busy timeout.
   */
  writeTransaction<T>(fn: () => T): T;
  /**
   * Runs a background write (bookkeeping no caller waits for) without the busy timeout: better-sqlite3 waits
   * synchronously, so on a server a 5 s wait for another program's lock would stall every call in flight. When the
   * database is locked it throws SQLITE_BUSY at once and the caller keeps the write for later.
   */
  writeIfFree<T>(fn: () => T): T;
  close(): void;
}

/** The `drizzle/` folder of this package, from both `src/db` (sources) and `dist/db` (build). */
export function defaultMigrationsFolder(): string {
  return fileURLToPath(new URL('../../drizzle', import.meta.url));
}

function resolveDatabaseFile(options: OpenDatabaseOptions): string {
  if (options.file) return resolve(options.file);
  if (options.dataDir) return join(resolve(options.dataDir), DATABASE_FILE_NAME);
  throw new TypeError('openDatabase: pass `dataDir` or `file`.');
}

export function openDatabase(options: OpenDatabaseOptions): CosDatabase {
  const file = resolveDatabaseFile(options);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const sqlite = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.function(FOLD_SQL_FUNCTION, { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? foldCase(value) : value,
    );
    const migrations = applyMigrations(sqlite, options.migrationsFolder ?? defaultMigrationsFolder(), file);
    const db = drizzle({ client: sqlite, schema });
    return {
      file,
      sqlite,
      db,
      migrations,
      writeTransaction: <T>(fn: () => T): T => sqlite.transaction(fn).immediate(),
      writeIfFree: <T>(fn: () => T): T => {
        sqlite.pragma('busy_timeout = 0');
        try {
          return fn();
        } finally {
          sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
        }
      },
      close: () => {
        if (sqlite.open) sqlite.close();
      },
    };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}
