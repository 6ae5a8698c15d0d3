/**
 * Runs the built `cos` (apps/cli/dist/main.js) as a user would, in a private data directory, and returns its exit
 * code and output. The environment is built from scratch so a developer's own API key or data dir never leaks in.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const CLI_MAIN = resolve(import.meta.dirname, '..', '..', 'dist', 'main.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (for `--json` runs). */
  json<T = Record<string, unknown>>(): T;
}

export interface CliSandbox {
  dataDir: string;
  /** The only folder documents and imports may come from (documents.allowedRoots). */
  filesDir: string;
  run(args: string[], env?: Record<string, string>): Promise<CliRun>;
  remove(): void;
}

export function createCliSandbox(prefix: string): CliSandbox {
  const root = mkdtempSync(join(tmpdir(), `cos-cli-${prefix}-`));
  const dataDir = join(root, 'data');
  const filesDir = join(root, 'files');
  mkdirSync(filesDir, { recursive: true });
  const baseEnv: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: root,
    COS_DATA_DIR: dataDir,
    COS_DOCUMENTS_ALLOWED_ROOTS: filesDir,
    COS_TIMEZONE: 'UTC',
  };
  return {
    dataDir,
    filesDir,
    run(args, env = {}) {
      return new Promise((resolvePromise, reject) => {
        const child = spawn(process.execPath, [CLI_MAIN, ...args], { cwd: root, env: { ...baseEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.on('error', reject);
        child.on('close', (code) =>
          resolvePromise({
            code,
            stdout,
            stderr,
            json<T>() {
              try {
                return JSON.parse(stdout) as T;
              } catch {
                throw new Error(`cos ${args.join(' ')} did not print JSON.\nstdout: ${stdout}\nstderr: ${stderr}`);
              }
            },
          }),
        );
      });
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}
