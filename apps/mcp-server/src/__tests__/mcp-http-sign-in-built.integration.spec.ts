/**
 * Signing in to the built server over HTTP the way MCP clients do (ADR 0074, 0075), against a real OpenID Connect
 * provider in process: no token → 401 pointing at the protected resource metadata, which names the provider; tokens
 * from another issuer, expired, or for another audience → 401; a valid one → the MCP SDK client lists and calls
 * tools; a revoked personal access token → 401 on the very next request.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createSilentLogger, createSystemClock, loadConfig } from '@chief-of-staff/core';
import { openStorage, type MemoryStore } from '@chief-of-staff/sdk';
import { startTestOidcProvider, type TestOidcProvider } from './oidc-test-provider.js';
import { startBuiltHttpServer, type BuiltHttpServer } from './start-built-http-server.js';

const SERVER_TOKEN = 'built-sign-in-server-token-0123456789-abc';
const PUBLIC_URL = 'https://cos.test';
const AUDIENCE = `${PUBLIC_URL}/mcp`;

describe('signing in to the built MCP HTTP server', () => {
  let dataDir: string;
  let provider: TestOidcProvider;
  let stranger: TestOidcProvider;
  let store: MemoryStore;
  let server: BuiltHttpServer;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-mcp-sign-in-built-'));
    [provider, stranger] = await Promise.all([
      startTestOidcProvider(['noa@example.com', 'ghost@example.com', 'ari@example.com', 'eve@example.com', 'zed@example.com'], {
        emailVerified: { 'eve@example.com': false, 'zed@example.com': 'absent' },
      }),
      startTestOidcProvider(['noa@example.com']),
    ]);
    writeFileSync(
      join(dataDir, 'cos.config.yaml'),
      `mcp:\n  http:\n    publicUrl: ${PUBLIC_URL}\n    oidc:\n      issuer: ${provider.issuer}\n      audience: ${AUDIENCE}\n`,
    );
    store = (await openStorage(loadConfig({ env: { COS_DATA_DIR: dataDir } }), { clock: createSystemClock('UTC'), logger: createSilentLogger() })).memory;
    await store.users.add({ email: 'Noa@example.com', name: 'Noa' });
    await store.users.add({ email: 'ari@example.com' });
    await store.users.setStatus('ari@example.com', 'disabled');
    await store.users.add({ email: 'eve@example.com' });
    await store.users.add({ email: 'zed@example.com' });
    server = await startBuiltHttpServer({ COS_DATA_DIR: dataDir, COS_MCP_HTTP_TOKEN: SERVER_TOKEN, COS_TIMEZONE: 'UTC' });
    url = server.url;
  }, 90_000);

  afterAll(async () => {
    await server.stop();
    await store.close();
    await Promise.all([provider.close(), stranger.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  function listTools(token?: string): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
  }

  it('answers a client without a token with 401 pointing at the metadata, which names the provider', async () => {
    const response = await listTools();
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toBe(`Bearer resource_metadata="${PUBLIC_URL}/.well-known/oauth-protected-resource"`);
    // The client reaches the same document through the address it dialled.
    const metadata = await fetch(url.replace(/\/mcp$/, '/.well-known/oauth-protected-resource'));
    expect(await metadata.json()).toEqual({ resource: AUDIENCE, authorization_servers: [provider.issuer], bearer_methods_supported: ['header'], resource_name: 'Chief of Staff' });
  });

  it('lets the MCP SDK client list and call tools with a valid access token from the provider', async () => {
    const token = await provider.token('noa@example.com', AUDIENCE);
    const client = new Client({ name: 'oidc-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['store_fact', 'query_memory']));
    const stored = await client.callTool({ name: 'store_fact', arguments: { category: 'work', key: 'launch', value: 'The launch is on Tuesday' } });
    expect(stored.isError).toBeFalsy();
    await client.close();
  });

  it('refuses tokens from another issuer, for another audience, expired, with an unverified email, or for an unknown or disabled user', async () => {
    const refused = async (token: string, why: RegExp): Promise<void> => {
      const response = await listTools(token);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="https:\/\/cos\.test\/\.well-known\/oauth-protected-resource", error="invalid_token"/);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(why);
    };
    await refused(await stranger.token('noa@example.com', AUDIENCE), /iss claim is not accepted|not signed by the configured issuer/);
    await refused(await provider.token('noa@example.com', 'https://other.test/mcp'), /aud claim is not accepted/);
    const now = Math.floor(Date.now() / 1000);
    await refused(await provider.sign({ iss: provider.issuer, aud: AUDIENCE, email: 'noa@example.com', iat: now - 7_200, exp: now - 3_600 }), /expired/);
    await refused(await provider.token('ghost@example.com', AUDIENCE), /not an active user/);
    await refused(await provider.token('ari@example.com', AUDIENCE), /not an active user/);
    // A user's address in a token whose provider does not vouch for it (false, or not said at all) signs in no one.
    await refused(await provider.token('eve@example.com', AUDIENCE), /email is not verified by the identity provider \(email_verified is not true\)/);
    await refused(await provider.token('zed@example.com', AUDIENCE), /email is not verified by the identity provider/);
  });

  it('accepts a personal access token and refuses it on the very next request after it is revoked', async () => {
    const noa = await store.users.getByEmail('noa@example.com');
    const created = await store.accessTokens.create({ userId: noa?.id ?? 0, name: 'script' });
    expect((await listTools(created.token)).status).toBe(200);
    await store.accessTokens.revoke(created.record.id);
    expect((await listTools(created.token)).status).toBe(401);
    expect((await listTools(SERVER_TOKEN)).status).toBe(200);
  });
});
