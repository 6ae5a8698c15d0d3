/**
 * An MCP client connected over stdio to our server run from source (tsx, no build needed) on a data directory: what
 * the benchmarks of calls over MCP measure against.
 */
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = resolve(import.meta.dirname, '..', '..', '..', '..');

export async function connectSourceServer(dataDir: string, clientName: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', '--conditions=@chief-of-staff/source', join(root, 'apps', 'mcp-server', 'src', 'main.ts')],
    cwd: root,
    env: { PATH: process.env.PATH ?? '', COS_DATA_DIR: dataDir, COS_LOG_LEVEL: 'warn' },
    stderr: 'ignore',
  });
  const client = new Client({ name: clientName, version: '1' });
  await client.connect(transport);
  return client;
}
