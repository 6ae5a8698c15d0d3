/** @chief-of-staff/stores/testing — public API named explicitly below. */
export { createTestMemoryStore } from './create-test-memory-store.js';
export type { TestMemoryStore, TestMemoryStoreOptions } from './create-test-memory-store.js';
export { TEAM_CALENDAR_ICS } from './fixture-files.js';
export { bulkLoad } from './bulk-load.js';
export { insertSyntheticFacts, syntheticFactQueries, syntheticFacts, syntheticFactWords } from './synthetic-facts.js';
export type { SyntheticFact } from './synthetic-facts.js';
export { describeFactsRepositoryContract } from './contracts/facts-repository-contract.js';
export type { OpenedFactsRepository, OpenFactsRepository } from './contracts/facts-repository-contract.js';
