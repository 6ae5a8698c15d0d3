/**
 * What a run left behind: every table of the server's database (row count and a hash of the rows) and every file of
 * the data directory. Two snapshots around a run show any write, whichever tool made it — so a refused call that ran
 * anyway is caught even when its result looked like a refusal.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';

export interface Snapshot {
  tables: Map<string, string>;
  files: Map<string, string>;
}

/**
 * Tables every agent run writes whatever its tools did: the run, its model calls, its trace (one step per model turn
 * and tool call, refused calls included) and one usage row per tool call.
 */
export const RUN_BOOKKEEPING: ReadonlySet<string> = new Set(['agent_runs', 'model_calls', 'agent_run_steps', 'tool_usage_log']);

/**
 * The database files are compared by their tables; the server rewrites its tool-list cache once the full host has
 * loaded, whatever was called. The suite's servers run with the data directory as their home, so it also holds what
 * the process keeps for itself whatever was called: its compiled-code cache (written a few seconds after start, ADR
 * 0024) and the socket on which it answers `cos` (ADR 0025).
 */
const IGNORED_FILES = /^(cos\.db(-wal|-shm|-journal)?|mcp-tool-list\.json|cos\.sock|\.cache\/chief-of-staff\/code\/.*|.*\.lock|logs\/.*)$/;

function tableDigest(db: Database.Database, table: string): string {
  const hash = createHash('sha256');
  let rows = 0;
  for (const row of db.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`).iterate()) {
    rows += 1;
    hash.update(JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('base64') : value)));
  }
  return `${rows} rows ${hash.digest('hex').slice(0, 16)}`;
}

function walk(root: string, dir: string, files: Map<string, string>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const name = relative(root, path);
    if (entry.isDirectory()) {
      walk(root, path, files);
    } else if (!IGNORED_FILES.test(name)) {
      const stat = statSync(path);
      files.set(name, `${stat.size}:${Math.round(stat.mtimeMs)}`);
    }
  }
}

export function snapshot(dataDir: string): Snapshot {
  const tables = new Map<string, string>();
  const files = new Map<string, string>();
  walk(dataDir, dataDir, files);
  // The server creates its database with the first call that needs it.
  if (!existsSync(join(dataDir, 'cos.db'))) return { tables, files };
  const db = new Database(join(dataDir, 'cos.db'), { readonly: true, fileMustExist: true });
  try {
    const names = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).pluck().all() as string[];
    for (const name of names) tables.set(name, tableDigest(db, name));
  } finally {
    db.close();
  }
  return { tables, files };
}

function same(a: Snapshot, b: Snapshot): boolean {
  const equal = (x: Map<string, string>, y: Map<string, string>) => x.size === y.size && [...x].every(([key, value]) => y.get(key) === value);
  return equal(a.tables, b.tables) && equal(a.files, b.files);
}

function pendingVectors(dataDir: string): number {
  if (!existsSync(join(dataDir, 'cos.db'))) return 0;
  return queryRows<{ n: number }>(dataDir, `SELECT count(*) AS n FROM facts WHERE embedding_status = 'pending'`)[0]?.n ?? 0;
}

/**
 * A snapshot once background work has finished (a stored fact's vector is written after the call answers, once the
 * embedder has loaded), so a later change is the run's own: no fact waiting for its vector and two equal snapshots
 * 300 ms apart, or whatever there is after 20 s.
 */
export async function settledSnapshot(dataDir: string): Promise<Snapshot> {
  let previous = snapshot(dataDir);
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    await new Promise((wait) => setTimeout(wait, 300));
    const next = snapshot(dataDir);
    if (same(previous, next) && pendingVectors(dataDir) === 0) return next;
    previous = next;
  }
  return previous;
}

/** Tables (outside `allowed`) and files that differ between the snapshots, named for a report. */
export function changesBetween(before: Snapshot, after: Snapshot, allowed: ReadonlySet<string> = RUN_BOOKKEEPING): string[] {
  const changed: string[] = [];
  for (const [name, digest] of after.tables) {
    // Full-text indexes change with their table, which is reported itself.
    if (allowed.has(name) || SEARCH_INDEX.test(name)) continue;
    if (before.tables.get(name) !== digest) changed.push(`table ${name} (${before.tables.get(name) ?? 'absent'} → ${digest})`);
  }
  const files = new Set<string>();
  for (const [name, stamp] of after.files) if (before.files.get(name) !== stamp) files.add(storeOf(name));
  for (const name of before.files.keys()) if (!after.files.has(name)) files.add(storeOf(name));
  return [...changed, ...[...files].map((name) => `files ${name}`)];
}

const SEARCH_INDEX = /_(fts|trigram)(_data|_idx|_docsize|_config)?$/;

/** A vector store is many files; one change is reported once, by the store's folder. */
function storeOf(path: string): string {
  const lance = /^(.*?\.lance)\//.exec(path);
  return lance?.[1] ?? path;
}

/** Rows of a query on the live database (read-only), for checks of one table. */
export function queryRows<T>(dataDir: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(dataDir, 'cos.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
