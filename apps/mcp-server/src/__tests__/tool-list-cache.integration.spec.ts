/**
 * Cold start over stdio: the tool list is answered from `<dataDir>/mcp-tool-list.json` while the libraries load, and a
 * stale list is corrected with `notifications/tools/list_changed`.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

const serverMain = resolve(import.meta.dirname, '..', '..', 'dist', 'main.js');

async function connect(dataDir: string, onListChanged?: () => void): Promise<Client> {
  const client = new Client({ name: 'cache-test', version: '1.0.0' });
  if (onListChanged) client.setNotificationHandler(ToolListChangedNotificationSchema, () => onListChanged());
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [serverMain],
      stderr: 'pipe',
      env: { PATH: process.env.PATH ?? '', COS_DATA_DIR: dataDir, COS_LOG_LEVEL: 'warn' },
    }),
  );
  return client;
}

describe('tool list cache', () => {
  it('writes the list on first start, serves it on the next, and corrects a stale one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cos-tool-cache-'));
    const cacheFile = join(dataDir, 'mcp-tool-list.json');
    try {
      const first = await connect(dataDir);
      const live = (await first.listTools()).tools;
      await first.close();
      expect(existsSync(cacheFile)).toBe(true);
      const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { tools: Array<{ name: string }> };
      expect(cached.tools.map((tool) => tool.name)).toEqual(live.map((tool) => tool.name));

      // A stale cache (say, from before an upgrade) is served first, then corrected.
      writeFileSync(cacheFile, JSON.stringify({ ...cached, tools: cached.tools.slice(0, 3) }));
      let changed = 0;
      const second = await connect(dataDir, () => {
        changed += 1;
      });
      expect((await second.listTools()).tools).toHaveLength(3);
      for (let i = 0; i < 200 && changed === 0; i += 1) await new Promise((done) => setTimeout(done, 50));
      expect(changed).toBe(1);
      expect((await second.listTools()).tools.map((tool) => tool.name)).toEqual(live.map((tool) => tool.name));
      // Calls always run on the loaded catalogue, whatever was listed.
      const result = await second.callTool({ name: 'list_facts', arguments: {} });
      expect(result.isError).toBeFalsy();
      await second.close();
      expect((JSON.parse(readFileSync(cacheFile, 'utf8')) as { tools: unknown[] }).tools).toHaveLength(live.length);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
