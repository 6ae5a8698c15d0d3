/** The calendar repository contract (ADR 0070) against the SQLite adapter, on a fresh database file per test. */
import { describeCalendarRepositoryContract } from '@chief-of-staff/stores/testing';
import { createTestMemoryStore } from '../testing/create-test-memory-store.js';

describeCalendarRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.calendar, close: () => store.cleanup() };
});
