/**
 * Cancelling a tool call over HTTP, in process, with two people signed in: JSON-RPC ids are small counters every
 * client starts alike, so a `notifications/cancelled` must reach only the sender's own call (same principal, same
 * `Mcp-Session-Id`), never another person's call that happens to have the same id.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { createSilentLogger, defineTool } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '@chief-of-staff/sdk';
import { startMcpHttpServer, type RunningHttpServer } from '../http/http-server.js';

const TOKEN = 'cancel-per-caller-server-token-0123456789';

/** Calls of `hold_until_cancelled` that have started and not ended, and how each ended. */
const started: string[] = [];
const cancelled: string[] = [];

const holdUntilCancelled = defineTool({
  name: 'hold_until_cancelled',
  title: 'Hold until cancelled',
  description: 'Runs for 8 s unless cancelled. Used to check whose cancellation reaches a call.',
  input: z.object({ label: z.string() }).strict(),
  output: z.object({ finished: z.boolean() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  latency: 'slow',
  handler: ({ label }, ctx) =>
    new Promise((resolve) => {
      started.push(label);
      const timer = setTimeout(() => resolve({ finished: true }), 8_000);
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        cancelled.push(label);
        resolve({ finished: false });
      });
    }),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i += 1) await sleep(20);
  expect(condition()).toBe(true);
}

describe('cancelling a tool call over HTTP with two people signed in', () => {
  let dataDir: string;
  let cos: ChiefOfStaff;
  let server: RunningHttpServer;
  let aliceToken: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-mcp-cancel-'));
    cos = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger(), extraToolGroups: [{ name: 'test', tools: [holdUntilCancelled] }], semanticRecall: false });
    server = await startMcpHttpServer(cos, { host: '127.0.0.1', port: 0, token: TOKEN, allowedOrigins: [], maxBodyBytes: 64 * 1024, accessTokens: cos.accounts.accessTokens });
    const alice = await cos.accounts.users.add({ email: 'alice@example.com' });
    aliceToken = (await cos.accounts.accessTokens.create({ userId: alice.id })).token;
  });

  afterAll(async () => {
    await server.close();
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function post(token: string, body: unknown, sessionId?: string): Promise<Response> {
    return fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
        ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  /** Starts a call with JSON-RPC `id`; resolves to the text of its whole answer once it ends. */
  async function startCall(token: string, id: number, label: string, sessionId?: string): Promise<{ answer: Promise<string> }> {
    const response = post(token, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'hold_until_cancelled', arguments: { label } } }, sessionId);
    await until(() => started.includes(label));
    return { answer: response.then((r) => r.text()) };
  }

  async function cancel(token: string, id: number, sessionId?: string): Promise<void> {
    const response = await post(token, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'stop' } }, sessionId);
    expect(response.status).toBe(202);
  }

  it("ignores another person's cancellation of the owner's call id, and honours the owner's own", async () => {
    const ownersCall = await startCall(TOKEN, 1, 'owner-1');
    let ended = false;
    void ownersCall.answer.then(() => (ended = true));

    await cancel(aliceToken, 1);
    await sleep(300);
    expect(cancelled).not.toContain('owner-1');
    expect(ended).toBe(false);

    await cancel(TOKEN, 1);
    expect(await ownersCall.answer).toContain('UNAVAILABLE: The call was cancelled before it finished.');
    expect(cancelled).toContain('owner-1');
  });

  it('keeps the calls of two sessions of the same person apart', async () => {
    const inFirst = await startCall(TOKEN, 2, 'session-first', 'first');
    const inSecond = await startCall(TOKEN, 2, 'session-second', 'second');

    await cancel(TOKEN, 2);
    await cancel(TOKEN, 2, 'second');
    expect(await inSecond.answer).toContain('The call was cancelled before it finished.');
    expect(cancelled).not.toContain('session-first');

    await cancel(TOKEN, 2, 'first');
    expect(await inFirst.answer).toContain('The call was cancelled before it finished.');
  });
});
