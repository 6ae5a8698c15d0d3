/**
 * The served catalogue's tool descriptions are embedded in the background after the server has answered its first
 * calls, and cached in the data directory for the next start.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectBuiltServer } from './connect-built-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cos-server-tool-vectors-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const cacheFiles = () => (existsSync(join(dataDir, 'tool-vectors')) ? readdirSync(join(dataDir, 'tool-vectors')).filter((name) => name.endsWith('.json')) : []);

describe('tool description vectors in the MCP server', () => {
  it('answers tool_search at once and embeds the descriptions afterwards, into the data directory', async () => {
    const client = await connectBuiltServer({ dataDir, name: 'tool-vectors-e2e' });
    try {
      const first = await client.callTool({ name: 'tool_search', arguments: { query: 'which scheduled jobs do I have' } });
      expect(first.isError).toBeFalsy();
      // Nothing is embedded on the first call's path.
      expect(cacheFiles()).toEqual([]);
      const deadline = Date.now() + 90_000;
      while (cacheFiles().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
      expect(cacheFiles()).toEqual([expect.stringMatching(/^use-lite/)]);
      expect((await client.callTool({ name: 'tool_search', arguments: { query: 'show webhook events that failed' } })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
  }, 120_000);
});
