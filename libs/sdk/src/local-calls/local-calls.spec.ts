import { mkdtempSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createSilentLogger, type ToolRunResult } from '@chief-of-staff/core';
import { callLocalServer, localCallSocketPath, runningServerSocket, serveLocalCalls, type LocalCallHost } from './index.js';

const root = mkdtempSync(join(tmpdir(), 'cos-local-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const dataDir = () => mkdtempSync(join(root, `d${(dirs += 1)}-`));
/** Which echo host answered. */
const answeredBy = (result: ToolRunResult | undefined) => (result?.ok ? result.value['label'] : undefined);

/** A host that answers every call with its name, the arguments and who asked. */
function echoHost(label = 'one'): LocalCallHost & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    logger: createSilentLogger(),
    callTool: async (name, args, options) => {
      calls.push(name);
      return { ok: true, value: { label, name, args: args as Record<string, unknown>, caller: options?.caller?.kind } };
    },
  };
}

function rawRequest(path: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path, () => socket.write(line));
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('error', reject);
  });
}

describe('calls handed from cos to a running server', () => {
  it('answers the searches it serves, as the CLI, on a socket only the user can open', async () => {
    const dir = dataDir();
    const host = echoHost();
    const server = await serveLocalCalls(dir, host);
    expect(server.path).toBe(localCallSocketPath(dir));
    expect(statSync(server.path as string).mode & 0o777).toBe(0o600);
    expect(runningServerSocket(dir)).toBe(true);

    const result = await callLocalServer(dir, 'query_memory', { query: 'budget' });
    expect(result).toEqual({ ok: true, value: { label: 'one', name: 'query_memory', args: { query: 'budget' }, caller: 'cli' } });
    // Not a tool it answers for cos: the CLI runs it itself.
    expect(await callLocalServer(dir, 'send_email', { to: 'a@b.c' })).toBeUndefined();
    expect(await rawRequest(server.path as string, '{"protocol":1,"id":5,"tool":"store_fact","args":{}}\n')).toContain('"refused"');
    expect(await rawRequest(server.path as string, '{"protocol":99,"id":5,"tool":"query_memory","args":{}}\n')).toContain('protocol 99');
    expect(await rawRequest(server.path as string, `${'x'.repeat(70_000)}`)).toContain('bytes');
    expect(host.calls).toEqual(['query_memory']);

    await server.close();
    expect(existsSync(server.path as string)).toBe(false);
    expect(await callLocalServer(dir, 'query_memory', { query: 'budget' })).toBeUndefined();
  });

  it('leaves the socket to the server that has it, and replaces one left behind by a server that died', async () => {
    const dir = dataDir();
    const first = await serveLocalCalls(dir, echoHost('first'));
    const second = await serveLocalCalls(dir, echoHost('second'));
    expect(second.path).toBeUndefined();
    expect(answeredBy(await callLocalServer(dir, 'query_memory', { query: 'x' }))).toBe('first');
    await second.close();
    expect(runningServerSocket(dir)).toBe(true);
    await first.close();

    // What a killed server leaves: the socket's file with nobody listening.
    writeFileSync(join(dir, 'cos.sock'), '');
    expect(await callLocalServer(dir, 'query_memory', { query: 'x' })).toBeUndefined();
    const third = await serveLocalCalls(dir, echoHost('third'));
    expect(answeredBy(await callLocalServer(dir, 'query_memory', { query: 'x' }))).toBe('third');
    await third.close();
  });

  it('gives up on a server that does not answer, so the CLI can answer itself', async () => {
    const dir = dataDir();
    // Reads the request and never answers.
    const silent = createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => silent.listen(join(dir, 'cos.sock'), resolve));
    const started = Date.now();
    const result: ToolRunResult | undefined = await callLocalServer(dir, 'query_memory', { query: 'x' }, { timeoutMs: 200 });
    expect(result).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});
