/**
 * The client pool against real servers over Streamable HTTP: headers reach the server, a wrong token is reported
 * with the fix, and a server that is not running is reported without delaying the others.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSilentLogger } from '@chief-of-staff/core';
import { SCRIPTED_SERVER_PATH, startScriptedHttpServer, type ScriptedHttpServer } from '../testing/scripted-servers.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMcpServerPool } from './mcp-server-pool.js';
import { createExternalToolListCache } from './tool-list-cache.js';
import { parseServersFile } from './servers-file.js';

describe('external servers over Streamable HTTP', () => {
  let server: ScriptedHttpServer;

  beforeAll(async () => {
    server = await startScriptedHttpServer({ web_lookup: { description: 'Looks things up on the web.' } }, { token: 'secret-token' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('connects with the configured headers, lists and calls the tools, and reports refused and unreachable servers', async () => {
    const { servers, problems } = parseServersFile(
      JSON.stringify({
        mcpServers: {
          web: { url: server.url, headers: { Authorization: 'Bearer secret-token' } },
          locked: { url: server.url, headers: { Authorization: 'Bearer wrong' } },
          gone: { url: 'http://127.0.0.1:9/mcp' },
        },
      }),
      'test',
    );
    expect(problems).toEqual([]);
    const pool = createMcpServerPool({ servers, logger: createSilentLogger(), connectTimeoutMs: 5_000 });
    try {
      await pool.connect();
      const status = Object.fromEntries(pool.status().map((entry) => [entry.name, entry]));
      expect(status['web']).toMatchObject({ state: 'connected', transport: 'http', tools: 1 });
      expect(status['locked']).toMatchObject({ state: 'failed', problem: expect.stringContaining('headers') });
      expect(status['gone']).toMatchObject({ state: 'failed', problem: expect.stringContaining('check the URL') });
      expect(pool.tools().map((tool) => tool.name)).toEqual(['web__web_lookup']);
      const result = await pool.call('web', 'web_lookup', { query: 'tides in Haifa' }, { timeoutMs: 5_000 });
      expect(result.content).toEqual([{ type: 'text', text: 'web_lookup answered: tides in Haifa' }]);
    } finally {
      await pool.close();
    }
  });
});

describe('secret references in env and headers', () => {
  let server: ScriptedHttpServer;
  let other: ScriptedHttpServer;

  beforeAll(async () => {
    server = await startScriptedHttpServer({ web_lookup: { description: 'Looks things up on the web.' } }, { token: 'resolved-token' });
    other = await startScriptedHttpServer({ web_lookup: { description: 'Looks things up on the web.' } }, { token: 'other-token' });
  });

  afterAll(async () => {
    await server.close();
    await other.close();
  });

  it('resolves env:NAME and ${NAME} when connecting, and names the unset variable of a server it cannot start', async () => {
    const tools = JSON.stringify({ note: { description: 'Takes a note.' } });
    const { servers } = parseServersFile(
      JSON.stringify({
        mcpServers: {
          web: { url: server.url, headers: { Authorization: 'Bearer ${WEB_TOKEN}' } },
          web2: { url: other.url, headers: { Authorization: 'env:WEB_AUTH' } },
          notes: { command: process.execPath, args: [SCRIPTED_SERVER_PATH], env: { SCRIPT_SERVER_NAME: 'notes', SCRIPT_TOOLS: 'env:NOTES_TOOLS' } },
          orphan: { url: server.url, headers: { Authorization: 'Bearer ${ORPHAN_TOKEN}' } },
        },
      }),
      'test',
    );
    const env = { PATH: process.env.PATH, WEB_TOKEN: 'resolved-token', WEB_AUTH: 'Bearer other-token', NOTES_TOOLS: tools };
    const pool = createMcpServerPool({ servers, env, logger: createSilentLogger(), connectTimeoutMs: 10_000 });
    try {
      await pool.connect();
      const status = Object.fromEntries(pool.status().map((entry) => [entry.name, entry]));
      expect(status['web']).toMatchObject({ state: 'connected', tools: 1 });
      expect(status['web2']).toMatchObject({ state: 'connected', tools: 1 });
      expect(status['notes']).toMatchObject({ state: 'connected', tools: 1 });
      expect(status['orphan']).toMatchObject({
        state: 'failed',
        problem: expect.stringContaining('mcpServers.orphan.headers.Authorization refers to the environment variable ORPHAN_TOKEN, which is not set'),
      });
    } finally {
      await pool.close();
    }
  }, 30_000);
});

describe('a server that does not answer', () => {
  it('is given its connect limit once, then left alone for a while instead of holding up every run', async () => {
    const { servers } = parseServersFile(JSON.stringify({ mcpServers: { silent: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] } } }), 'test');
    const pool = createMcpServerPool({ servers, logger: createSilentLogger(), connectTimeoutMs: 400 });
    try {
      let started = performance.now();
      await pool.connect();
      expect(performance.now() - started).toBeGreaterThanOrEqual(350);
      expect(pool.status()[0]).toMatchObject({ state: 'failed', problem: expect.stringContaining('did not answer the MCP handshake') });
      started = performance.now();
      await pool.connect();
      expect(performance.now() - started).toBeLessThan(100);
    } finally {
      await pool.close();
    }
  });
});

describe('tool lists kept from an earlier start', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cos-kept-tools-'));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('offers a server\'s kept tools before it has joined, connects it on the first call, and drops them when it cannot join', async () => {
    const web = { command: process.execPath, args: [SCRIPTED_SERVER_PATH], env: { SCRIPT_SERVER_NAME: 'web', SCRIPT_TOOLS: JSON.stringify({ web_lookup: { description: 'Looks things up.' } }) } };
    const { servers } = parseServersFile(JSON.stringify({ mcpServers: { web, gone: { url: 'http://127.0.0.1:9/mcp' } } }), 'test');
    const cache = createExternalToolListCache(join(dir, 'external-tools'));
    // First start: nothing kept, nothing offered until the server has joined; its list is kept when it does.
    const first = createMcpServerPool({ servers, logger: createSilentLogger(), connectTimeoutMs: 5_000, toolListCache: cache });
    expect(first.tools()).toEqual([]);
    const joining = first.connect();
    expect(first.joining().sort()).toEqual(['gone', 'web']);
    await joining;
    await first.close();
    const gone = servers.find((entry) => entry.name === 'gone') as (typeof servers)[number];
    cache.write(gone, [{ name: 'fetch_page', description: 'Fetches a page.', inputSchema: { type: 'object' } }]);

    const second = createMcpServerPool({ servers, logger: createSilentLogger(), connectTimeoutMs: 5_000, toolListCache: cache });
    try {
      // Offered at once, with nothing started yet; nothing is reported as joining.
      expect(second.tools().map((tool) => tool.name).sort()).toEqual(['gone__fetch_page', 'web__web_lookup']);
      expect(second.status().map((entry) => entry.state)).toEqual(['not_connected', 'not_connected']);
      const result = await second.call('web', 'web_lookup', { query: 'tides in Haifa' }, { timeoutMs: 5_000 });
      expect(result.content).toEqual([{ type: 'text', text: 'web_lookup answered: tides in Haifa' }]);
      let changes = 0;
      second.onToolsChanged(() => changes++);
      await second.connect();
      // The server that could not join no longer offers what it listed last time.
      expect(second.tools().map((tool) => tool.name)).toEqual(['web__web_lookup']);
      expect(changes).toBeGreaterThanOrEqual(1);
    } finally {
      await second.close();
    }
    // A server started another way never serves the old list.
    const moved = parseServersFile(JSON.stringify({ mcpServers: { web: { ...web, args: [SCRIPTED_SERVER_PATH, '--v2'] } } }), 'test').servers[0] as (typeof servers)[number];
    expect(cache.read(moved)).toBeUndefined();
  }, 30_000);
});

describe('the servers file', () => {
  it('reads Claude Desktop entries plus the extra keys, and skips bad entries with the fix', () => {
    const { servers, problems } = parseServersFile(
      JSON.stringify({
        mcpServers: {
          'Tavily Search': { command: 'npx', args: ['-y', 'tavily-mcp'], env: { TAVILY_API_KEY: 'k' } },
          notes: { command: 'notes-server', disabled: true, timeoutMs: 5_000, toolOverrides: { find: { priority: 90 } } },
          broken: { args: ['x'] },
        },
      }),
      'mcp-servers.json',
    );
    expect(servers.map((server) => [server.name, server.capability ?? null, server.disabled])).toEqual([
      ['Tavily Search', 'web_search', false],
      ['notes', null, true],
    ]);
    expect(servers[1]).toMatchObject({ timeoutMs: 5_000, toolOverrides: { find: { priority: 90 } } });
    expect(problems).toEqual([expect.stringMatching(/Server "broken" in mcp-servers.json is skipped: .*"command"/)]);
    expect(parseServersFile('{not json', 'f').problems[0]).toMatch(/not valid JSON/);
    expect(parseServersFile('{"servers": {}}', 'f').problems[0]).toMatch(/"mcpServers"/);
  });
});

describe('servers shared with signed-in users', () => {
  it('keeps a server the owner\'s unless its entry says shared, and refuses a shared flag that is not a boolean', () => {
    const { servers, problems } = parseServersFile(
      JSON.stringify({ mcpServers: { crm: { url: 'https://crm.example.com/mcp' }, wiki: { url: 'https://wiki.example.com/mcp', shared: true }, odd: { url: 'https://x.example.com/mcp', shared: 'yes' } } }),
      'test',
    );
    expect(servers.map((server) => [server.name, server.shared])).toEqual([
      ['crm', false],
      ['wiki', true],
    ]);
    expect(problems).toEqual([expect.stringContaining('Server "odd" in test is skipped: shared')]);
  });
});
