/**
 * Signing in to MCP over HTTP, in process: the server token is the owner, a personal access token is its user, and
 * the signed-in principal reaches the tool's caller context; a missing, wrong, revoked or disabled credential gets 401
 * with a `WWW-Authenticate` challenge pointing at the protected resource metadata (RFC 9728), which is served without
 * a token.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createSilentLogger, defineTool } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '@chief-of-staff/sdk';
import { startMcpHttpServer, type RunningHttpServer } from '../http/http-server.js';

const TOKEN = 'sign-in-server-token-0123456789-abcdefghij';

const whoAmI = defineTool({
  name: 'who_am_i',
  title: 'Who am I',
  description: 'Returns the principal of the call. Used to check that sign-in reaches the caller context.',
  input: z.object({}).strict(),
  output: z.object({ principal: z.unknown() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  latency: 'fast',
  handler: async (_input, ctx) => ({ principal: ctx.caller.principal ?? null }),
});

describe('signing in to MCP over HTTP', () => {
  let dataDir: string;
  let cos: ChiefOfStaff;
  let server: RunningHttpServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-mcp-sign-in-'));
    cos = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger(), extraToolGroups: [{ name: 'test', tools: [whoAmI] }], semanticRecall: false });
    server = await startMcpHttpServer(cos, {
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      allowedOrigins: [],
      maxBodyBytes: 64 * 1024,
      accessTokens: cos.accounts.accessTokens,
    });
  });

  afterAll(async () => {
    await server.close();
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function principalWith(token: string): Promise<unknown> {
    const client = new Client({ name: 'sign-in-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    try {
      const result = await client.callTool({ name: 'who_am_i', arguments: {} });
      return (result.structuredContent as { principal: unknown }).principal;
    } finally {
      await client.close();
    }
  }

  function post(token?: string): Promise<Response> {
    return fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'who_am_i', arguments: {} } }),
    });
  }

  it('serves the protected resource metadata without a token, and points every 401 at it', async () => {
    const base = server.url.replace(/\/mcp$/, '');
    const metadata = await fetch(`${base}/.well-known/oauth-protected-resource`);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toEqual({ resource: server.url, bearer_methods_supported: ['header'], resource_name: 'Chief of Staff' });
    expect((await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).status).toBe(200);

    const missing = await post();
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource"`);
    const wrong = await post('not-the-token');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(new RegExp(`^Bearer resource_metadata="${base}/\\.well-known/oauth-protected-resource", error="invalid_token"`));
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toContain('cos tokens create');
  });

  it('signs the server token in as the owner and a personal access token as its user', async () => {
    expect(await principalWith(TOKEN)).toEqual({ kind: 'owner' });
    const noa = await cos.accounts.users.add({ email: 'noa@example.com' });
    const { token } = await cos.accounts.accessTokens.create({ userId: noa.id });
    expect(await principalWith(token)).toEqual({ kind: 'user', userId: noa.id, email: 'noa@example.com', via: 'access_token' });
  });

  it('refuses a revoked token and a disabled user on the very next request', async () => {
    const ari = await cos.accounts.users.add({ email: 'ari@example.com' });
    const kept = await cos.accounts.accessTokens.create({ userId: ari.id });
    const revoked = await cos.accounts.accessTokens.create({ userId: ari.id });
    expect((await post(revoked.token)).status).toBe(200);
    await cos.accounts.accessTokens.revoke(revoked.record.id);
    const refused = await post(revoked.token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await post(kept.token)).status).toBe(200);
    await cos.accounts.users.setStatus('ari@example.com', 'disabled');
    expect((await post(kept.token)).status).toBe(401);
    await cos.accounts.users.setStatus('ari@example.com', 'active');
    expect((await post(kept.token)).status).toBe(200);
  });
});
