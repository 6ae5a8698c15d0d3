/**
 * `cos migrate --to postgres://…`: copies a data directory (the SQLite database and the LanceDB vectors) into a
 * PostgreSQL database, then verifies that every table holds as many rows as its source. The source is opened read-only
 * and read in one snapshot; nothing in it changes. A run that is killed leaves whole batches behind, and the next run
 * starts where it stopped without duplicating a row. The target must be empty or hold an earlier copy of the same
 * data directory: its `cos_storage_copies` table records which one.
 */
import { realpathSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { CosError } from '@chief-of-staff/core';
import type { StoredVectorTables } from '@chief-of-staff/documents';
import { redactConnectionUrl } from '../connection-url.js';
import { openPostgres } from '../open-postgres.js';
import { advanceIdSequences, copyTableRows, type TableCopyResult } from './copy-rows.js';
import { copyVectorTables, type VectorTableCopyResult } from './copy-vectors.js';
import { tableCopyPlans, type TableCopyPlan } from './table-copy-plan.js';

/** Rows per INSERT: about 1 MB of JSON for typical rows, few enough round trips for 100k rows. */
export const DEFAULT_COPY_BATCH_ROWS = 1000;
/** Vectors per INSERT: a 512-dimension vector is ~5 KB of JSON text. */
export const DEFAULT_COPY_BATCH_VECTORS = 250;
/** The advisory lock one copy into a database holds, so two `cos migrate` runs never interleave. */
export const COPY_LOCK_KEY = 0x636f73637079;
const COPIES_TABLE = 'cos_storage_copies';

export interface CopyProgress {
  stage: 'rows' | 'vectors';
  table: string;
  copied: number;
  total: number;
}

export interface CopyDataDirectoryOptions {
  /** The data directory's SQLite database file (its schema already current: open it once with this version first). */
  databaseFile: string;
  /**
   * The data directory's vector tables (the LanceDB folder `<dataDir>/vectors`, opened by `@chief-of-staff/lancedb`);
   * closed by the copy. Missing tables copy no vectors.
   */
  vectors: StoredVectorTables;
  /** `postgres://…` of the target database. */
  url: string;
  batchRows?: number;
  batchVectors?: number;
  onProgress?: (progress: CopyProgress) => void;
  signal?: AbortSignal;
}

export interface CopiedTable extends TableCopyResult {
  /** Rows in the PostgreSQL table after the copy. */
  target: number;
}

export interface CopiedVectorTable extends VectorTableCopyResult {
  target: number;
}

export interface CopyDataDirectoryReport {
  source: string;
  /** The target URL without its password. */
  target: string;
  /** True when an earlier, unfinished (or finished) copy of this source was continued. */
  resumed: boolean;
  tables: CopiedTable[];
  vectors: CopiedVectorTable[];
  /** True when every table and vector table holds exactly what the source does. */
  verified: boolean;
  /** What does not match, one sentence each (empty when verified). */
  mismatches: string[];
  durationMs: number;
}

function copyError(message: string, fix: string): CosError {
  return new CosError({ code: 'COPY_REFUSED', domain: 'postgres', category: 'user', message: `${message} ${fix}` });
}

async function countRows(target: pg.Pool | pg.PoolClient, table: string): Promise<number> {
  const { rows } = await target.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${pg.escapeIdentifier(table)}`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Refuses a target that holds anything but an earlier copy of this source: copying into someone's live database would
 * mix two histories, and the id-based resume would skip rows. Returns whether an earlier copy is continued.
 */
async function claimTarget(client: pg.PoolClient, source: string, plans: readonly TableCopyPlan[], target: string): Promise<boolean> {
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${COPIES_TABLE} (source text PRIMARY KEY, started_at timestamptz NOT NULL DEFAULT now(), finished_at timestamptz, report jsonb)`,
  );
  const { rows } = await client.query<{ source: string }>(`SELECT source FROM ${COPIES_TABLE}`);
  const other = rows.find((row) => row.source !== source);
  if (other) {
    throw copyError(
      `${target} already holds a copy of another data directory (${other.source}).`,
      'Copy into an empty database (createdb a new one), or drop this one first if it is not in use.',
    );
  }
  if (rows.length > 0) return true;
  for (const plan of plans) {
    const count = await countRows(client, plan.name);
    if (count > 0) {
      throw copyError(
        `${target} is not empty: its table ${plan.name} holds ${count} rows that did not come from this data directory.`,
        'Copy into an empty database (createdb a new one); nothing was written.',
      );
    }
  }
  await client.query(`INSERT INTO ${COPIES_TABLE} (source) VALUES ($1)`, [source]);
  return false;
}

