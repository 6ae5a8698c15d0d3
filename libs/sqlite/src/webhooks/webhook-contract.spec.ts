/** The webhook events and event rules contracts (ADR 0065) against the SQLite adapter, on a fresh database file per test. */
import { describeEventRulesRepositoryContract, describeWebhookEventsRepositoryContract } from '@chief-of-staff/stores/testing';
import { createTestMemoryStore } from '../testing/create-test-memory-store.js';

describeWebhookEventsRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.webhookEvents, close: () => store.cleanup() };
});

describeEventRulesRepositoryContract('SQLite', async (clock) => {
  const store = createTestMemoryStore({ clock });
  return { repository: store.eventRules, close: () => store.cleanup() };
});
