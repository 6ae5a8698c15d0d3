/** The reminders repository contract (ADR 0071) against the SQLite adapter, on a fresh database file per test. */
import { describeRemindersRepositoryContract } from '@chief-of-staff/stores/testing';
import { createTestMemoryStore } from '../testing/create-test-memory-store.js';

describeRemindersRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.reminders, close: () => store.cleanup() };
});
