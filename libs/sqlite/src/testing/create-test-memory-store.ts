/**
 * A real memory store on a fresh SQLite file in a temporary directory, for tests in any library. `cleanup()`
 * closes it and removes the directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock, type Clock, type Logger } from '@chief-of-staff/core';
import type { FactVectorIndex } from '@chief-of-staff/stores';
import { openMemoryStore, type SqliteMemoryStore } from '../memory/memory-store.js';

export interface TestMemoryStoreOptions {
  /** Defaults to a `FakeClock` at 2026-01-15T09:00:00Z, UTC. */
  clock?: Clock;
  logger?: Logger;
  factVectors?: FactVectorIndex;
}

export interface TestMemoryStore extends SqliteMemoryStore {
  /** The temporary data dir holding `cos.db`. */
  readonly dataDir: string;
  /** Closes the store and deletes its directory. */
  cleanup(): Promise<void>;
}

export function createTestMemoryStore(options: TestMemoryStoreOptions = {}): TestMemoryStore {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-test-store-'));
  const store = openMemoryStore({
    dataDir,
    clock: options.clock ?? new FakeClock(),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.factVectors ? { factVectors: options.factVectors } : {}),
  });
  // Spread would evaluate the `factVectors` getter once; keep the live store behind the facade instead.
  return Object.assign(Object.create(store) as SqliteMemoryStore, {
    dataDir,
    async cleanup() {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  }) as TestMemoryStore;
}
