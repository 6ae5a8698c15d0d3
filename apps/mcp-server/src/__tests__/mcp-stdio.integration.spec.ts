/**
 * The built server (`dist/main.js`) driven over stdio by the real MCP SDK client, as Claude Desktop runs it:
 * list tools, store a fact and find it again, get an actionable error for bad input, and shut down cleanly.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const serverMain = resolve(import.meta.dirname, '..', '..', 'dist', 'main.js');

function serverEnv(dataDir: string): Record<string, string> {
  return { PATH: process.env.PATH ?? '', COS_DATA_DIR: dataDir, COS_TIMEZONE: 'UTC', COS_LOG_LEVEL: 'warn' };
}

describe('MCP over stdio (built server)', () => {
  let dataDir: string;
  let client: Client;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-mcp-stdio-'));
    client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [serverMain], env: serverEnv(dataDir), stderr: 'pipe' }));
  });

  afterAll(async () => {
    await client.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the catalogue with schemas and annotations', async () => {
    const { tools } = await client.listTools();
    const storeFact = tools.find((tool) => tool.name === 'store_fact');
    expect(storeFact).toBeDefined();
    expect(storeFact?.inputSchema.required).toEqual(expect.arrayContaining(['category', 'key', 'value']));
    expect(storeFact?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(tools.find((tool) => tool.name === 'query_memory')?.annotations?.readOnlyHint).toBe(true);
  });

  it('stores a fact and finds it with query_memory', async () => {
    const stored = await client.callTool({
      name: 'store_fact',
      arguments: { category: 'work', key: 'dana_role', value: 'Dana leads the platform team' },
    });
    expect(stored.isError).toBeFalsy();
    expect(stored.structuredContent).toMatchObject({ created: true });
    const found = await client.callTool({ name: 'query_memory', arguments: { query: 'platform team' } });
    expect(found.isError).toBeFalsy();
    const items = (found.structuredContent as { items: Array<{ key: string; value: string }> }).items;
    expect(items[0]).toMatchObject({ key: 'dana_role', value: 'Dana leads the platform team' });
    // Clients without structured output get the same object as JSON text.
    expect(JSON.parse((found.content as Array<{ text: string }>)[0]?.text ?? '')).toEqual(found.structuredContent);
  });

  it('answers invalid input with an isError result that says how to fix it', async () => {
    const result = await client.callTool({ name: 'store_fact', arguments: { category: 'hobby', key: 'k', value: 'v' } });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ text: string }>)[0]?.text ?? '';
    expect(text).toMatch(/^INVALID_ARGUMENT: category: must be one of "personal", "preference", "work", "relationship", "backlog"/);
    expect(text).not.toMatch(/at .*\.js:\d+/);
  });

  it('sends progress notifications while a slow tool (document ingestion) runs', async () => {
    const docsDir = join(dataDir, 'documents');
    mkdirSync(docsDir, { recursive: true });
    writeFileSync(join(docsDir, 'plan.md'), '# Plan\n\nHire two engineers for the platform team in Q2.\n');
    const messages: string[] = [];
    const result = await client.callTool({ name: 'ingest_documents', arguments: { path: docsDir } }, undefined, {
      onprogress: (progress) => messages.push(progress.message ?? ''),
      timeout: 120_000,
    });
    expect(result.isError).toBeFalsy();
    expect(messages.length).toBeGreaterThan(0);
  }, 120_000);

  it('answers an unknown tool with UNKNOWN_TOOL', async () => {
    const result = await client.callTool({ name: 'no_such_tool', arguments: {} });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]?.text).toMatch(/^UNKNOWN_TOOL: /);
  });
});

describe('graceful shutdown', () => {
  it('exits 0 on SIGTERM and leaves the database consistent', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cos-mcp-stop-'));
    const child = spawn(process.execPath, [serverMain], { env: serverEnv(dataDir), stdio: ['pipe', 'pipe', 'pipe'] });
    // Store a fact over raw JSON-RPC, then stop the server while it is idle.
    const responses: string[] = [];
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => responses.push(chunk));
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/call', params: { name: 'store_fact', arguments: { category: 'work', key: 'k', value: 'kept after SIGTERM' } } });
    for (let i = 0; i < 300 && !responses.join('').includes('"id":2'); i += 1) await new Promise((done) => setTimeout(done, 50));
    expect(responses.join('')).toContain('"created":true');
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((done) => child.on('exit', (exitCode) => done(exitCode)));
    expect(code).toBe(0);
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(join(dataDir, 'cos.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('select value from facts').all()).toEqual([{ value: 'kept after SIGTERM' }]);
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('a server on a data directory with vectors', () => {
  it('starts the model at once and still exits 0 promptly when the client quits before any call', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cos-mcp-early-'));
    // What LanceDB leaves behind: the server sees vectors and starts the model before anything else.
    mkdirSync(join(dataDir, 'vectors', 'facts.lance'), { recursive: true });
    const child = spawn(process.execPath, [serverMain], { env: serverEnv(dataDir), stdio: ['pipe', 'pipe', 'pipe'] });
    const responses: string[] = [];
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => responses.push(chunk));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`);
    for (let i = 0; i < 300 && !responses.join('').includes('"id":1'); i += 1) await new Promise((done) => setTimeout(done, 20));
    const started = Date.now();
    child.stdin.end();
    const code = await new Promise<number | null>((done) => child.on('exit', (exitCode) => done(exitCode)));
    expect(code).toBe(0);
    // The shutdown guard exits 1 after 5 s: a model load that blocked stopping would show here.
    expect(Date.now() - started).toBeLessThan(4_000);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
