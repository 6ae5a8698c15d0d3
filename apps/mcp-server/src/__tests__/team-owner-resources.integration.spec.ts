/**
 * What the owner configured for the server is the owner's (docs/security.md#what-the-owner-configured, ADR 0096),
 * tested from a signed-in user's side: the built MCP server over HTTP on a throw-away PostgreSQL, the owner (the
 * server token) and Alice (a personal access token), the owner's secrets in the server's environment, an IMAP account,
 * a notification webhook, a webhook inbox and two external MCP servers (one shared) in the owner's configuration.
 * Each row of the resource table is tried as Alice — and, where it must still work, as the owner.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createSilentLogger, createSystemClock, loadConfig } from '@chief-of-staff/core';
import { openStorage } from '@chief-of-staff/sdk';
import { scriptedServerEntry } from '@chief-of-staff/orchestration/testing';
import type { TestPostgres } from '@chief-of-staff/postgres/testing';
import { startBuiltHttpServer, type BuiltHttpServer } from './start-built-http-server.js';

// Loaded lazily, as the sdk loads the PostgreSQL library (module boundaries refuse a static import).
const { describeWithPostgres } = await import('@chief-of-staff/postgres/testing');

const SERVER_TOKEN = 'team-owner-resources-server-token-0123456789';
const SECRETS = { ANTHROPIC_API_KEY: 'sk-ant-owner-secret-key', OWNER_HOOK_TOKEN: 'owner-hook-token-42', OWNER_IMAP_PASSWORD: 'owner-imap-password' };

interface Answer {
  isError: boolean;
  structured: Record<string, unknown>;
  text: string;
}

let postgres: TestPostgres;
let dataDir: string;
let databaseUrl: string;
let server: BuiltHttpServer;
let owner: Client;
let alice: Client;
/** The owner's IMAP server: counts connections (nothing else is needed to see who reaches it). */
let imap: TcpServer;
let imapConnections = 0;
/** Receives webhook deliveries and notification webhooks. */
let receiver: HttpServer;
let receiverUrl: string;
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];

