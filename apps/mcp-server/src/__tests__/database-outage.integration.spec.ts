/**
 * The built HTTP server on PostgreSQL while the database is down: a tool call answers `UNAVAILABLE` naming the
 * database's host and port and why (never a bare "Internal server error.", never the URL's password), a personal
 * access token gets 503 "try again" rather than 401 or 500, `GET /readyz` says 503 with the same reason, and once the
 * database is back everything works again without a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createSilentLogger, createSystemClock, loadConfig } from '@chief-of-staff/core';
import { openStorage } from '@chief-of-staff/sdk';
import type { TestPostgres } from '@chief-of-staff/postgres/testing';
import { startBuiltHttpServer, type BuiltHttpServer } from './start-built-http-server.js';

// Loaded lazily, as the sdk loads the PostgreSQL library (module boundaries refuse a static import).
const { describeWithLocalPostgres } = await import('@chief-of-staff/postgres/testing');

const SERVER_TOKEN = 'database-outage-server-token-0123456789abcdef';
/** In the URL the server is given; the throw-away server trusts every login, so any password works. */
const PASSWORD = 'pw-that-must-never-show';

let postgres: TestPostgres;
let dataDir: string;
let server: BuiltHttpServer;
let userToken: string;

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'outage', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** One tool call on a fresh connection, as a client that starts after the outage began would make it. */
async function callText(token: string, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
  const client = await connect(token);
  try {
    const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content?: { text?: string }[] };
    return { isError: result.isError === true, text: result.content?.map((part) => part.text ?? '').join('') ?? '' };
  } finally {
    await client.close();
  }
}

/** The raw HTTP answer to a tools/call, for what a client sees before any MCP parsing. */
async function rawCall(token: string): Promise<{ status: number; body: string }> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'query_memory', arguments: { query: 'launch' } } }),
  });
  return { status: response.status, body: await response.text() };
}

async function readyz(): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL('/readyz', server.url));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  postgres = await (await import('@chief-of-staff/postgres/testing')).startTestPostgres();
  const url = new URL(await postgres.createDatabase('outage'));
  url.password = PASSWORD;
  dataDir = mkdtempSync(join(tmpdir(), 'cos-outage-'));
  const env = { COS_DATA_DIR: dataDir, COS_DATABASE_URL: url.toString(), COS_TIMEZONE: 'UTC' };
  const storage = await openStorage(loadConfig({ env }), { clock: createSystemClock('UTC'), logger: createSilentLogger() });
  try {
    const user = await storage.memory.users.add({ email: 'noa@example.com' });
    userToken = (await storage.memory.accessTokens.create({ userId: user.id, name: 'laptop' })).token;
  } finally {
    await storage.memory.close();
  }
  server = await startBuiltHttpServer({ ...env, COS_MCP_HTTP_TOKEN: SERVER_TOKEN });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describeWithLocalPostgres('the HTTP server while PostgreSQL is down', () => {
  it('says the database is unreachable, where and why, and works again once it is back', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { ready: true } });
    expect((await callText(userToken, 'store_fact', { category: 'work', key: 'launch', value: 'the launch moves to May 3' })).isError).toBe(false);

    await postgres.pause();
    const expected = `The database at 127.0.0.1:${postgres.port} is not reachable (connection refused).`;

    const owner = await callText(SERVER_TOKEN, 'query_memory', { query: 'launch' });
    expect(owner.isError).toBe(true);
    expect(owner.text.startsWith(`UNAVAILABLE: ${expected}`)).toBe(true);
    expect(owner.text).not.toContain(PASSWORD);

    // A personal access token is checked in the database: "try again", with the reason, instead of 401 or 500.
    const user = await rawCall(userToken);
    expect(user.status).toBe(503);
    expect(user.body).toContain(expected);
    expect(user.body).not.toMatch(/Internal server error/);
    expect(user.body).not.toContain(PASSWORD);

    const notReady = await readyz();
    expect(notReady).toEqual({ status: 503, body: { ready: false, reason: expected } });

    await postgres.resume();
    expect(await readyz()).toEqual({ status: 200, body: { ready: true } });
    const back = await callText(userToken, 'query_memory', { query: 'launch' });
    expect(back.isError).toBe(false);
    expect(back.text).toContain('the launch moves to May 3');
  }, 120_000);

  it('answers /readyz without a token, and within about two seconds', async () => {
    const started = performance.now();
    const answer = await readyz();
    expect(answer.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2_500);
  });
});
