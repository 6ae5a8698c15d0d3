/**
 * `tool_search` as an MCP client sees it: one stdio connection to our server (run from source, so no build is
 * needed), then calls measured end to end — JSON-RPC over the pipe, scoring the whole catalogue, schemas in the
 * answer. The peer is `list_agents` on the same connection: a tool call that reads one small table, so the ratio is
 * what searching the catalogue adds to any call. (`tools/list` is no peer: the SDK client compiles a validator for
 * every listed output schema on each listing, which is the client's cost, not the server's.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = resolve(import.meta.dirname, '..', '..', '..', '..');
const QUERIES = [
  'find a time that works for Dana and me next week',
  'מה יש לי ביומן מחר',
  'draft a reply to the last email from Noa',
  'what did we decide about the budget',
  'תזכיר לי להתקשר לאמא',
  'who is Avi Cohen',
];

let client: Client | undefined;
let dataDir = '';
let next = 0;

async function connect(): Promise<void> {
  if (client) return;
  dataDir = mkdtempSync(join(tmpdir(), 'cos-bench-tool-search-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', '--conditions=@chief-of-staff/source', join(root, 'apps', 'mcp-server', 'src', 'main.ts')],
    cwd: root,
    env: { PATH: process.env.PATH ?? '', COS_DATA_DIR: dataDir, COS_LOG_LEVEL: 'warn' },
    stderr: 'ignore',
  });
  client = new Client({ name: 'tool-search-bench', version: '1' });
  await client.connect(transport);
  // The first search builds the intelligence registry; it is measured by the cold-start figures, not here.
  await client.callTool({ name: 'tool_search', arguments: { query: 'warm up', limit: 5 } });
}

async function disconnect(): Promise<void> {
  await client?.close();
  client = undefined;
  rmSync(dataDir, { recursive: true, force: true });
}

export const benchmarks = [
  {
    name: 'orchestration: list_agents over MCP stdio (peer)',
    setup: connect,
    fn: async () => {
      const result = await client?.callTool({ name: 'list_agents', arguments: {} });
      if (result?.isError) throw new Error(JSON.stringify(result.content));
    },
    iterations: 200,
    time: 0,
  },
  {
    name: 'orchestration: tool_search over MCP stdio (limit 5)',
    setup: connect,
    fn: async () => {
      const result = await client?.callTool({ name: 'tool_search', arguments: { query: QUERIES[next++ % QUERIES.length], limit: 5 } });
      if (result?.isError) throw new Error(JSON.stringify(result.content));
    },
    teardown: disconnect,
    iterations: 200,
    time: 0,
    peer: 'orchestration: list_agents over MCP stdio (peer)',
  },
];
