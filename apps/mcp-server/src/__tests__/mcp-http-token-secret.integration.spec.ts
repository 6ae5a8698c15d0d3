/**
 * `mcp.http.token` written as a reference, against the built server: `${NAME}` is resolved to the token clients must
 * present, and a reference to an unset variable stops `--http` from starting (naming the variable) instead of quietly
 * generating a token nobody configured.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';

const serverMain = resolve(import.meta.dirname, '..', '..', 'dist', 'main.js');
const TOKEN = 'token-from-the-environment-0123456789abcdef';

function startHttp(dataDir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [serverMain, '--http', '--port', '0', '--host', '127.0.0.1'], {
    env: { PATH: process.env.PATH ?? '', HOME: dataDir, COS_DATA_DIR: dataDir, COS_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, exited, stderr: () => stderr };
}

describe('mcp.http.token references', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'cos-mcp-token-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'cos.config.yaml'), 'mcp:\n  http:\n    token: ${COS_TEST_MCP_TOKEN}\n');
    return dir;
  };

  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses the token the reference names', async () => {
    const dir = dataDir();
    const server = startHttp(dir, { COS_TEST_MCP_TOKEN: TOKEN });
    try {
      const deadline = Date.now() + 60_000;
      let url: string | undefined;
      while (!(url = /listening on (http:\/\/\S+\/mcp)/.exec(server.stderr())?.[1]) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
      expect(url).toBeDefined();
      const ask = (token: string) =>
        fetch(url as string, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
      expect((await ask('${COS_TEST_MCP_TOKEN}')).status).toBe(401);
      expect((await ask(TOKEN)).status).not.toBe(401);
      expect(existsSync(join(dir, 'mcp-http-token'))).toBe(false);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 90_000);

  it('refuses to start when the variable is unset, naming it, and generates no token', async () => {
    const dir = dataDir();
    const server = startHttp(dir, {});
    const code = await Promise.race([server.exited, new Promise<'running'>((done) => setTimeout(() => done('running'), 60_000))]);
    if (code === 'running') server.child.kill('SIGTERM');
    expect(code).toBe(1);
    expect(server.stderr()).toMatch(/mcp\.http\.token refers to the environment variable COS_TEST_MCP_TOKEN, which is not set/);
    expect(existsSync(join(dir, 'mcp-http-token'))).toBe(false);
  }, 90_000);
});
