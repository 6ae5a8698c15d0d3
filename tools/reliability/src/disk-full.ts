/**
 * A full disk under the data directory: the real MCP server (the bundle, over stdio) runs on a small tmpfs that is
 * then filled. Writes must be refused with a message that says the disk is full and how to fix it (never a raw SQLite
 * error or a crash), reads must keep answering, writes must work again once space is freed, every acknowledged write
 * must be kept and the database must pass `integrity_check`. Mounting a tmpfs needs root; without it the run says so.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { SERVER_MAIN } from './app-mains.js';
import { scanDataDir, scanLog, SUITE_MODEL_KEY } from './secret-scan.js';
import { readStoredRows } from './stored-rows.js';
import { toolText } from './tool-text.js';

const TMPFS_SIZE = '24m';
const WRITES_WHILE_FULL = 40;
const CLEAR = /disk|space|full/i;
const RAW = /SQLITE_|SqliteError|\n\s+at\s|ENOSPC|errno/;

export interface DiskFullReport {
  /** Why the run did not happen (no root to mount a tmpfs), else undefined. */
  skipped?: string;
  writesWhileFull: number;
  refusedClearly: number;
  acceptedWhileFull: number;
  rawErrorsShown: number;
  readsFailed: number;
  writeAfterFreeing: boolean;
  serverCrashed: boolean;
  acknowledgedWrites: number;
  lostWrites: number;
  integrity: string;
  details: string[];
}


/** Fills the file system holding `path` to the last byte (appending, so it can top up space freed since). */
function fill(path: string): void {
  const fd = openSync(path, 'a');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // ENOSPC: the disk is full. Top up with smaller writes so not even a page is left.
    try {
      for (;;) writeSync(fd, Buffer.alloc(512, 1));
    } catch {
      // full to the last block
    }
  } finally {
    closeSync(fd);
  }
}

export async function runDiskFull(): Promise<DiskFullReport> {
  const report: DiskFullReport = {
    writesWhileFull: 0,
    refusedClearly: 0,
    acceptedWhileFull: 0,
    rawErrorsShown: 0,
    readsFailed: 0,
    writeAfterFreeing: false,
    serverCrashed: false,
    acknowledgedWrites: 0,
    lostWrites: 0,
    integrity: 'not run',
    details: [],
  };
  if (process.getuid?.() !== 0) return { ...report, skipped: 'mounting a tmpfs needs root (run the suite as root or in CI)' };
  const mountPoint = mkdtempSync(join(tmpdir(), 'cos-reliability-diskfull-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', mountPoint]);
  const dataDir = join(mountPoint, 'data');
  const acknowledged: string[] = [];
  let closed = false;
  let log = '';
  try {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SERVER_MAIN],
      env: { PATH: process.env['PATH'] ?? '', HOME: mountPoint, COS_DATA_DIR: dataDir, COS_LOG_LEVEL: 'info', COS_SCHEDULER_RUN_IN_SERVER: 'never', ANTHROPIC_API_KEY: SUITE_MODEL_KEY },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    const client = new Client({ name: 'reliability-disk-full', version: '1' });
    await client.connect(transport);
    transport.onclose = () => {
      if (!closed) report.serverCrashed = true;
    };
    const store = async (key: string, size: number) => {
      const result = await client.callTool({ name: 'store_fact', arguments: { category: 'work', key, value: `${key}: ${'budget figures '.repeat(size / 15)}` } }, undefined, { timeout: 30_000 });
      if (!result.isError) acknowledged.push(key);
      return { ok: !result.isError, text: toolText(result) };
    };
    for (let n = 0; n < 20; n += 1) await store(`before_full_${n}`, 300);

    const filler = join(mountPoint, 'filler.bin');
    fill(filler);
    for (let n = 0; n < WRITES_WHILE_FULL; n += 1) {
      // Background work of the server (the tool-description cache, say) that fails on the full disk removes its
      // temporary file and frees a little space: taken up again, so every write here meets a full disk.
      fill(filler);
      const outcome = await store(`while_full_${n}`, 8_000);
      report.writesWhileFull += 1;
      if (outcome.ok) report.acceptedWhileFull += 1;
      else if (CLEAR.test(outcome.text) && !RAW.test(outcome.text)) report.refusedClearly += 1;
      const shape = outcome.text.replace(/\(ref \w+\)/, '(ref …)').slice(0, 300);
      if (!outcome.ok && RAW.test(outcome.text)) report.rawErrorsShown += 1;
      if (!outcome.ok && (RAW.test(outcome.text) || !CLEAR.test(outcome.text)) && !report.details.includes(shape)) report.details.push(shape);
    }
    for (const [name, args] of [
      ['list_facts', { category: 'work', limit: 5 }],
      ['query_memory', { query: 'budget figures' }],
    ] as const) {
      const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 30_000 });
      if (result.isError) {
        report.readsFailed += 1;
        report.details.push(`${name} failed while the disk was full: ${toolText(result).slice(0, 300)}`);
      }
    }

    rmSync(filler);
    const afterFreeing = await store('after_freeing', 300);
    report.writeAfterFreeing = afterFreeing.ok;
    if (!afterFreeing.ok) report.details.push(`after freeing space: ${afterFreeing.text.slice(0, 300)}`);
    closed = true;
    await client.close();
    const stored = readStoredRows(dataDir, `SELECT key FROM facts`);
    report.acknowledgedWrites = acknowledged.length;
    report.lostWrites = acknowledged.filter((key) => !stored.keys.has(key)).length;
    report.integrity = stored.integrity;
    return report;
  } finally {
    scanLog('full disk', log);
    scanDataDir('full disk', dataDir);
    execFileSync('umount', ['-l', mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  }
}
