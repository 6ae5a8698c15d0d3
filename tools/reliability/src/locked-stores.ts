/**
 * Stores held by someone else, under the real MCP server (the bundle, over stdio):
 * - the SQLite database kept locked by another program (an open `BEGIN EXCLUSIVE`) past the busy timeout: writes are
 *   refused saying so, reads keep answering, and writes work once the lock is released;
 * - the vector store directory made unwritable underneath the server (a read-only bind mount, as when another
 *   program or a backup holds it; needs root): ingesting says the data directory cannot be written, searches keep
 *   answering, facts are still stored, and ingesting works again once the directory is writable.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { SERVER_MAIN } from './app-mains.js';
import { scanDataDir, scanLog, SUITE_MODEL_KEY } from './secret-scan.js';
import { readStoredRows } from './stored-rows.js';
import { toolText } from './tool-text.js';

/**
 * Makes the bind mount at `path` read-only. The kernel refuses ("mount point is busy") while a file under it is open
 * for writing — the server's vector store may still be finishing a background write — so it retries for a few
 * seconds before giving up.
 */
async function remountReadOnly(path: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      execFileSync('mount', ['-o', 'remount,bind,ro', path], { stdio: 'pipe' });
      return;
    } catch (error) {
      if (Date.now() > deadline || !/busy/i.test(String((error as { stderr?: unknown }).stderr ?? error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Fewer than the breaker threshold (5), so the refusals stay the clear storage message rather than "paused". */
const WRITES_WHILE_LOCKED = 3;
const RAW = /SQLITE_|SqliteError|LanceError|\n\s+at\s|os error|errno|Unexpected error/;

export interface LockedStoresReport {
  writesWhileLocked: number;
  refusedClearly: number;
  rawErrorsShown: number;
  readsFailed: number;
  writeAfterRelease: boolean;
  /** Why the vector-store half did not run (no root for the bind mount), else undefined. */
  vectorsSkipped?: string;
  ingestRefusedClearly: boolean;
  factStoredWhileVectorsLocked: boolean;
  ingestAfterRelease: boolean;
  serverCrashed: boolean;
  lostWrites: number;
  integrity: string;
  details: string[];
}


export async function runLockedStores(): Promise<LockedStoresReport> {
  const report: LockedStoresReport = {
    writesWhileLocked: 0,
    refusedClearly: 0,
    rawErrorsShown: 0,
    readsFailed: 0,
    writeAfterRelease: false,
    ingestRefusedClearly: false,
    factStoredWhileVectorsLocked: false,
    ingestAfterRelease: false,
    serverCrashed: false,
    lostWrites: 0,
    integrity: 'not run',
    details: [],
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-reliability-locked-'));
  const documents = join(dataDir, 'documents');
  mkdirSync(documents);
  writeFileSync(join(documents, 'budget.md'), '# Budget\n\nThe quarterly budget review is on Monday with the finance team.\n');
  const acknowledged: string[] = [];
  let closed = false;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_MAIN],
    env: { PATH: process.env['PATH'] ?? '', HOME: dataDir, COS_DATA_DIR: dataDir, COS_LOG_LEVEL: 'info', COS_SCHEDULER_RUN_IN_SERVER: 'never', ANTHROPIC_API_KEY: SUITE_MODEL_KEY },
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const client = new Client({ name: 'reliability-locked', version: '1' });
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 });
    const text = toolText(result);
    if (result.isError && RAW.test(text)) {
      report.rawErrorsShown += 1;
      report.details.push(`${name}: raw error shown: ${text.slice(0, 300)}`);
    }
    return { ok: !result.isError, text };
  };
  const store = async (key: string) => {
    const outcome = await call('store_fact', { category: 'work', key, value: `${key}: the budget review moved to Monday` });
    if (outcome.ok) acknowledged.push(key);
    return outcome;
  };
  try {
    await client.connect(transport);
    transport.onclose = () => {
      if (!closed) report.serverCrashed = true;
    };
    if (!(await call('ingest_documents', { path: documents })).ok) report.details.push('the first ingest failed');
    for (let n = 0; n < 5; n += 1) await store(`before_lock_${n}`);

    // Another program holds the write lock longer than the server's busy timeout.
    const other = new Database(join(dataDir, 'cos.db'));
    other.exec('BEGIN EXCLUSIVE');
    try {
      for (let n = 0; n < WRITES_WHILE_LOCKED; n += 1) {
        const outcome = await store(`while_locked_${n}`);
        report.writesWhileLocked += 1;
        if (!outcome.ok && /locked by another program/.test(outcome.text)) report.refusedClearly += 1;
        else if (!outcome.ok) report.details.push(`unclear refusal while locked: ${outcome.text.slice(0, 300)}`);
      }
      for (const [name, args] of [
        ['list_facts', { category: 'work', limit: 5 }],
        ['search_documents', { query: 'quarterly budget review' }],
      ] as const) {
        const outcome = await call(name, args);
        if (!outcome.ok) {
          report.readsFailed += 1;
          report.details.push(`${name} failed while the database was locked: ${outcome.text.slice(0, 300)}`);
        }
      }
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    report.writeAfterRelease = (await store('after_release')).ok;

    if (process.getuid?.() !== 0) {
      report.vectorsSkipped = 'a read-only bind mount needs root (run the suite as root or in CI)';
    } else {
      const vectors = join(dataDir, 'vectors');
      writeFileSync(join(documents, 'offsite.md'), '# Offsite\n\nThe team offsite is planned for the second week of March.\n');
      execFileSync('mount', ['--bind', vectors, vectors]);
      try {
        await remountReadOnly(vectors);
        const ingest = await call('ingest_documents', { path: documents });
        report.ingestRefusedClearly = !ingest.ok && /cannot be written/.test(ingest.text);
        if (!report.ingestRefusedClearly) report.details.push(`ingest with the vector store read-only: ${ingest.text.slice(0, 300)}`);
        report.factStoredWhileVectorsLocked = (await store('while_vectors_locked')).ok;
        const search = await call('search_documents', { query: 'quarterly budget review' });
        if (!search.ok) {
          report.readsFailed += 1;
          report.details.push(`search_documents failed with the vector store read-only: ${search.text.slice(0, 300)}`);
        }
      } finally {
        execFileSync('umount', [vectors]);
      }
      const again = await call('ingest_documents', { path: documents });
      report.ingestAfterRelease = again.ok;
      if (!again.ok) report.details.push(`ingest after the vector store was writable again: ${again.text.slice(0, 300)}`);
    }
    closed = true;
    await client.close();
    const stored = readStoredRows(dataDir, 'SELECT key FROM facts');
    report.lostWrites = acknowledged.filter((key) => !stored.keys.has(key)).length;
    report.integrity = stored.integrity;
    return report;
  } finally {
    closed = true;
    await client.close().catch(() => undefined);
    scanLog('locked stores', log);
    scanDataDir('locked stores', dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
