/**
 * Radicale (Debian `radicale`) for the CalDAV tests: started per suite on a free 127.0.0.1 port with one user and
 * throw-away storage; suites skip loudly without it (and fail under CI), like the Dovecot ones.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from '@jest/globals';
import { freePort, INSTALL_SCRIPT } from '../../../mail/imap/__tests__/test-servers.js';

const BINARY = '/usr/bin/radicale';

export function describeWithRadicale(name: string, body: () => void): void {
  if (existsSync(BINARY)) {
    describe(name, body);
    return;
  }
  const message = `Radicale is not installed, so "${name}" cannot run. Install the test servers with: bash ${INSTALL_SCRIPT}`;
  if (process.env['CI']) throw new Error(message);
  process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
  describe.skip(name, body);
}

export interface RadicaleServer {
  url: string;
  user: string;
  password: string;
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

export async function startRadicale(): Promise<RadicaleServer> {
  const root = mkdtempSync(join(tmpdir(), 'cos-radicale-'));
  const port = await freePort();
  const user = 'test';
  const password = `cal-${Math.random().toString(36).slice(2)}`;
  writeFileSync(join(root, 'users'), `${user}:${password}\n`);
  const url = `http://127.0.0.1:${port}/`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      BINARY,
      [
        `--server-hosts=127.0.0.1:${port}`,
        `--storage-filesystem-folder=${join(root, 'collections')}`,
        '--auth-type=htpasswd',
        `--auth-htpasswd-filename=${join(root, 'users')}`,
        '--auth-htpasswd-encryption=plain',
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
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
