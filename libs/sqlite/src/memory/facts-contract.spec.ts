/** The facts repository contract (ADR 0060) against the SQLite adapter, on a fresh database file per test. */
import { describeFactsRepositoryContract } from '@chief-of-staff/stores/testing';
import { createTestMemoryStore } from '../testing/create-test-memory-store.js';

describeFactsRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { facts: store.facts, close: () => store.cleanup() };
});
