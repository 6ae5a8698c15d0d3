/**
 * The built server over Streamable HTTP, as `cos serve --http` runs it: list tools, store a fact and find it, get an
 * actionable error for bad input, and receive progress notifications while documents are ingested.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startBuiltHttpServer, type BuiltHttpServer } from './start-built-http-server.js';

const TOKEN = 'built-server-token-0123456789-abcdefghijkl';

describe('MCP over HTTP (built server)', () => {
  let dataDir: string;
  let docsDir: string;
  let server: BuiltHttpServer;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-mcp-http-built-'));
    docsDir = join(dataDir, 'documents');
    mkdirSync(docsDir, { recursive: true });
    writeFileSync(join(docsDir, 'roadmap.md'), '# Roadmap\n\nThe platform team ships the billing migration in March.\n');
    writeFileSync(join(docsDir, 'notes.txt'), 'Dana asked for the Q3 board deck by Friday.\n');
    server = await startBuiltHttpServer({ COS_DATA_DIR: dataDir, COS_MCP_HTTP_TOKEN: TOKEN });
    url = server.url;
  }, 90_000);

  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function connect(): Promise<Client> {
    const client = new Client({ name: 'http-built-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }));
    return client;
  }

  it('lists tools, stores a fact and finds it, and explains bad input', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['store_fact', 'query_memory', 'ingest_documents']));
    await client.callTool({ name: 'store_fact', arguments: { category: 'work', key: 'billing', value: 'Billing migration owner is Noa' } });
    const found = await client.callTool({ name: 'query_memory', arguments: { query: 'billing migration' } });
    expect((found.structuredContent as { items: Array<{ key: string }> }).items[0]?.key).toBe('billing');
    const bad = await client.callTool({ name: 'query_memory', arguments: { query: 'x', limit: 0 } });
    expect(bad.isError).toBe(true);
    expect((bad.content as Array<{ text: string }>)[0]?.text).toMatch(/^INVALID_ARGUMENT: limit/);
    await client.close();
  });

  it('sends progress notifications while ingesting documents', async () => {
    const client = await connect();
    const messages: string[] = [];
    const result = await client.callTool({ name: 'ingest_documents', arguments: { path: docsDir } }, undefined, {
      onprogress: (progress) => messages.push(progress.message ?? ''),
      timeout: 120_000,
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { ingested: unknown[] }).ingested).toHaveLength(2);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.join('\n')).toMatch(/files/);
    await client.close();
  }, 120_000);
});
