/**
 * Runs the BUILT console (`dist/main.js`, what `cos ui` starts) as a real process on a temp data directory seeded
 * first through the Chief of Staff's own tools, for the browser suites. `npx nx bundle @chief-of-staff/console` (the
 * test target depends on it) builds it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSilentLogger } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '@chief-of-staff/sdk';

export const BUILT_CONSOLE_MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'main.js');

export interface BuiltConsole {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The one-time link the console printed at start. */
  readonly printedLink: string;
  readonly dataDir: string;
  /** The environment the console runs with (for `cos` commands on the same data). */
  readonly env: NodeJS.ProcessEnv;
  /** A new one-time link, as `cos ui --link` prints it (`main.js --link --port <port>`). */
  mintLink(): string;
  stderr(): string;
  stop(): Promise<void>;
}

export interface StartBuiltConsoleOptions {
  seed?: (cos: ChiefOfStaff) => Promise<void>;
  /** More environment (e.g. `COS_TIMEZONE`). */
  env?: Record<string, string>;
}

/** Calls a tool as the CLI would, failing loudly: for seeding. */
export async function seedCall(cos: ChiefOfStaff, tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await cos.callTool(tool, args, { caller: { kind: 'cli' } });
  if (!result.ok) throw new Error(`seeding with ${tool} failed: ${result.error.message}`);
  return result.value;
}

export async function startBuiltConsole(options: StartBuiltConsoleOptions = {}): Promise<BuiltConsole> {
  if (!existsSync(BUILT_CONSOLE_MAIN)) throw new Error(`${BUILT_CONSOLE_MAIN} is missing: build the console first (npx nx bundle @chief-of-staff/console).`);
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-console-built-'));
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '', HOME: dataDir, COS_DATA_DIR: dataDir, COS_TIMEZONE: 'UTC', COS_LOG_LEVEL: 'warn', ...options.env };
  if (options.seed) {
    const cos = await createChiefOfStaff({ dataDir, env, logger: createSilentLogger(), semanticRecall: false });
    try {
      await options.seed(cos);
    } finally {
      await cos.close();
    }
  }
  const child: ChildProcess = spawn(process.execPath, [BUILT_CONSOLE_MAIN, '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const started = await new Promise<{ url: string; link: string }>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`the console did not start within 30 s:\n${stderr}`)), 30_000);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const url = /^Console: (\S+)$/m.exec(stdout)?.[1];
      const link = /(http:\/\/\S+\/sign-in\?code=\S+)/.exec(stdout)?.[1];
      if (url && link) {
        clearTimeout(timer);
        resolvePromise({ url, link });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the console exited (${code}) before it was ready:\n${stderr}`));
    });
  });
  const port = new URL(started.url).port;
  return {
    url: started.url,
    printedLink: started.link,
    dataDir,
    env,
    mintLink() {
      const result = spawnSync(process.execPath, [BUILT_CONSOLE_MAIN, '--link', '--port', port], { env, encoding: 'utf8' });
      const link = /(http:\/\/\S+\/sign-in\?code=\S+)/.exec(result.stdout)?.[1];
      if (!link) throw new Error(`--link printed no link (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
      return link;
    },
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
