/**
 * Runs a table's optimize (`table-optimizer.cjs`) in a short-lived child process, so the memory LanceDB's compaction
 * takes — it rewrites the whole table each time — goes back to the system when the child exits instead of staying in
 * a long-running server. When no child can be started (no Node binary at `process.execPath`, as inside Electron, or
 * spawning refused) the same code runs in this process.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Table } from '@lancedb/lancedb';
import { loadLance } from './load-lance.js';

export interface OptimizeRequest {
  /** The LanceDB directory. */
  dir: string;
  table: string;
  /** Versions older than this are deleted. */
  keepVersionsMs: number;
  /** The IVF-PQ vector index is built once the table has this many rows. */
  indexMinRows: number;
  /** Vector dimension (sizes the index's sub-vectors). */
  dims: number;
}

/** What `table-optimizer.cjs` reports. */
interface OptimizerReport {
  rows: number;
  fragmentsRemoved: number;
  fragmentsAdded: number;
  versionsRemoved: number;
  indexBuilt: boolean;
}

export interface OptimizeOutcome extends OptimizerReport {
  /** Where it ran: `child` normally, `in-process` when no child could be started. */
  ranIn: 'child' | 'in-process';
}

export interface OptimizeTableOptions {
  /** The Node binary for the child (default `process.execPath`). */
  execPath?: string;
  /** A child running longer than this is killed and the optimize reported as failed (default 10 minutes). */
  timeoutMs?: number;
}

interface TableOptimizerModule {
  optimizeTable(lancedb: unknown, table: Table, request: OptimizeRequest): Promise<OptimizerReport>;
}

const OPTIMIZER_SCRIPT = new URL('./table-optimizer.cjs', import.meta.url);
const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;
/** How much of a failed child's stderr an error carries. */
const STDERR_TAIL_CHARS = 2_000;

/** Optimizes `table` (open in this process, at `request.dir`/`request.table`) in a child process when possible. */
export async function optimizeTable(table: Table, request: OptimizeRequest, options: OptimizeTableOptions = {}): Promise<OptimizeOutcome> {
  // Inside Electron `process.execPath` is the app, not Node.
  if (!process.versions['electron']) {
    const outcome = await runChild(request, options);
    if (outcome !== 'not-started') return { ...outcome, ranIn: 'child' };
  }
  const { lancedb } = await loadLance();
  const optimizer = createRequire(import.meta.url)(fileURLToPath(OPTIMIZER_SCRIPT)) as TableOptimizerModule;
  return { ...(await optimizer.optimizeTable(lancedb, table, request)), ranIn: 'in-process' };
}

function runChild(request: OptimizeRequest, options: OptimizeTableOptions): Promise<OptimizerReport | 'not-started'> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.execPath ?? process.execPath, [fileURLToPath(OPTIMIZER_SCRIPT), JSON.stringify(request)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The child's `--experimental-vm-modules` or loader flags of a test runner are not needed to run a .cjs script.
      env: { ...process.env, NODE_OPTIONS: '' },
      windowsHide: true,
    });
    let stdout = '';
    let stderr = '';
    let started = false;
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS)));
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('spawn', () => (started = true));
    child.once('error', (error) => {
      clearTimeout(timer);
      if (!started) resolve('not-started');
      else reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (!started) return;
      if (code === 0) {
        try {
          resolve(JSON.parse(stdout) as OptimizerReport);
        } catch {
          reject(new Error(`optimizing ${request.table}: the optimizer process answered ${JSON.stringify(stdout.slice(0, 200))}`));
        }
        return;
      }
      const how = timedOut ? `was stopped after ${Math.round(timeoutMs / 1000)} s` : signal ? `was killed (${signal})` : `exited with code ${code}`;
      reject(new Error(`optimizing ${request.table}: the optimizer process ${how}${stderr ? `: ${stderr.trim()}` : ''}`));
    });
  });
}
