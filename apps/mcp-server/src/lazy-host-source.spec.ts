import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createSilentLogger } from '@chief-of-staff/core';
import type { McpHost } from './host-source.js';
import { createLazyHostSource } from './lazy-host-source.js';

const dir = mkdtempSync(join(tmpdir(), 'cos-lazy-host-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lazy host source', () => {
  it('tries the load again on the next call after a failed one, instead of failing forever', async () => {
    let attempts = 0;
    const host = { tools: [], logger: createSilentLogger() } as unknown as McpHost;
    const source = createLazyHostSource({
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('database is locked');
        return host;
      },
      cacheFile: join(dir, 'tools.json'),
      version: 'test',
      onToolsChanged: () => undefined,
      idleStartMs: 60_000,
    });
    await expect(source.host()).rejects.toThrow('database is locked');
    await expect(source.host()).resolves.toBe(host);
    expect(attempts).toBe(2);
    // The tool list is described right after a load; let that finish before the test ends.
    await source.settled();
  });
});
