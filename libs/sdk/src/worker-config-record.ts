/**
 * Which configuration a running worker started with, so `cos doctor` can tell the user to restart it after they
 * changed the configuration file (the worker reads its configuration once, at start; see ADR 0033). Each worker
 * writes `<dataDir>/run/worker-<pid>.json` with the file it read and a SHA-256 of its content, and removes it when
 * it stops; a record left by a process that no longer runs is ignored.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CosConfig } from '@chief-of-staff/core';
import type { HealthCheck } from './health-status.js';

export interface WorkerConfigRecord {
  pid: number;
  /** The configuration file the worker read, or null when it ran on defaults and the environment. */
  configFile: string | null;
  /** SHA-256 of that file's content when the worker read it (null: no file). */
  configSha256: string | null;
  startedAt: string;
}

function recordsDir(dataDir: string): string {
  return join(dataDir, 'run');
}

function fileSha256(file: string | null): string | null {
  if (file === null || !existsSync(file)) return null;
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Records the configuration this worker runs with; returns a function that removes the record. */
export function recordWorkerConfig(config: CosConfig, startedAt: Date = new Date()): () => void {
  const dir = recordsDir(config.dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `worker-${process.pid}.json`);
  const record: WorkerConfigRecord = { pid: process.pid, configFile: config.configFile, configSha256: fileSha256(config.configFile), startedAt: startedAt.toISOString() };
  writeFileSync(file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  return () => {
    try {
      unlinkSync(file);
    } catch {
      // Already gone: nothing to remove.
    }
  };
}

/** The records of workers that are still running for this data directory. */
export function runningWorkerConfigs(dataDir: string): WorkerConfigRecord[] {
  const dir = recordsDir(dataDir);
  if (!existsSync(dir)) return [];
  const records: WorkerConfigRecord[] = [];
  for (const name of readdirSync(dir)) {
    if (!/^worker-\d+\.json$/.test(name)) continue;
    try {
      const record = JSON.parse(readFileSync(join(dir, name), 'utf8')) as WorkerConfigRecord;
      if (Number.isInteger(record.pid) && isAlive(record.pid)) records.push(record);
    } catch {
      // Half-written or removed while we read: not a running worker's record.
    }
  }
  return records;
}

/**
 * Whether the running workers use the configuration file as it is now. Undefined when no worker runs; a warning
 * naming the pids to restart when the file changed (or appeared, or went away) since they started.
 */
export function checkWorkerConfig(config: CosConfig): HealthCheck | undefined {
  const workers = runningWorkerConfigs(config.dataDir);
  if (workers.length === 0) return undefined;
  const stale = workers.filter((worker) => fileSha256(worker.configFile ?? config.configFile) !== worker.configSha256);
  if (stale.length === 0) {
    return { name: 'worker configuration', status: 'ok', detail: `the running worker uses the current configuration (pid ${workers.map((worker) => worker.pid).join(', ')})` };
  }
  const file = stale[0]?.configFile ?? config.configFile ?? 'the configuration file';
  return {
    name: 'worker configuration',
    status: 'warn',
    detail: `the worker (pid ${stale.map((worker) => worker.pid).join(', ')}) runs with an older configuration: ${file} changed since it started; restart it (stop it, then \`cos worker\`)`,
    data: { stale: stale.map((worker) => ({ pid: worker.pid, configFile: worker.configFile, startedAt: worker.startedAt })) },
  };
}