function sqliteColumnLister(source: Database.Database): (table: string) => ReadonlySet<string> {
  const statement = source.prepare(`SELECT name FROM pragma_table_info(?)`);
  return (table) => new Set((statement.all(table) as { name: string }[]).map((row) => row.name));
}

export async function copyDataDirectoryToPostgres(options: CopyDataDirectoryOptions): Promise<CopyDataDirectoryReport> {
  const started = performance.now();
  const sourcePath = realpathSync(options.databaseFile);
  const target = redactConnectionUrl(options.url);
  const source = new Database(sourcePath, { readonly: true, fileMustExist: true });
  const database = await openPostgres({ url: options.url, poolSize: 3 }).catch(async (error: unknown) => {
    source.close();
    await options.vectors.close();
    throw error;
  });
  const client = await database.pool.connect();
  try {
    const { rows: locked } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [COPY_LOCK_KEY]);
    if (!locked[0]?.locked) {
      throw copyError(`Another \`cos migrate\` is copying into ${target} right now.`, 'Wait for it to finish, then run this again.');
    }
    const plans = tableCopyPlans(sqliteColumnLister(source));
    const resumed = await claimTarget(client, sourcePath, plans, target);
    // One read transaction for the whole copy: every table is read from the same moment of the source.
    source.exec('BEGIN');
    source.prepare('SELECT count(*) FROM sqlite_master').get();
    const tables: TableCopyResult[] = [];
    for (const plan of plans) {
      tables.push(
        await copyTableRows(source, database.pool, plan, {
          batchSize: options.batchRows ?? DEFAULT_COPY_BATCH_ROWS,
          onBatch: (copied, total) => options.onProgress?.({ stage: 'rows', table: plan.name, copied, total }),
          ...(options.signal ? { signal: options.signal } : {}),
        }),
      );
    }
    await advanceIdSequences(database.pool, plans);
    const vectors = await copyVectorTables(options.vectors, database.pool, {
      batchSize: options.batchVectors ?? DEFAULT_COPY_BATCH_VECTORS,
      onBatch: (table, copied, total) => options.onProgress?.({ stage: 'vectors', table, copied, total }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const mismatches: string[] = [];
    const copiedTables: CopiedTable[] = [];
    for (const table of tables) {
      const count = await countRows(database.pool, table.table);
      if (count !== table.source) mismatches.push(`${table.table}: ${table.source} rows in the source, ${count} in PostgreSQL.`);
      copiedTables.push({ ...table, target: count });
    }
    const copiedVectors: CopiedVectorTable[] = [];
    for (const table of vectors) {
      const count = await countRows(database.pool, table.table);
      const expected = table.source - table.orphans;
      if (count !== expected) mismatches.push(`${table.table}: ${expected} vectors to copy, ${count} in PostgreSQL.`);
      copiedVectors.push({ ...table, target: count });
    }
    const report: CopyDataDirectoryReport = {
      source: sourcePath,
      target,
      resumed,
      tables: copiedTables,
      vectors: copiedVectors,
      verified: mismatches.length === 0,
      mismatches,
      durationMs: Math.round(performance.now() - started),
    };
    if (report.verified) {
      await client.query(`UPDATE ${COPIES_TABLE} SET finished_at = now(), report = $2 WHERE source = $1`, [sourcePath, JSON.stringify(report)]);
    }
    return report;
  } finally {
    if (source.inTransaction) source.exec('COMMIT');
    source.close();
    // Already closed when the copy reached the vectors; closing again does nothing.
    await options.vectors.close();
    client.release();
    // Ending the pool also ends the session that holds the advisory lock.
    await database.close();
  }
}
