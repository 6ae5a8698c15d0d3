/**
 * What the memory and lifecycle contract suites (ADR 0063) share: Jest's functions taken from its injected globals,
 * the matchers they use, and reading a `ToolError` out of a rejected promise.
 */
import { isToolError } from '@chief-of-staff/core';

/** The fields of a `ToolError` the contracts compare. */
export interface ContractError {
  code: string;
  message: string;
  hint?: string | undefined;
}

/** The error `work` rejects with, which must be a `ToolError`. */
export async function errorOf(work: Promise<unknown>): Promise<ContractError> {
  try {
    await work;
  } catch (error) {
    if (isToolError(error)) return { code: error.code, message: error.message, hint: error.hint };
    throw error;
  }
  throw new Error('expected an error');
}

/** The matchers the contract suites use (Jest's `expect`, described here so this library does not depend on Jest). */
export interface ContractMatchers {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toMatchObject(expected: object): void;
  toHaveLength(expected: number): void;
  toBeUndefined(): void;
  toBeNull(): void;
  toBeGreaterThan(expected: number): void;
  toMatch(expected: RegExp): void;
  toContain(expected: unknown): void;
  readonly not: ContractMatchers;
}

export interface ContractJest {
  describe(name: string, declare: () => void): void;
  it(name: string, test: () => Promise<void>): void;
  beforeEach(hook: () => Promise<void>): void;
  afterEach(hook: () => Promise<void>): void;
  expect: ((actual: unknown) => ContractMatchers) & { any(type: unknown): unknown };
}

/**
 * Jest's functions, taken from the globals Jest injects when the suite is declared: `@chief-of-staff/stores/testing`
 * is also loaded outside Jest (benchmarks, fixtures), where importing `@jest/globals` would fail on load.
 */
export function contractJest(): ContractJest {
  const globals = globalThis as unknown as Partial<ContractJest>;
  if (typeof globals.describe !== 'function' || typeof globals.expect !== 'function') {
    throw new Error('The storage contract suites declare Jest tests: call them from a Jest spec file (with injectGlobals on).');
  }
  return globals as ContractJest;
}

/** The clock every contract test starts at. */
export const CONTRACT_START = '2026-01-15T09:00:00.000Z';
