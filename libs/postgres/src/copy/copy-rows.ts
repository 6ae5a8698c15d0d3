/**
 * Copies one SQLite table into its PostgreSQL twin in batches. Each batch is one `INSERT … SELECT FROM
 * json_populate_recordset(…) ON CONFLICT DO NOTHING`: one round trip, PostgreSQL's own parsing of every column type,
 * and a rerun that meets rows already copied skips them instead of failing or doubling them.
 */
import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { convertValue, type SqliteRow, type TableCopyPlan } from './table-copy-plan.js';

export interface TableCopyResult {
  table: string;
  /** Rows in the SQLite table (in the snapshot being copied). */
  source: number;
  /** Rows this run inserted (a rerun inserts only what the killed run had not). */
  inserted: number;
  /** Text values that held a NUL character, which PostgreSQL text cannot store (written with U+FFFD instead). */
  nulReplaced: number;
}

export interface CopyRowsOptions {
  batchSize: number;
  /** Called after each batch with the rows of this table copied so far (this run and earlier ones). */
  onBatch?: (copied: number, total: number) => void;
  signal?: AbortSignal;
}

/** PostgreSQL text cannot hold U+0000; everything else is written exactly. */
function withoutNul(value: unknown, replaced: { count: number }): unknown {
  if (typeof value === 'string' && value.includes('\u0000')) {
    replaced.count += 1;
    return value.replaceAll('\u0000', '\uFFFD');
  }
  return value;
}

function targetRow(plan: TableCopyPlan, row: SqliteRow, replaced: { count: number }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of plan.columns) out[column.name] = withoutNul(convertValue(column.conversion, row[column.name]), replaced);
  for (const [name, derive] of Object.entries(plan.derived)) out[name] = withoutNul(derive(row), replaced);
  return out;
}

export async function copyTableRows(
  source: BetterSqlite3.Database,
  target: pg.Pool,
  plan: TableCopyPlan,
  options: CopyRowsOptions,
): Promise<TableCopyResult> {
  const table = pg.escapeIdentifier(plan.name);
  const columns = [...plan.columns.map((column) => column.name), ...Object.keys(plan.derived)].map(pg.escapeIdentifier).join(', ');
  const insert = `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json) ON CONFLICT DO NOTHING`;
  const total = (source.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const replaced = { count: 0 };
  let inserted = 0;
  if (plan.integerId) {
    // Rows go in id order, one batch per statement, so the highest id copied marks where a killed run stopped.
    const { rows } = await target.query<{ after: string | null }>(`SELECT max(id)::text AS after FROM ${table}`);
    let after = Number(rows[0]?.after ?? 0);
    let copied = (source.prepare(`SELECT count(*) AS n FROM ${table} WHERE id <= ?`).get(after) as { n: number }).n;
    const next = source.prepare(`SELECT * FROM ${table} WHERE id > ? ORDER BY id LIMIT ?`);
    for (;;) {
      options.signal?.throwIfAborted();
      const batch = next.all(after, options.batchSize) as SqliteRow[];
      if (batch.length === 0) break;
      const result = await target.query(insert, [JSON.stringify(batch.map((row) => targetRow(plan, row, replaced)))]);
      inserted += result.rowCount ?? 0;
      copied += batch.length;
      after = Number(batch[batch.length - 1]?.id);
      options.onBatch?.(copied, total);
    }
  } else {
    const page = source.prepare(`SELECT * FROM ${table} ORDER BY rowid LIMIT ? OFFSET ?`);
    for (let offset = 0; ; offset += options.batchSize) {
      options.signal?.throwIfAborted();
      const batch = page.all(options.batchSize, offset) as SqliteRow[];
      if (batch.length === 0) break;
      const result = await target.query(insert, [JSON.stringify(batch.map((row) => targetRow(plan, row, replaced)))]);
      inserted += result.rowCount ?? 0;
      options.onBatch?.(Math.min(total, offset + batch.length), total);
    }
  }
  return { table: plan.name, source: total, inserted, nulReplaced: replaced.count };
}

/** Moves the id sequence of each copied table past the copied ids, so the next row PostgreSQL numbers is new. */
export async function advanceIdSequences(target: pg.Pool, plans: readonly TableCopyPlan[]): Promise<void> {
  for (const plan of plans) {
    if (!plan.integerId) continue;
    const table = pg.escapeIdentifier(plan.name);
    await target.query(
      `SELECT setval(pg_get_serial_sequence($1, 'id'), max_id) FROM (SELECT max(id) AS max_id FROM ${table}) AS copied WHERE max_id IS NOT NULL`,
      [table],
    );
  }
}
