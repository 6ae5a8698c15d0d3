/**
 * `cos ui` through the built CLI: it starts the built console, prints its address and a one-time sign-in link that
 * signs in once; `cos ui --link` prints a new link for the running console; stopping `cos ui` stops the console.
 * And `cos worker` with `console.enabled` serves the console too, logs the link, and stops it when it stops. An
 * address other machines reach is refused without `--allow-remote` (`console.allowRemote` for the worker), and warned
 * about at every start with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { CLI_MAIN, createCliSandbox } from './run-cli.js';

const sandbox = createCliSandbox('ui');
afterAll(() => sandbox.remove());
const running: ChildProcess[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }
});

const env = (extra: Record<string, string> = {}): Record<string, string> => ({
  PATH: process.env['PATH'] ?? '',
  HOME: sandbox.dataDir,
  COS_DATA_DIR: sandbox.dataDir,
  COS_TIMEZONE: 'UTC',
  COS_SCHEDULER_HEALTH_PORT: '0',
  COS_PROVIDERS_NOTIFICATIONS: 'log',
  ...extra,
});

/** Starts `cos <args>` and resolves once `pattern` matches its output. */
function startUntil(args: string[], pattern: RegExp, extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; match: RegExpExecArray; output: () => string }> {
  const child = spawn(process.execPath, [CLI_MAIN, ...args], { env: env(extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; output so far:\n${output}`)), 30_000);
    const take = (chunk: string) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match, output: () => output });
      }
    };
    child.stdout?.setEncoding('utf8').on('data', take);
    child.stderr?.setEncoding('utf8').on('data', take);
  });
}

/** Runs `cos <args>` until it exits (one that keeps running instead fails the test and is stopped after it). */
function runToExit(args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI_MAIN, ...args], { env: env(extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cos ${args.join(' ')} kept running; output so far:\n${stdout}${stderr}`)), 20_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const LINK = /(http:\/\/127\.0\.0\.1:(\d+)\/sign-in\?code=\S+)/;

async function signInStatus(link: string): Promise<{ status: number; cookie: string | null }> {
  const response = await fetch(link, { redirect: 'manual' });
  return { status: response.status, cookie: response.headers.get('set-cookie') };
}

describe('cos ui', () => {
  it('serves the console with a one-time link, mints new links with --link, and stops with Ctrl-C', async () => {
    const ui = await startUntil(['ui', '--port', '0'], LINK);
    const [, link, port] = ui.match;
    expect(ui.output()).toMatch(new RegExp(`^Console: http://127\\.0\\.0\\.1:${port}$`, 'm'));
    const first = await signInStatus(link ?? '');
    expect(first.status).toBe(303);
    expect(first.cookie).toMatch(/HttpOnly; SameSite=Strict/);
    expect((await signInStatus(link ?? '')).status).toBe(401);

    const minted = await sandbox.run(['ui', '--link', '--port', port ?? '']);
    expect(minted.code).toBe(0);
    const fresh = LINK.exec(minted.stdout)?.[1];
    expect(fresh).toBeDefined();
    expect((await signInStatus(fresh ?? '')).status).toBe(303);

    ui.child.kill('SIGINT');
    await new Promise((done) => ui.child.once('exit', done));
    await expect(fetch(`http://127.0.0.1:${port}/today`)).rejects.toThrow();
  });

  it('refuses a --host other machines reach without --allow-remote, saying why and how to do it safely', async () => {
    const refused = await runToExit(['ui', '--host', '0.0.0.0', '--port', '0']);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).not.toMatch(/sign-in\?code=/);
    expect(refused.stderr).toMatch(/refusing to serve the console on 0\.0\.0\.0, which other machines can reach/);
    expect(refused.stderr).toMatch(/owner's token .* and the session cookie would travel unencrypted/);
    expect(refused.stderr).toMatch(/SSH tunnel \(ssh -L 8767:127\.0\.0\.1:8767 /);
    expect(refused.stderr).toMatch(/TLS reverse proxy .* pass --allow-remote/);
  });

  it('serves on such a --host with --allow-remote, and warns that it speaks plain HTTP', async () => {
    const ui = await startUntil(['ui', '--host', '0.0.0.0', '--port', '0', '--allow-remote'], /sign-in\?code=\S+/);
    expect(ui.output()).toMatch(/WARNING: the web console is bound to 0\.0\.0\.0, which is reachable from other machines \(--allow-remote\)\. It speaks plain HTTP/);
    const port = /^Console: http:\/\/0\.0\.0\.0:(\d+)$/m.exec(ui.output())?.[1];
    expect(port).toBeDefined();
    expect((await fetch(`http://127.0.0.1:${port}/sign-in`)).status).toBe(200);
  });

  it('is refused by the worker on a console.host other machines reach without console.allowRemote, and warned about with it', async () => {
    const remote = { COS_CONSOLE_ENABLED: 'true', COS_CONSOLE_PORT: '0', COS_CONSOLE_HOST: '0.0.0.0' };
    const refused = await runToExit(['worker'], remote);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/would listen on console\.host 0\.0\.0\.0, which other machines can reach/);
    expect(refused.stderr).toMatch(/set console\.allowRemote: true/);
    const worker = await startUntil(['worker', '--json-logs'], /"msg":"worker started"/, { ...remote, COS_CONSOLE_ALLOW_REMOTE: 'true' });
    expect(worker.output()).toMatch(/WARNING: the web console is bound to 0\.0\.0\.0/);
  });

  it('is served by the worker with console.enabled, and stops with it', async () => {
    const worker = await startUntil(['worker', '--json-logs'], /"msg":"worker started"/, { COS_CONSOLE_ENABLED: 'true', COS_CONSOLE_PORT: '0' });
    const logged = /"signIn":"([^"]+)"/.exec(worker.output())?.[1];
    expect(logged).toMatch(LINK);
    expect((await signInStatus(logged ?? '')).status).toBe(303);
    const port = LINK.exec(logged ?? '')?.[2];
    worker.child.kill('SIGTERM');
    await new Promise((done) => worker.child.once('exit', done));
    await expect(fetch(`http://127.0.0.1:${port}/today`)).rejects.toThrow();
  });
});
