/**
 * External MCP servers that hang, fail, throw and crash behind the real server: answers in time, falls back to the
 * healthy server, shows no upstream error text, opens the breaker, restarts the crashed server, and stays up.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { secretScanSummary } from './secret-scan.js';
import { runExternalServerFaults } from './external-server-faults.js';

describe('external MCP servers that hang, fail and crash', () => {
  it('are contained by time limits, fallbacks and the breaker', async () => {
    const report = await runExternalServerFaults();
    expect(report.details).toEqual([]);
    expect(report).toMatchObject({ lateAnswers: 0, rawErrorsShown: 0, serverCrashes: 0, breakerOpened: true, restartedAfterCrash: true });
    expect(report.recoveredByFallback).toBe(3);
  }, 120_000);
});

afterAll(() => {
  // Every log and data-dir file these runs produced was scanned for the suite's secrets.
  expect(secretScanSummary().findings).toEqual([]);
});
