/**
 * `cos memory search` and `cos docs search` hand their call to the MCP server running for the same data directory
 * (its local socket), and answer themselves when there is none, when it has died, or when asked to.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLI_MAIN } from './run-cli.js';

const SERVER_MAIN = resolve(import.meta.dirname, '..', '..', '..', 'mcp-server', 'dist', 'main.js');
const root = mkdtempSync(join(tmpdir(), 'cos-cli-server-'));
const dataDir = join(root, 'data');
/** Only what a user's shell would have: no setting that could make the CLI and the server answer differently. */
const env = { PATH: process.env['PATH'] ?? '', HOME: root, COS_DATA_DIR: dataDir };
const HANDED_OVER = 'answered a call from cos over the local socket';

function cos(args: string[], extra: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI_MAIN, ...args], { cwd: root, env: { ...env, ...extra } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

let server: ChildProcessWithoutNullStreams;
let serverLog = '';
const handedOver = () => serverLog.split(HANDED_OVER).length - 1;

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; server log:\n${serverLog}`);
    await new Promise((wait) => setTimeout(wait, 25));
  }
}

beforeAll(async () => {
  expect((await cos(['memory', 'add', 'work', 'budget.q3', 'The Q3 marketing budget is 40k, approved by Dana'])).code).toBe(0);
  expect((await cos(['memory', 'add', 'personal', 'dentist', 'Dentist appointment every six months'])).code).toBe(0);
  server = spawn(process.execPath, [SERVER_MAIN], { env: { ...env, COS_LOG_LEVEL: 'info' } });
  server.stderr.setEncoding('utf8').on('data', (chunk: string) => (serverLog += chunk));
  server.stdout.resume();
  // The server takes calls from cos once its libraries have loaded, which it does on its own shortly after start.
  await until(() => existsSync(join(dataDir, 'cos.sock')), 'the server socket');
}, 60_000);

afterAll(() => {
  server.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe('cos with a server running for the same data directory', () => {
  let answeredHere = '';

  it('answers a memory search through the server, with what it would have answered itself', async () => {
    const local = await cos(['memory', 'search', 'marketing budget', '--json'], { COS_USE_RUNNING_SERVER: 'never' });
    expect(local.code).toBe(0);
    expect(handedOver()).toBe(0);
    answeredHere = local.stdout;

    const viaServer = await cos(['memory', 'search', 'marketing budget', '--json']);
    expect({ code: viaServer.code, stderr: viaServer.stderr }).toEqual({ code: 0, stderr: '' });
    await until(() => handedOver() === 1, 'the server to log the call');
    const items = (stdout: string) => (JSON.parse(stdout) as { items: Array<{ key: string; value: string }> }).items.map(({ key, value }) => ({ key, value }));
    expect(items(viaServer.stdout)).toEqual(items(answeredHere));
    expect(items(viaServer.stdout)[0]).toEqual({ key: 'budget.q3', value: 'The Q3 marketing budget is 40k, approved by Dana' });
  });

  it('hands over a document search too, but never a command that writes', async () => {
    const search = await cos(['docs', 'search', 'budget']);
    expect(search.code).toBe(0);
    await until(() => handedOver() === 2, 'the server to log the document search');
    expect((await cos(['memory', 'add', 'work', 'offsite', 'The offsite is in Haifa'])).code).toBe(0);
    expect(handedOver()).toBe(2);
  });

  it('answers by itself once the server has died, from the same data', async () => {
    server.kill('SIGKILL');
    await new Promise((resolveExit) => server.once('exit', resolveExit));
    // A killed server leaves its socket file behind.
    expect(existsSync(join(dataDir, 'cos.sock'))).toBe(true);
    const alone = await cos(['memory', 'search', 'offsite Haifa', '--json']);
    expect(alone.code).toBe(0);
    expect(JSON.parse(alone.stdout).items[0]).toMatchObject({ key: 'offsite' });
  });
});
