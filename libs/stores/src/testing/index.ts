/** @chief-of-staff/stores/testing — public API named explicitly below. */
export { createTestMemoryStore } from './create-test-memory-store.js';
export type { TestMemoryStore, TestMemoryStoreOptions } from './create-test-memory-store.js';
