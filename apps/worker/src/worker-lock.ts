/**
 * One worker per data directory: a lock file holding the worker's pid, created exclusively. A lock left by a
 * process that no longer exists is taken over; a live one is reported with its pid so the user knows what to stop.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const WORKER_LOCK_FILE = 'worker.lock';

export class WorkerLockedError extends Error {
  constructor(readonly pid: number, readonly file: string) {
    super(`Another worker (pid ${pid}) is already running for this data directory (${file}). Stop it first, or set scheduler.allowMultipleWorkers: true.`);
    this.name = 'WorkerLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws `WorkerLockedError`; returns a function that releases it. */
export function acquireWorkerLock(dataDir: string): () => void {
  const file = join(dataDir, WORKER_LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => {
        try {
          if (Number(readFileSync(file, 'utf8').trim()) === process.pid) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = NaN;
      try {
        holder = Number(readFileSync(file, 'utf8').trim());
      } catch {
        continue; // Removed between our attempt and the read: try again.
      }
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw new WorkerLockedError(holder, file);
      // Left by a worker that died: take it over.
      try {
        unlinkSync(file);
      } catch {
        // Someone else removed it first.
      }
    }
  }
  throw new Error(`Could not take the worker lock ${file}; try again.`);
}
