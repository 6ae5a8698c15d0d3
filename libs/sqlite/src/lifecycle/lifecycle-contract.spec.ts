/** The decisions, delegations and alert rules contracts (ADR 0063) against the SQLite adapter, on a fresh database file per test. */
import type { FakeClock } from '@chief-of-staff/core';
import { describeAlertRulesRepositoryContract, describeDecisionsRepositoryContract, describeDelegationsRepositoryContract } from '@chief-of-staff/stores/testing';
import { createTestMemoryStore } from '../testing/create-test-memory-store.js';

async function open(clock: FakeClock) {
  const store = createTestMemoryStore({ clock });
  return {
    decisions: store.decisions,
    delegations: store.delegations,
    alertRules: store.alertRules,
    close: () => store.cleanup(),
  };
}

describeDecisionsRepositoryContract('SQLite', open);
describeDelegationsRepositoryContract('SQLite', open);
describeAlertRulesRepositoryContract('SQLite', open);
