/**
 * The built server's code cache (tools/scripts/app-loader.cjs, shared with cos): a cache written by a run that never
 * loaded the libraries is written again by the first server that does, so later starts do not compile them again.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_SERVER_MAIN, connectBuiltServer } from './connect-built-server.js';

describe('the code cache of the built server', () => {
  it('gets the libraries once a server has loaded them, when a run without them wrote it first', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cos-server-code-cache-'));
    const cacheDir = join(root, 'code');
    const dataDir = join(root, 'data');
    const cacheFile = () => {
      const files = readdirSync(cacheDir).filter((name) => name.startsWith('mcp-server-'));
      expect(files).toHaveLength(1);
      return statSync(join(cacheDir, files[0] as string));
    };
    try {
      // A mistyped option stops the server before it loads anything: it still writes a cache, without the libraries.
      const refused = spawnSync(process.execPath, [BUILT_SERVER_MAIN, '--port', 'eighty'], {
        env: { PATH: process.env.PATH ?? '', COS_DATA_DIR: dataDir, COS_CODE_CACHE: cacheDir },
        encoding: 'utf8',
      });
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toContain('--port must be a whole number');
      const withoutLibraries = cacheFile();

      const client = await connectBuiltServer({ dataDir, env: { COS_CODE_CACHE: cacheDir } });
      expect((await client.callTool({ name: 'list_facts', arguments: {} })).isError).toBeFalsy();
      await client.close();
      const withLibraries = cacheFile();
      expect(withLibraries.size).toBeGreaterThan(withoutLibraries.size + 500_000);

      const again = await connectBuiltServer({ dataDir, env: { COS_CODE_CACHE: cacheDir } });
      expect((await again.callTool({ name: 'list_facts', arguments: {} })).isError).toBeFalsy();
      await again.close();
      expect(cacheFile().mtimeMs).toBe(withLibraries.mtimeMs);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
