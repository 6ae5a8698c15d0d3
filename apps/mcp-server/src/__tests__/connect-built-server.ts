/**
 * Spawns the built server over stdio for end-to-end tests, with a private data directory and an environment built
 * from scratch (a developer's own key or data never leaks in), optionally pointed at a fake Messages API.
 */
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const BUILT_SERVER_MAIN = resolve(import.meta.dirname, '..', '..', 'dist', 'main.js');

export async function connectBuiltServer(options: { dataDir: string; modelUrl?: string; env?: Record<string, string>; name?: string }): Promise<Client> {
  const client = new Client({ name: options.name ?? 'e2e', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BUILT_SERVER_MAIN],
      stderr: 'pipe',
      env: {
        PATH: process.env.PATH ?? '',
        COS_DATA_DIR: options.dataDir,
        COS_TIMEZONE: 'UTC',
        COS_LOG_LEVEL: 'warn',
        ...(options.modelUrl ? { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: options.modelUrl } : {}),
        ...options.env,
      },
    }),
  );
  return client;
}
