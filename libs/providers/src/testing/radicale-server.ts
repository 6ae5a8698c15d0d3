/**
 * Radicale (Debian `radicale`) for the CalDAV tests: started per suite on a free 127.0.0.1 port with one user (more
 * on request, with a rights file saying who may read whose calendars) and throw-away storage (also used by the sync
 * benchmark and by other libraries' tests through `@chief-of-staff/providers/testing`, so nothing here depends on
 * Jest).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './local-servers.js';

export const RADICALE_BINARY = '/usr/bin/radicale';

export interface RadicaleServer {
  url: string;
  user: string;
  password: string;
  /** Every user's password, the main user's included. */
  passwords: Readonly<Record<string, string>>;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

async function waitUntilServing(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { method: 'OPTIONS' });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`Radicale did not answer at ${url} within ${timeoutMs} ms`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
}

export interface RadicaleOptions {
  /** Users besides `test`. */
  extraUsers?: readonly string[];
  /**
   * A Radicale rights file (`[rights] type = from_file`); without one every user sees only their own collections.
   * It replaces the default rules, so it must grant users their own collections too.
   */
  rights?: string;
}

export async function startRadicale(options: RadicaleOptions = {}): Promise<RadicaleServer> {
  const root = mkdtempSync(join(tmpdir(), 'cos-radicale-'));
  const port = await freePort();
  const user = 'test';
  const passwords: Record<string, string> = {};
  for (const name of [user, ...(options.extraUsers ?? [])]) passwords[name] = `cal-${Math.random().toString(36).slice(2)}`;
  const password = passwords[user] as string;
  writeFileSync(join(root, 'users'), Object.entries(passwords).map(([name, secret]) => `${name}:${secret}\n`).join(''));
  const rights = options.rights === undefined ? [] : ['--rights-type=from_file', `--rights-file=${join(root, 'rights')}`];
  if (options.rights !== undefined) writeFileSync(join(root, 'rights'), options.rights);
  const url = `http://127.0.0.1:${port}/`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      RADICALE_BINARY,
      [
        `--server-hosts=127.0.0.1:${port}`,
        `--storage-filesystem-folder=${join(root, 'collections')}`,
        '--auth-type=htpasswd',
        `--auth-htpasswd-filename=${join(root, 'users')}`,
        '--auth-htpasswd-encryption=plain',
        ...rights,
        '--logging-level=warning',
      ],
      { stdio: 'ignore' },
    );
    await waitUntilServing(url, 15_000);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((done) => {
      running.once('exit', () => done());
      running.kill('SIGTERM');
    });
  };
  await start();
  return {
    url,
    user,
    password,
    passwords,
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
