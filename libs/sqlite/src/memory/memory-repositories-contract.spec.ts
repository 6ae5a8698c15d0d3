/**
 * The identities, locations, agent memory and shared memory contracts (ADR 0063) against the SQLite adapter, on a
 * fresh database file per test.
 */
import type { FakeClock } from '@chief-of-staff/core';
import { describeAgentMemoryRepositoryContract, describeIdentitiesRepositoryContract, describeLocationsRepositoryContract, describeSharedMemoryRepositoryContract } from '@chief-of-staff/stores/testing';
import { createTestMemoryStore } from '../testing/create-test-memory-store.js';

async function open(clock: FakeClock) {
  const store = createTestMemoryStore({ clock });
  return {
    identities: store.identities,
    locations: store.locations,
    agentMemory: store.agentMemory,
    sharedMemory: store.sharedMemory,
    close: () => store.cleanup(),
  };
}

describeIdentitiesRepositoryContract('SQLite', open);
describeLocationsRepositoryContract('SQLite', open);
describeAgentMemoryRepositoryContract('SQLite', open);
describeSharedMemoryRepositoryContract('SQLite', open);
