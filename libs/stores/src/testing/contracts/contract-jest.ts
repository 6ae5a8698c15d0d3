/**
 * What the repository contract suites share: Jest's functions taken from its injected globals (this library does not
 * depend on Jest), the matchers they use, the `ToolError` a call ends with, and the shape of an adapter's `open`.
 */
import { FakeClock, isToolError } from '@chief-of-staff/core';

/** An empty repository for one test, and how to close it. */
export interface OpenedRepository<R> {
  repository: R;
  close(): Promise<void>;
}

/** Opens an empty repository whose timestamps come from `clock`. */
export type OpenRepository<R> = (clock: FakeClock) => Promise<OpenedRepository<R>>;

/** The matchers the contract suites use (Jest's `expect`, described here so this library does not depend on Jest). */
export interface ContractMatchers {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toMatchObject(expected: object): void;
  toHaveLength(expected: number): void;
  toBeUndefined(): void;
  toBeNull(): void;
  toMatch(expected: RegExp | string): void;
  toContain(expected: unknown): void;
  toBeGreaterThan(expected: number): void;
  toBeLessThan(expected: number): void;
  readonly not: ContractMatchers;
  readonly rejects: { toThrow(expected?: RegExp | string): Promise<void> };
}

export interface ContractJest {
  describe(name: string, declare: () => void): void;
  it(name: string, test: () => Promise<void>): void;
  beforeEach(hook: () => Promise<void>): void;
  afterEach(hook: () => Promise<void>): void;
  expect: ((actual: unknown) => ContractMatchers) & { any(type: unknown): unknown; stringMatching(expected: RegExp | string): unknown };
}

/**
 * Jest's functions, taken from the globals Jest injects when a suite is declared: `@chief-of-staff/stores/testing`
 * is also loaded outside Jest (benchmarks, fixtures), where importing `@jest/globals` would fail on load.
 */
export function contractJest(): ContractJest {
  const globals = globalThis as unknown as Partial<ContractJest>;
  if (typeof globals.describe !== 'function' || typeof globals.expect !== 'function') {
    throw new Error('The storage contract suites declare Jest tests: call them from a Jest spec file (with injectGlobals on).');
  }
  return globals as ContractJest;
}

/** The fields of a `ToolError` the contracts compare. */
export interface ContractError {
  code: string;
  message: string;
  hint?: string | undefined;
}

/** The code, message and hint of the `ToolError` the work ends with; any other outcome fails the test. */
export async function toolErrorOf(work: Promise<unknown>): Promise<ContractError> {
  try {
    await work;
  } catch (error) {
    if (isToolError(error)) return { code: error.code, message: error.message, hint: error.hint };
    throw error;
  }
  throw new Error('expected a ToolError');
}

/** `toolErrorOf` under the name the memory and lifecycle contracts use. */
export const errorOf = toolErrorOf;

/**
 * Declares one repository's contract: a `describe` block named after the repository and the adapter, with a fresh
 * repository on a clock at `start` for every test.
 */
export function describeRepositoryContract<R>(
  title: string,
  adapter: string,
  open: OpenRepository<R>,
  start: string,
  declare: (context: { clock: () => FakeClock; repository: () => R }) => void,
): void {
  const { afterEach, beforeEach, describe } = contractJest();
  describe(`${title} contract: ${adapter}`, () => {
    let clock: FakeClock | undefined;
    let opened: OpenedRepository<R> | undefined;
    beforeEach(async () => {
      clock = new FakeClock(start);
      opened = await open(clock);
    });
    afterEach(async () => await opened?.close());
    declare({
      clock: () => {
        if (clock === undefined) throw new Error('the clock exists only inside a test');
        return clock;
      },
      repository: () => {
        if (opened === undefined) throw new Error('the repository exists only inside a test');
        return opened.repository;
      },
    });
  });
}

/** The clock every contract test starts at. */
export const CONTRACT_START = '2026-01-15T09:00:00.000Z';
