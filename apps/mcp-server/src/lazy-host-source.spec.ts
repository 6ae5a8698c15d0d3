import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { createSilentLogger } from '@chief-of-staff/core';
import type { McpHost } from './host-source.js';
import { createLazyHostSource, HANDSHAKE_GRACE_MS, writeCachedToolList } from './lazy-host-source.js';
import { shippedToolListFile } from './shipped-tool-list.js';

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
      // Not described within the test: a description after it ended would import a module into a torn-down registry.
      describeAfterMs: 60_000,
    });
    await expect(source.host()).rejects.toThrow('database is locked');
    await expect(source.host()).resolves.toBe(host);
    expect(attempts).toBe(2);
    await source.settled();
  });

  it('lets a handshake already in the pipe through before loading, unless a request needs the host', async () => {
    let loads = 0;
    const options = {
      load: async () => {
        loads += 1;
        return { tools: [], logger: createSilentLogger() } as unknown as McpHost;
      },
      cacheFile: join(dir, 'grace.json'),
      version: 'test',
      onToolsChanged: () => undefined,
      describeAfterMs: 60_000,
    };
    // Timers run before pending input is read: a load started by a 0 ms timer ran ahead of the waiting initialize. The
    // clock is the test's own, so a busy machine that runs the grace timer late cannot run it before the test looks.
    jest.useFakeTimers();
    let idle: ReturnType<typeof createLazyHostSource>;
    try {
      idle = createLazyHostSource(options);
      await jest.advanceTimersByTimeAsync(1);
      expect(loads).toBe(0);
      await jest.advanceTimersByTimeAsync(HANDSHAKE_GRACE_MS - 2);
      expect(loads).toBe(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(loads).toBe(1);
    } finally {
      jest.useRealTimers();
    }
    await idle.settled();

    const asked = createLazyHostSource(options);
    await asked.host();
    expect(loads).toBe(2);
    await asked.settled();
  });
});

describe('the shipped tool list', () => {
  const listed = [{ name: 'query_memory', inputSchema: { type: 'object' as const } }];

  it('answers the first tools/list of a new data directory, then the directory gets its own copy', async () => {
    const shippedFile = join(dir, 'shipped.json');
    writeCachedToolList(shippedFile, 'test', listed);
    const cacheFile = join(dir, 'own.json');
    let loads = 0;
    const source = createLazyHostSource({
      load: async () => {
        loads += 1;
        return { tools: [], logger: createSilentLogger() } as unknown as McpHost;
      },
      cacheFile,
      shippedFile,
      version: 'test',
      onToolsChanged: () => undefined,
      idleStartMs: 60_000,
    });
    expect((await source.listTools()).map((tool) => tool.name)).toEqual(['query_memory']);
    expect(loads).toBe(0);
    await source.host();
    // Describing the live tools waits until the first call has been answered, so it never delays that answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(cacheFile)).toBe(false);
    source.afterCall();
    await source.settled();
    expect(loads).toBe(1);
    expect(existsSync(cacheFile)).toBe(true);
  });

  it('gets its own copy without any call too, once the host has been loaded a while', async () => {
    const cacheFile = join(dir, 'listed-only.json');
    const source = createLazyHostSource({
      load: async () => ({ tools: [], logger: createSilentLogger() }) as unknown as McpHost,
      cacheFile,
      shippedFile: join(dir, 'shipped.json'),
      version: 'test',
      onToolsChanged: () => undefined,
      idleStartMs: 0,
      describeAfterMs: 20,
    });
    await source.host();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await source.settled();
    expect(existsSync(cacheFile)).toBe(true);
  });

  it('is only used where the configuration is the default one', () => {
    const fresh = mkdtempSync(join(dir, 'data-'));
    expect(shippedToolListFile(fresh, { COS_DATA_DIR: fresh, COS_LOG_LEVEL: 'warn' })).toBeDefined();
    // Set by the entry whenever the code cache is on.
    expect(shippedToolListFile(fresh, { COS_DATA_DIR: fresh, COS_CODE_CACHE_DIR: join(fresh, 'code') })).toBeDefined();
    expect(shippedToolListFile(fresh, { COS_DATA_DIR: fresh, COS_ORCHESTRATION_SHORTLIST: 'off' })).toBeUndefined();
    writeFileSync(join(fresh, 'mcp-servers.json'), '{"servers": []}');
    expect(shippedToolListFile(fresh, { COS_DATA_DIR: fresh })).toBeUndefined();
  });
});
