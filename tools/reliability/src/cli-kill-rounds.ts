/**
 * Crash safety of the `cos` CLI: writers run `cos memory add` as whole processes, and about half of those processes
 * are killed with SIGKILL at a random moment of their short life, round after round on one data directory. Every
 * command that exited 0 (told the user the fact was stored) must have its fact in the database, and the database
 * must pass `integrity_check`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_MAIN } from './app-mains.js';
import type { KillReport } from './kill-rounds.js';
import { scanDataDir, scanLog, SUITE_MODEL_KEY } from './secret-scan.js';
import { readStoredRows } from './stored-rows.js';

const WRITERS = 4;
const COMMANDS_PER_WRITER = 5;
/** The CLI answers in about 300 ms on an idle machine; kills land anywhere from start-up to the write itself. */
const KILL_WITHIN_MS = 500;

export interface CliKillReport extends KillReport {
  commands: number;
  killed: number;
  /** Commands that were not killed and still did not exit 0 (a concurrent writer must never make another fail). */
  failed: number;
}

function runAdd(dataDir: string, key: string, kill: boolean): Promise<{ code: number | null; killed: boolean }> {
  const child = spawn(process.execPath, [CLI_MAIN, 'memory', 'add', 'work', key, `Stored by ${key}`, '--json'], {
    env: { PATH: process.env['PATH'] ?? '', HOME: dataDir, COS_DATA_DIR: dataDir, COS_LOG_LEVEL: 'info', ANTHROPIC_API_KEY: SUITE_MODEL_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const timer = kill ? setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * KILL_WITHIN_MS)) : undefined;
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      scanLog(`cos memory add ${key}`, output);
      resolve({ code, killed: signal === 'SIGKILL' });
    }),
  );
}

export async function runCliKillRounds(options: { rounds: number }): Promise<CliKillReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-reliability-cli-kill-'));
  const acknowledged: string[] = [];
  let commands = 0;
  let killed = 0;
  let failed = 0;
  try {
    for (let round = 0; round < options.rounds; round += 1) {
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, writer) => {
          for (let n = 0; n < COMMANDS_PER_WRITER; n += 1) {
            const key = `cli_kill_${round}_${writer}_${n}`;
            const outcome = await runAdd(dataDir, key, Math.random() < 0.5);
            commands += 1;
            if (outcome.killed) killed += 1;
            else if (outcome.code === 0) acknowledged.push(key);
            else failed += 1;
          }
        }),
      );
    }
    scanDataDir('cli kill rounds', dataDir);
    const stored = readStoredRows(dataDir, `SELECT key FROM facts WHERE key LIKE 'cli\\_kill\\_%' ESCAPE '\\'`);
    return {
      rounds: options.rounds,
      commands,
      killed,
      failed,
      acknowledgedWrites: acknowledged.length,
      lostWrites: acknowledged.filter((key) => !stored.keys.has(key)).length,
      integrity: stored.integrity,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
