/** @chief-of-staff/sqlite/testing — test helpers of the embedded adapter, for the tests of the libraries above the ports. */
export { createTestMemoryStore } from './create-test-memory-store.js';
export type { TestMemoryStore, TestMemoryStoreOptions } from './create-test-memory-store.js';
export { bulkLoad } from './bulk-load.js';
export { insertSyntheticFacts } from './insert-synthetic-facts.js';
