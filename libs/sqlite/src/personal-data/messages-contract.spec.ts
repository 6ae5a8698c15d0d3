/** The messages repository contract (ADR 0073) against the SQLite adapter, on a fresh database file per test. */
import { describeMessagesRepositoryContract } from '@chief-of-staff/stores/testing';
import { createTestMemoryStore } from '../testing/create-test-memory-store.js';

describeMessagesRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.messages, close: () => store.cleanup() };
});
