/**
 * The mail repository contract (ADR 0072) against the SQLite adapter, on a fresh database file per test: once as
 * opened by the memory store, and once walking the date index for every search (the plan a common query takes).
 */
import type { FakeClock } from '@chief-of-staff/core';
import { describeMailRepositoryContract } from '@chief-of-staff/stores/testing';
import { createTestMemoryStore } from '../testing/create-test-memory-store.js';
import { createSqliteMailRepository } from './mail-repository.js';

describeMailRepositoryContract('SQLite', async (clock: FakeClock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.mail, close: () => store.cleanup() };
});

describeMailRepositoryContract('SQLite walking the date index', async (clock: FakeClock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: createSqliteMailRepository(store.database, clock, { dateScanThreshold: 0 }), close: () => store.cleanup() };
});
