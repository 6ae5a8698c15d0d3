/**
 * Hostile calls against the built server over stdio, as raw JSON-RPC lines: arguments that are not an object, a
 * message over the 10 MiB limit, NUL characters, metadata nested 10,000 levels deep, dates far outside any real
 * plan, and moving an event onto a calendar that already holds its UID. Every answer is a protocol error or a tool
 * error with guidance, and the server keeps answering afterwards. Also: exposure warning for non-loopback HTTP,
 * and exit within a second of SIGTERM, with what was stored kept.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

const serverMain = resolve(import.meta.dirname, '..', '..', 'dist', 'main.js');

interface RpcAnswer {
  id: number | string | null;
  result?: { isError?: boolean; structuredContent?: Record<string, unknown>; content?: Array<{ text: string }> };
  error?: { code: number; message: string };
}

class RawClient {
  readonly answers = new Map<number | string | null, RpcAnswer>();
  private readonly waiters = new Map<number | string | null, (answer: RpcAnswer) => void>();
  private nextId = 1;

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const answer = JSON.parse(line) as RpcAnswer;
      this.waiters.get(answer.id)?.(answer);
      this.answers.set(answer.id, answer);
    });
  }

  sendRaw(text: string, id: number): Promise<RpcAnswer> {
    const answered = new Promise<RpcAnswer>((resolvePromise) => this.waiters.set(id, resolvePromise));
    this.child.stdin.write(`${text}\n`);
    return answered;
  }

  request(method: string, params: unknown): Promise<RpcAnswer> {
    const id = this.nextId++ + 1_000;
    return this.sendRaw(JSON.stringify({ jsonrpc: '2.0', id, method, params }), id);
  }

  call(name: string, args: unknown): Promise<RpcAnswer> {
    return this.request('tools/call', { name, arguments: args });
  }
}

/** The error of a tool result, from its text form "<CODE>: <message> <hint>". */
function errorOf(answer: RpcAnswer): { code: string; text: string } {
  expect(answer.result?.isError).toBe(true);
  const text = answer.result?.content?.[0]?.text ?? '';
  return { code: text.split(':')[0] ?? '', text };
}

let dataDir: string;
let child: ChildProcessWithoutNullStreams;
let client: RawClient;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cos-hostile-'));
  child = spawn(process.execPath, [serverMain], { env: { PATH: process.env.PATH ?? '', COS_DATA_DIR: dataDir, COS_TIMEZONE: 'UTC', COS_LOG_LEVEL: 'warn' } });
  child.stderr.resume();
  client = new RawClient(child);
  const init = await client.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'hostile', version: '1' } });
  expect(init.result).toBeDefined();
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
});

