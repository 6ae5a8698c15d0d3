/**
 * Latency-tier progress from the orchestration executor, as an MCP client sees it: a re-exported external research
 * tool that takes a few seconds sends "Researching with …" notifications once its feedback delay has passed —
 * over stdio from the built server, and over Streamable HTTP in process — and nothing for a quick answer.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createSilentLogger } from '@chief-of-staff/core';
import { scriptedServerEntry } from '@chief-of-staff/orchestration/testing';
import { createChiefOfStaff, type ChiefOfStaff } from '@chief-of-staff/sdk';
import { startMcpHttpServer, type RunningHttpServer } from '../http/http-server.js';
import { connectBuiltServer } from './connect-built-server.js';

const TOKEN = 'test-token-0123456789-0123456789-abcdef';

function writeServers(dir: string): void {
  writeFileSync(
    join(dir, 'mcp-servers.json'),
    JSON.stringify({
      mcpServers: {
        research: scriptedServerEntry('research', { deep_dive: { description: 'Researches a topic in depth.', mode: 'slow', delayMs: 2_600 }, quick_fact: { description: 'Answers a fact at once.' } }, { control: join(dir, 'control.json'), calls: join(dir, 'calls') }, {
          capability: 'web_search',
          // A quick answer stays well inside its feedback delay even on a loaded machine.
          toolOverrides: { quick_fact: { latency: { typicalMs: 200, timeoutMs: 30_000, userFeedbackDelayMs: 5_000 } } },
        }),
      },
    }),
  );
}

async function callWithProgress(client: Client, name: string): Promise<{ messages: string[]; firstAfterMs: number | undefined; text: string }> {
  const messages: string[] = [];
  const started = Date.now();
  let firstAfterMs: number | undefined;
  const result = await client.callTool({ name, arguments: { query: 'battery storage market' } }, undefined, {
    onprogress: (progress) => {
      firstAfterMs ??= Date.now() - started;
      messages.push(progress.message ?? '');
    },
    timeout: 30_000,
  });
  return { messages, firstAfterMs, text: JSON.stringify(result.structuredContent ?? result.content) };
}

function expectResearchProgress(outcome: { messages: string[]; firstAfterMs: number | undefined; text: string }): void {
  expect(outcome.text).toContain('deep_dive answered');
  expect(outcome.messages.length).toBeGreaterThanOrEqual(1);
  expect(outcome.messages[0]).toMatch(/^Researching with .*deep_dive/);
  // The external feedback delay is 1 s: nothing before it.
  expect(outcome.firstAfterMs).toBeGreaterThanOrEqual(900);
}

describe('progress for slow external tools over stdio', () => {
  let dir: string;
  let client: Client;
  let listChanged: Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cos-progress-stdio-'));
    writeServers(dir);
    client = await connectBuiltServer({ dataDir: join(dir, 'data'), env: { COS_MCP_SERVERS_FILE: join(dir, 'mcp-servers.json'), COS_ORCHESTRATION_REEXPORTEXTERNAL: 'true' } });
    listChanged = new Promise((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
  }, 60_000);

  afterAll(async () => {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('announces the re-exported tools when their server has joined, and reports progress after the delay, none for a quick answer', async () => {
    // A fresh data directory knows nothing of the server's tools: the first list goes out without waiting for it,
    // and clients are told (tools/list_changed) when its tools arrive.
    const first = await client.listTools();
    if (!first.tools.some((tool) => tool.name === 'research__deep_dive')) await listChanged;
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['research__deep_dive', 'research__quick_fact']));
    expectResearchProgress(await callWithProgress(client, 'research__deep_dive'));
    const quick = await callWithProgress(client, 'research__quick_fact');
    expect(quick.messages).toEqual([]);
  }, 60_000);
});

describe('progress for slow external tools over Streamable HTTP', () => {
  let dir: string;
  let cos: ChiefOfStaff;
  let server: RunningHttpServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cos-progress-http-'));
    writeServers(dir);
    cos = await createChiefOfStaff({
      dataDir: join(dir, 'data'),
      config: { mcpServersFile: join(dir, 'mcp-servers.json'), orchestration: { reexportExternal: true } },
      env: {},
      logger: createSilentLogger(),
      semanticRecall: false,
    });
    server = await startMcpHttpServer(cos, { host: '127.0.0.1', port: 0, token: TOKEN, allowedOrigins: [], maxBodyBytes: 64 * 1024 });
  }, 60_000);

  afterAll(async () => {
    await server.close();
    await cos.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('relays the executor progress as notifications', async () => {
    const client = new Client({ name: 'progress-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }));
    expectResearchProgress(await callWithProgress(client, 'research__deep_dive'));
    await client.close();
  }, 60_000);
});
