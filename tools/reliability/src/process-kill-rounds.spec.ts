/**
 * The fast subset of the crash-safety runs of the worker and the CLI for CI: three rounds each. `npm run reliability`
 * runs 20.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { secretScanSummary } from './secret-scan.js';
import { runCliKillRounds } from './cli-kill-rounds.js';
import { runWorkerKillRounds } from './worker-kill-rounds.js';

describe('SIGKILL of the worker while it receives webhooks', () => {
  it('keeps every acknowledged delivery, and the next worker starts on the same data dir', async () => {
    const report = await runWorkerKillRounds({ rounds: 3 });
    expect(report).toMatchObject({ lostWrites: 0, integrity: 'ok' });
    expect(report.acknowledgedWrites).toBeGreaterThan(0);
  }, 180_000);
});

describe('SIGKILL of cos memory add processes', () => {
  it('keeps every fact a command reported stored, and no concurrent command fails', async () => {
    const report = await runCliKillRounds({ rounds: 3 });
    expect(report).toMatchObject({ lostWrites: 0, failed: 0, integrity: 'ok' });
    expect(report.killed).toBeGreaterThan(0);
    expect(report.acknowledgedWrites).toBeGreaterThan(0);
  }, 180_000);
});

afterAll(() => {
  // Every log and data-dir file these runs produced was scanned for the suite's secrets.
  expect(secretScanSummary().findings).toEqual([]);
});