afterAll(() => {
  child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('hostile tool calls', () => {
  it('answers -32602 (invalid params) when arguments are null, an array or a string', async () => {
    for (const args of [null, [1, 2], 'text']) {
      const answer = await client.call('query_memory', args);
      expect(answer.error?.code).toBe(-32602);
    }
  });

  it('answers an over-10-MiB message with an error for its id and keeps serving', async () => {
    const huge = `{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{"name":"store_fact","arguments":{"category":"work","key":"k","value":"${'x'.repeat(11 * 1024 * 1024)}"}}}`;
    const answer = await client.sendRaw(huge, 77);
    expect(answer.error?.code).toBe(-32600);
    expect(answer.error?.message).toContain('exceeds');
    const after = await client.call('list_facts', {});
    expect(after.result?.isError).toBeFalsy();
  });

  it('ignores NUL characters in search text and path prefixes instead of failing', async () => {
    for (const [tool, args] of [
      ['query_memory', { query: 'bud\u0000get' }],
      ['search_decisions', { query: 'vendor\u0000' }],
      ['search_documents', { query: 'plan', path_prefix: '/tmp/\u0000x', mode: 'fts' }],
    ] as const) {
      const answer = await client.call(tool, args);
      if (answer.result?.isError) expect(errorOf(answer).code).not.toBe('INTERNAL');
    }
  });

  it('refuses metadata nested 10,000 levels deep with INVALID_ARGUMENT naming the field', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const answer = await client.sendRaw(
      `{"jsonrpc":"2.0","id":88,"method":"tools/call","params":{"name":"link_identity","arguments":{"canonical_name":"Deep","provider":"email","provider_id":"deep@example.com","metadata":${deep}}}}`,
      88,
    );
    const error = errorOf(answer);
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.text).toContain('metadata');
  });

  it('accepts dates only in years 1900–2200', async () => {
    const far = await client.call('create_calendar_event', { title: 'Ancient', start: '-271821-04-20T00:00:00Z', end: '-271821-04-20T01:00:00Z' });
    const farError = errorOf(far);
    expect(farError.code).toBe('INVALID_ARGUMENT');
    expect(farError.text).toContain('1900');
    expect(errorOf(await client.call('create_delegation', { task: 'T', delegated_to: 'Dana', due_date: '2999-01-01' })).text).toContain('2200');
    expect((await client.call('create_calendar_event', { title: 'Fine', start: '2026-03-09T10:00:00Z', end: '2026-03-09T11:00:00Z' })).result?.isError).toBeFalsy();
  });

  it('answers CONFLICT when an event moves to a calendar that already holds its UID', async () => {
    const ics = (name: string) =>
      `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nX-WR-CALNAME:${name}\r\nBEGIN:VEVENT\r\nUID:same-uid\r\nDTSTAMP:20260301T000000Z\r\nDTSTART:20260309T090000Z\r\nDTEND:20260309T100000Z\r\nSUMMARY:Sync\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
    mkdirSync(join(dataDir, 'documents'), { recursive: true });
    writeFileSync(join(dataDir, 'documents', 'a.ics'), ics('Alpha'));
    writeFileSync(join(dataDir, 'documents', 'b.ics'), ics('Beta'));
    await client.call('import_data', { kind: 'ics', path: join(dataDir, 'documents', 'a.ics') });
    await client.call('import_data', { kind: 'ics', path: join(dataDir, 'documents', 'b.ics') });
    const found = await client.call('search_calendar_events', { query: 'Sync', calendar: 'Alpha', start_date: '2026-03-01', end_date: '2026-03-31' });
    const event = (found.result?.structuredContent as { items: Array<{ id: number }> }).items[0];
    const moved = await client.call('update_calendar_event', { event_id: event?.id, calendar: 'Beta' });
    const error = errorOf(moved);
    expect(error.code).toBe('CONFLICT');
    expect(error.text).toContain('already holds an event with the same UID');
  });
});

describe('process behaviour', () => {
  it('warns loudly when HTTP is bound to a non-loopback address, and still requires the token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cos-exposed-'));
    const server = spawn(process.execPath, [serverMain, '--http', '--host', '0.0.0.0', '--port', '0'], {
      env: { PATH: process.env.PATH ?? '', COS_DATA_DIR: dir, COS_TIMEZONE: 'UTC', COS_LOG_LEVEL: 'warn' },
    });
    let stderr = '';
    server.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    try {
      const deadline = Date.now() + 20_000;
      while (!/http:\/\/[^\s]+\/mcp/.test(stderr) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(stderr).toContain('WARNING: the MCP HTTP server is bound to 0.0.0.0');
      expect(stderr).toContain('unencrypted');
      const port = /:(\d+)\/mcp/.exec(stderr)?.[1];
      const response = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(401);
      expect(readFileSync(join(dir, 'mcp-http-token'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    } finally {
      server.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([['stdio', []], ['http', ['--http', '--port', '0']]] as const)('exits within a second of SIGTERM after use (%s)', async (_mode, extra) => {
    const dir = mkdtempSync(join(tmpdir(), 'cos-term-'));
    const server = spawn(process.execPath, [serverMain, ...extra], { env: { PATH: process.env.PATH ?? '', COS_DATA_DIR: dir, COS_TIMEZONE: 'UTC', COS_LOG_LEVEL: 'info' } });
    let stderr = '';
    server.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    server.stdout.resume();
    try {
      const raw = new RawClient(server);
      if (extra.length === 0) {
        await raw.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
        await raw.call('store_fact', { category: 'work', key: 'k', value: 'budget review on Friday' });
        await raw.call('query_memory', { query: 'budget' });
      } else {
        const deadline = Date.now() + 20_000;
        while (!stderr.includes('MCP server ready on HTTP') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        const url = /"url":"([^"]+)"/.exec(stderr)?.[1] as string;
        const token = readFileSync(join(dir, 'mcp-http-token'), 'utf8').trim();
        const post = (id: number, method: string, params: unknown) =>
          fetch(url, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
            body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
          }).then((response) => response.text());
        await post(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
        await post(2, 'tools/call', { name: 'store_fact', arguments: { category: 'work', key: 'k', value: 'budget review on Friday' } });
        await post(3, 'tools/call', { name: 'query_memory', arguments: { query: 'budget' } });
      }
      const exited = new Promise<number>((resolvePromise) => server.on('exit', () => resolvePromise(performance.now())));
      const sent = performance.now();
      server.kill('SIGTERM');
      const elapsed = (await exited) - sent;
      // Right after the first store_fact the embedding model is still loading; stopping does not wait for it (the
      // fact is stored and its vector stays pending for the next search).
      expect(elapsed).toBeLessThan(1_000);
      const Database = (await import('better-sqlite3')).default;
      const db = new Database(join(dir, 'cos.db'), { readonly: true });
      try {
        expect(db.prepare('SELECT value, embedding_status AS status FROM facts').all()).toEqual([
          { value: 'budget review on Friday', status: expect.stringMatching(/^(pending|ok)$/) },
        ]);
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        db.close();
      }
    } finally {
      server.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
