/** A real database in a temp directory with a provider registry over it, for the provider scenario tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryStore } from '@chief-of-staff/stores';
import { openDatabase, openMemoryStore, type CosDatabase } from '@chief-of-staff/sqlite';
import { createProviderRegistry, type ProviderConfig, type ProviderRegistry } from '../registry/provider-registry.js';

export interface ProviderTestEnv {
  dir: string;
  store: CosDatabase;
  /** The storage port over `store`. */
  memory: MemoryStore;
  providers: ProviderRegistry;
  close(): void;
}

export function providerTestEnv(overrides: Partial<ProviderConfig> = {}, desktopOff = true): ProviderTestEnv {
  const dir = mkdtempSync(join(tmpdir(), 'cos-providers-'));
  const store = openDatabase({ dataDir: dir });
  const config: ProviderConfig = {
    timezone: 'America/New_York',
    user: { name: 'Dana Reed', email: 'dana@example.com', handles: [] },
    providers: { calendar: 'local', reminders: 'local', mail: 'local', messages: 'local', notifications: 'log' },
    notifications: {},
    messages: {},
    ...overrides,
  };
  const memory = openMemoryStore({ database: store });
  const providers = createProviderRegistry({ config, memory, ...(desktopOff ? { desktop: null } : {}) });
  return {
    dir,
    store,
    memory,
    providers,
    close() {
      providers.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
