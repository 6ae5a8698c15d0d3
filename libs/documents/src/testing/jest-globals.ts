/**
 * Jest's functions for the contract suites of `@chief-of-staff/documents/testing`, taken from the globals Jest injects
 * when a suite is declared, so this entry never imports `@jest/globals` (it would fail to load outside Jest).
 */

/** The matchers the contract suites use (Jest's `expect`, described here so this library does not depend on Jest). */
export interface ContractMatchers {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toMatchObject(expected: object): void;
  toHaveLength(expected: number): void;
  toBeUndefined(): void;
  toBeGreaterThan(expected: number): void;
  toBeGreaterThanOrEqual(expected: number): void;
  toBeLessThan(expected: number): void;
  toContain(expected: unknown): void;
  readonly not: ContractMatchers;
}

export interface JestFunctions {
  describe(name: string, declare: () => void): void;
  it(name: string, test: () => Promise<void>, timeout?: number): void;
  beforeAll(hook: () => Promise<void>, timeout?: number): void;
  afterAll(hook: () => Promise<void>, timeout?: number): void;
  beforeEach(hook: () => Promise<void>, timeout?: number): void;
  afterEach(hook: () => Promise<void>, timeout?: number): void;
  expect: ((actual: unknown) => ContractMatchers) & { any(type: unknown): unknown };
}

export function jestGlobals(): JestFunctions {
  const globals = globalThis as unknown as Partial<JestFunctions>;
  if (typeof globals.describe !== 'function' || typeof globals.expect !== 'function') {
    throw new Error('The documents contract suites declare Jest tests: call them from a Jest spec file (with injectGlobals on).');
  }
  return globals as JestFunctions;
}
