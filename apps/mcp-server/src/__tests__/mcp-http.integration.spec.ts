/**
 * The HTTP transport, in process: authentication, origin checks, body limits, and a tool call with progress
 * notifications through the real MCP SDK client.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect as connectSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { defineTool, createSilentLogger } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '@chief-of-staff/sdk';
import { startMcpHttpServer, type RunningHttpServer } from '../http/http-server.js';

const TOKEN = 'test-token-0123456789-0123456789-abcdef';

const slowCount = defineTool({
  name: 'slow_count',
  title: 'Slow count',
  description: 'Counts to `to`, reporting progress at each step. Used to check progress relaying.',
  input: z.object({ to: z.number().int().min(1).max(10).describe('How far to count') }).strict(),
  output: z.object({ counted: z.number() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  latency: 'slow',
  handler: async ({ to }, ctx) => {
    for (let step = 1; step <= to; step += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ctx.progress(`Counted ${step} of ${to}`, step / to);
    }
    return { counted: to };
  },
});

let cancelledCalls = 0;

const waitForCancel = defineTool({
  name: 'wait_for_cancel',
  title: 'Wait for cancel',
  description: 'Waits until the call is cancelled (or 10 s pass). Used to check that cancellation reaches handlers.',
  input: z.object({}).strict(),
  output: z.object({ waited: z.boolean() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  latency: 'slow',
  handler: (_input, ctx) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ waited: true }), 10_000);
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        cancelledCalls += 1;
        resolve({ waited: false });
      });
    }),
});

describe('MCP over Streamable HTTP', () => {
  let dataDir: string;
  let cos: ChiefOfStaff;
  let server: RunningHttpServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-mcp-http-'));
    cos = await createChiefOfStaff({
      dataDir,
      env: {},
      logger: createSilentLogger(),
      extraToolGroups: [{ name: 'test', tools: [slowCount, waitForCancel] }],
      semanticRecall: false,
    });
    server = await startMcpHttpServer(cos, {
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      allowedOrigins: ['http://localhost:6274'],
      maxBodyBytes: 64 * 1024,
    });
  });

  afterAll(async () => {
    await server.close();
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function connect(token = TOKEN): Promise<Client> {
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    return client;
  }

  it('lists tools and relays progress notifications from a slow tool', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('slow_count');
    const updates: Array<{ progress: number; message?: string }> = [];
    const result = await client.callTool({ name: 'slow_count', arguments: { to: 3 } }, undefined, {
      onprogress: (progress) => updates.push({ progress: progress.progress, message: progress.message }),
    });
    expect(result.structuredContent).toEqual({ counted: 3 });
    expect(updates.map((update) => update.message)).toEqual(['Counted 1 of 3', 'Counted 2 of 3', 'Counted 3 of 3']);
    const values = updates.map((update) => update.progress);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    await client.close();
  });

  it('returns an actionable isError result for invalid input', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'slow_count', arguments: { to: 99 } });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]?.text).toMatch(/^INVALID_ARGUMENT: to: /);
    await client.close();
  });

  it('aborts the handler when the client cancels the request', async () => {
    const client = await connect();
    const controller = new AbortController();
    const call = client.callTool({ name: 'wait_for_cancel', arguments: {} }, undefined, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    await expect(call).rejects.toThrow();
    for (let i = 0; i < 50 && cancelledCalls === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cancelledCalls).toBe(1);
    await client.close();
  });

  it('rejects requests without the bearer token', async () => {
    await expect(connect('wrong-token')).rejects.toThrow();
    const response = await fetch(server.url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(401);
  });

  it('rejects foreign origins and oversized bodies', async () => {
    const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    const foreign = await fetch(server.url, { method: 'POST', body: '{}', headers: { ...headers, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const huge = await fetch(server.url, { method: 'POST', body: 'x'.repeat(100 * 1024), headers });
    expect(huge.status).toBe(413);
    const health = await fetch(server.url.replace('/mcp', '/healthz'));
    expect(health.status).toBe(200);
  });

  it('cuts off a request whose body trickles in (slow loris) instead of holding the connection', async () => {
    const slow = await startMcpHttpServer(cos, { host: '127.0.0.1', port: 0, token: TOKEN, allowedOrigins: [], maxBodyBytes: 64 * 1024, requestTimeoutMs: 600 });
    try {
      const url = new URL(slow.url);
      const started = Date.now();
      const outcome = await new Promise<string>((resolve) => {
        const socket = connectSocket(Number(url.port), url.hostname, () => {
          socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":`);
        });
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('close', () => resolve(answer));
        socket.on('error', () => resolve(answer));
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(outcome).toMatch(/^(HTTP\/1\.1 (408|400)|$)/);
    } finally {
      await slow.close();
    }
  });

  it('refuses a Host that is not this server (DNS rebinding), even with the right token', async () => {
    const post = (hostHeader: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(server.url);
        const request = httpRequest(
          { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { host: hostHeader, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
      });
    expect(await post('evil.example:8765')).toBe(421);
    expect(await post('rebind.attacker.test')).toBe(421);
    expect(await post(`localhost:${new URL(server.url).port}`)).toBe(200);
    expect(await post(`127.0.0.1:${new URL(server.url).port}`)).toBe(200);
  });
});
