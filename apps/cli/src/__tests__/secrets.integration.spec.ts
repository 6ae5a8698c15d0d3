/**
 * Secrets are never echoed: a notification webhook URL with credentials, and headers and environment values of
 * external MCP servers, configured in cos.config.yaml, must not appear in tool results, warnings, `cos doctor`
 * (human or JSON) or the logs at trace level — while the webhook itself still receives its credentials.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createCliSandbox, type CliRun } from './run-cli.js';

const SECRETS = ['HUNTER2PASS', 'KEYSECRET123', 'ENVSECRET456', 'HEADERSECRET000', 'URLTOKEN789'];
const sandbox = createCliSandbox('secrets');
let server: Server;
const received: IncomingHttpHeaders[] = [];
let status = 500;

function expectNoSecret(run: CliRun): void {
  for (const secret of SECRETS) {
    expect(run.stdout).not.toContain(secret);
    expect(run.stderr).not.toContain(secret);
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.headers);
    request.resume();
    request.on('end', () => response.writeHead(status).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  mkdirSync(sandbox.dataDir, { recursive: true });
  writeFileSync(
    join(sandbox.dataDir, 'cos.config.yaml'),
    [
      'logLevel: trace',
      'providers:',
      '  notifications: log',
      'notifications:',
      '  webhook:',
      `    url: "http://alice:HUNTER2PASS@localhost:${port}/hook?key=KEYSECRET123&topic=team"`,
      'mcpServers:',
      '  search:',
      '    command: node',
      '    args: ["-e", "0"]',
      '    env:',
      '      SEARCH_API_KEY: ENVSECRET456',
      '  remote:',
      '    url: "https://example.invalid/mcp?token=URLTOKEN789"',
      '    headers:',
      '      Authorization: "Bearer HEADERSECRET000"',
      '',
    ].join('\n'),
  );
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  sandbox.remove();
});

describe('secrets in the configuration', () => {
  it('are redacted in cos doctor --json, with the shape of the URL kept', async () => {
    const run = await sandbox.run(['doctor', '--json']);
    expectNoSecret(run);
    const config = run.json<{ config: { notifications: { webhook: { url: string } }; mcpServers: Record<string, { env: Record<string, string>; headers: Record<string, string>; url?: string }> } }>().config;
    expect(config.notifications.webhook.url).toMatch(/^http:\/\/\*\*\*@localhost:\d+\/hook\?key=\*\*\*&topic=team$/);
    expect(config.mcpServers['search']?.env).toEqual({ SEARCH_API_KEY: '[redacted]' });
    expect(config.mcpServers['remote']?.headers).toEqual({ Authorization: '[redacted]' });
    expect(config.mcpServers['remote']?.url).toBe('https://example.invalid/mcp?token=***');
  });

  it('are redacted in the human cos doctor output', async () => {
    expectNoSecret(await sandbox.run(['doctor']));
  });

  it('never reach send_notification results, warnings or trace logs when delivery fails', async () => {
    status = 500;
    const run = await sandbox.run(['call', 'send_notification', '{"title":"Budget","message":"Review it"}']);
    expectNoSecret(run);
    expect(run.stdout).toContain('webhook delivery failed');
  });

  it('still authenticate the webhook: URL credentials are sent as Basic auth', async () => {
    status = 200;
    received.length = 0;
    const run = await sandbox.run(['call', 'send_notification', '{"title":"Budget","message":"Review it"}']);
    expectNoSecret(run);
    expect(run.code).toBe(0);
    expect(received[0]?.authorization).toBe(`Basic ${Buffer.from('alice:HUNTER2PASS').toString('base64')}`);
  });
});
