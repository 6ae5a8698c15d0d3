/** The notifications and suggestion state contracts (ADR 0065) against the SQLite adapter, on a fresh database file per test. */
import { describeNotificationsRepositoryContract, describeSuggestionStateRepositoryContract } from '@chief-of-staff/stores/testing';
import { createTestMemoryStore } from '../testing/create-test-memory-store.js';

describeNotificationsRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.notifications, close: () => store.cleanup() };
});

describeSuggestionStateRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.suggestionState, close: () => store.cleanup() };
});