async function connectAs(token: string): Promise<Client> {
  const client = new Client({ name: 'team-owner-resources', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

/** A request sent on a kept-alive connection the server is just closing never reached it: it is sent once more. */
async function once<T>(send: () => Promise<T>): Promise<T> {
  return send().catch((error: unknown) => {
    if (/other side closed|ECONNRESET/.test(String((error as { cause?: unknown }).cause ?? error))) return send();
    throw error;
  });
}

async function listed(client: Client): Promise<string[]> {
  return (await once(() => client.listTools())).tools.map((tool) => tool.name);
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const result = (await once(() => client.callTool({ name, arguments: args }))) as { isError?: boolean; content?: unknown; structuredContent?: Record<string, unknown> };
  return { isError: result.isError === true, structured: result.structuredContent ?? {}, text: JSON.stringify({ content: result.content, structured: result.structuredContent }) };
}

async function must(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await call(client, name, args);
  if (answer.isError) throw new Error(`${name} failed: ${answer.text}`);
  return answer.structured;
}

const hookTask = (name: string, handler: string, delivery: Record<string, unknown> | undefined) => ({
  name,
  schedule_type: 'interval',
  schedule_config: { hours: 12 },
  handler_type: handler,
  ...(delivery ? { delivery_channel: 'webhook', delivery_config: delivery } : {}),
});

function secretsIn(text: string): string[] {
  return [...Object.values(SECRETS), SERVER_TOKEN, databaseUrl].filter((secret) => text.includes(secret));
}

beforeAll(async () => {
  postgres = await (await import('@chief-of-staff/postgres/testing')).startTestPostgres();
  databaseUrl = await postgres.createDatabase('team_owner_resources');
  dataDir = mkdtempSync(join(tmpdir(), 'cos-owner-resources-'));
  imap = createTcpServer((socket) => {
    imapConnections += 1;
    socket.end('* BYE not a real server\r\n');
  });
  await new Promise<void>((done) => imap.listen(0, '127.0.0.1', done));
  receiver = createHttpServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  // The owner's configuration: an IMAP account, a notification webhook, one allowed delivery secret, and two external
  // servers re-exported to the host — one with a credential in its environment, one marked shared.
  writeFileSync(
    join(dataDir, 'cos.config.yaml'),
    [
      'providers: { mail: imap, notifications: log }',
      `mail: { imap: { host: 127.0.0.1, port: ${(imap.address() as AddressInfo).port}, secure: false, user: owner@example.com, password: env:OWNER_IMAP_PASSWORD, timeoutMs: 2000 } }`,
      `notifications: { webhook: { url: "${receiverUrl}/notify", format: json } }`,
      'scheduler: { deliverySecrets: [OWNER_HOOK_TOKEN], runInServer: never }',
      'orchestration: { reexportExternal: true }',
      '',
    ].join('\n'),
  );
  const files = (name: string) => ({ control: join(dataDir, `${name}.control.json`), calls: join(dataDir, `${name}.calls.jsonl`) });
  const privateServer = scriptedServerEntry('ownercrm', { crm_lookup: { description: 'Looks up a customer in the owner CRM account.' } }, files('ownercrm'));
  writeFileSync(
    join(dataDir, 'mcp-servers.json'),
    JSON.stringify({
      mcpServers: {
        ownercrm: { ...privateServer, env: { ...privateServer.env, CRM_TOKEN: 'env:OWNER_HOOK_TOKEN' } },
        publicwiki: { ...scriptedServerEntry('publicwiki', { wiki_lookup: { description: 'Looks up an article in the public encyclopedia.' } }, files('publicwiki')), shared: true },
      },
    }),
  );
  // The owner's inbound webhook event, waiting in the shared inbox.
  mkdirSync(join(dataDir, 'webhook-inbox'), { recursive: true });
  writeFileSync(join(dataDir, 'webhook-inbox', 'paid.json'), JSON.stringify({ source: 'billing', event_type: 'invoice.paid', payload: { invoice: 'owner-invoice-77' } }));

  const env = { COS_DATA_DIR: dataDir, COS_DATABASE_URL: databaseUrl, COS_TIMEZONE: 'UTC' };
  const storage = await openStorage(loadConfig({ env }), { clock: createSystemClock('UTC'), logger: createSilentLogger() });
  let aliceToken: string;
  try {
    const user = await storage.memory.users.add({ email: 'alice@example.com' });
    aliceToken = (await storage.memory.accessTokens.create({ userId: user.id, name: 'laptop' })).token;
  } finally {
    await storage.memory.close();
  }
  server = await startBuiltHttpServer({ ...env, ...SECRETS, COS_MCP_HTTP_TOKEN: SERVER_TOKEN });
  owner = await connectAs(SERVER_TOKEN);
  alice = await connectAs(aliceToken);
}, 120_000);

afterAll(async () => {
  await alice?.close();
  await owner?.close();
  await server?.stop();
  await postgres?.stop();
  await new Promise((done) => imap?.close(done));
  await new Promise((done) => receiver?.close(done));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describeWithPostgres('the server environment and its secrets', () => {
  it('refuses a user\'s delivery that refers to the environment, in headers or secret_env, and sends her nothing', async () => {
    const headers = { 'X-Info': '${COS_DATABASE_URL}', 'X-Api-Key': 'env:ANTHROPIC_API_KEY', 'X-Auth-Owner': 'env:COS_MCP_HTTP_TOKEN' };
    const refused = await call(alice, 'create_scheduled_task', hookTask('exfiltrate', 'alert_eval', { url: `${receiverUrl}/alice`, headers }));
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('PERMISSION_DENIED');
    expect(refused.text).toContain('only the owner of this server');
    const signed = await call(alice, 'create_scheduled_task', hookTask('exfiltrate_hmac', 'alert_eval', { url: `${receiverUrl}/alice`, secret_env: 'ANTHROPIC_API_KEY' }));
    expect(signed.text).toContain('PERMISSION_DENIED');

    // Her own task without references is fine; adding references to it later is refused the same way.
    const own = await must(alice, 'create_scheduled_task', hookTask('alice_hook', 'alert_eval', { url: `${receiverUrl}/alice` }));
    const taskId = (own['task'] as { id: number }).id;
    const changed = await call(alice, 'update_scheduled_task', { task_id: taskId, delivery_config: { url: `${receiverUrl}/alice`, headers } });
    expect(changed.text).toContain('PERMISSION_DENIED');
    const run = await must(alice, 'run_scheduled_task', { task_id: taskId });
    expect(run['run']).toMatchObject({ status: 'succeeded' });
    const toAlice = received.filter((request) => request.path === '/alice');
    expect(toAlice.length).toBeGreaterThan(0);
    expect(secretsIn(JSON.stringify(toAlice))).toEqual([]);
  });

  it('lets the owner refer only to the variables scheduler.deliverySecrets lists', async () => {
    const unlisted = await call(owner, 'create_scheduled_task', hookTask('owner_unlisted', 'alert_eval', { url: `${receiverUrl}/owner`, headers: { Authorization: 'env:ANTHROPIC_API_KEY' } }));
    expect(unlisted.text).toContain('scheduler.deliverySecrets does not list');
    const listed = await must(owner, 'create_scheduled_task', hookTask('owner_hook', 'alert_eval', { url: `${receiverUrl}/owner`, headers: { Authorization: 'Bearer ${OWNER_HOOK_TOKEN}' } }));
    const run = await must(owner, 'run_scheduled_task', { task_id: (listed['task'] as { id: number }).id });
    expect(run['run']).toMatchObject({ status: 'succeeded' });
    expect(received.find((request) => request.path === '/owner')?.headers.authorization).toBe(`Bearer ${SECRETS.OWNER_HOOK_TOKEN}`);
  });
});

describeWithPostgres('handlers that work on the owner\'s resources', () => {
  it('are neither listed to a user nor schedulable by her, and the owner\'s inbox stays untouched', async () => {
    const status = await must(alice, 'get_scheduler_status', {});
    expect(status['handlers']).toEqual(expect.arrayContaining(['alert_eval', 'run_agent', 'morning_brief', 'digest']));
    for (const handler of ['webhook_inbox', 'calendar_sync', 'retention', 'skill_analysis', 'webhook_dispatch', 'proactive_push']) {
      expect(status['handlers']).not.toContain(handler);
      const refused = await call(alice, 'create_scheduled_task', hookTask(`alice_${handler}`, handler, undefined));
      expect(refused.text).toContain(`\\"${handler}\\" is not a handler you can schedule`);
    }
    expect((await must(owner, 'get_scheduler_status', {}))['handlers']).toEqual(expect.arrayContaining(['webhook_inbox', 'calendar_sync', 'retention']));
    expect(readdirSync(join(dataDir, 'webhook-inbox'))).toContain('paid.json');
    expect((await call(alice, 'list_webhook_events', {})).text).not.toContain('owner-invoice-77');
  });
});

describeWithPostgres('the accounts of the config file', () => {
  it('serves a user her own mail from her rows and never logs in to the owner\'s mailbox', async () => {
    const before = imapConnections;
    const search = await call(alice, 'search_mail', { query: 'invoice' });
    expect(search.isError).toBe(false);
    // Her own store has no INBOX yet: NOT_FOUND from her rows, not the owner's count.
    const unread = await call(alice, 'get_unread_count', {});
    expect(unread.text).not.toContain('owner@example.com');
    const sent = await call(alice, 'send_email', { to: ['bob@example.com'], subject: 'Hello', body: 'A draft of mine', confirm_send: true });
    expect(sent.text).not.toContain('owner@example.com');
    expect(imapConnections).toBe(before);
    // The owner's calls do reach the account (the stand-in server then drops them).
    await call(owner, 'search_mail', { query: 'invoice' });
    expect(imapConnections).toBeGreaterThan(before);
  });

  it('keeps a user\'s notifications in her log, off the owner\'s webhook', async () => {
    const before = received.filter((request) => request.path === '/notify').length;
    await must(alice, 'send_notification', { title: 'alice-private-heads-up', message: 'only mine' });
    const log = await must(alice, 'list_notifications', {});
    expect(JSON.stringify(log)).toContain('alice-private-heads-up');
    await must(owner, 'send_notification', { title: 'owner-heads-up', message: 'for the owner' });
    const notified = received.filter((request) => request.path === '/notify').slice(before);
    expect(notified.map((request) => request.body).join('\n')).toContain('owner-heads-up');
    expect(notified.map((request) => request.body).join('\n')).not.toContain('alice-private-heads-up');
  });
});

describeWithPostgres('external MCP servers', () => {
  it('offers a user only the servers marked shared: not listed, found or callable otherwise', async () => {
    // Both servers join in the background; the owner's calls wait for them.
    let ownerTools: string[] = [];
    for (let attempt = 0; attempt < 100 && !(ownerTools.includes('ownercrm__crm_lookup') && ownerTools.includes('publicwiki__wiki_lookup')); attempt += 1) {
      ownerTools = await listed(owner);
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(ownerTools).toEqual(expect.arrayContaining(['ownercrm__crm_lookup', 'publicwiki__wiki_lookup']));
    const aliceTools = await listed(alice);
    expect(aliceTools).toContain('publicwiki__wiki_lookup');
    expect(aliceTools).not.toContain('ownercrm__crm_lookup');

    const refused = await call(alice, 'ownercrm__crm_lookup', { query: 'acme' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('UNKNOWN_TOOL');
    expect(readFileSync(join(dataDir, 'ownercrm.calls.jsonl'), { encoding: 'utf8', flag: 'a+' })).toBe('');
    const found = await must(alice, 'tool_search', { query: 'look up a customer in the CRM account', limit: 20 });
    expect(JSON.stringify(found)).not.toContain('ownercrm');
    expect(await call(alice, 'publicwiki__wiki_lookup', { query: 'Ada Lovelace' })).toMatchObject({ isError: false });
    // Nor does she hear of it in the orchestration figures (its state, tools, problems or breakers).
    const stats = await call(alice, 'get_orchestration_stats', {});
    expect(stats.text).toContain('publicwiki');
    expect(stats.text).not.toContain('ownercrm');
    expect(JSON.stringify(await must(owner, 'get_orchestration_stats', {}))).toContain('ownercrm');
    expect(await call(owner, 'ownercrm__crm_lookup', { query: 'acme' })).toMatchObject({ isError: false });
  });
});
