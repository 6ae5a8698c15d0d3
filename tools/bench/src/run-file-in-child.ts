/**
 * Runs one bench file in a fresh Node process, so the figures of a file do not depend on which files ran before it:
 * one file's heap, loaded models, worker threads and background work would otherwise slow every file measured after it.
 */
import { fork } from 'node:child_process';
import { join, relative } from 'node:path';
import type { BenchmarkResult } from './benchmark-spec.js';
import { errorResult } from './run-benchmark-file.js';

/** tsx as the loader, and libraries resolved to their sources as `npm run bench` does. */
const CHILD_EXEC_ARGV = ['--import', 'tsx', '--conditions=@chief-of-staff/source', '--no-warnings=ExperimentalWarning', '--expose-gc'];

/**
 * The results of `file`'s benchmarks that match `filters`. A process that dies without reporting becomes one ERROR
 * row named after the file, so the run goes on.
 */
export function runFileInChild(file: string, filters: readonly string[], root: string): Promise<BenchmarkResult[]> {
  const rel = relative(root, file);
  return new Promise((resolvePromise) => {
    let results: BenchmarkResult[] | undefined;
    const child = fork(join(import.meta.dirname, 'run-benchmark-file-process.ts'), [file, root, ...filters], {
      cwd: root,
      execArgv: CHILD_EXEC_ARGV,
      // Structured clone, not JSON: an error row's NaN figures would arrive as null and break the table.
      serialization: 'advanced',
      stdio: 'inherit',
    });
    child.on('message', (message) => {
      results = message as BenchmarkResult[];
    });
    child.on('exit', (code, signal) => {
      const error = `bench process exited with ${signal ?? `code ${code}`} before reporting`;
      resolvePromise(results ?? [errorResult(rel, rel, error)]);
    });
  });
}
