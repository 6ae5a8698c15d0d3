/**
 * The HTTP surfaces from outside for CI: every refusal (credentials, Origin, Host, size, slow bodies) on the MCP
 * endpoint and the webhook receiver, and two bursts of 1,000 concurrent requests each with no request left without
 * an answer. `npm run reliability` runs five bursts and compares memory across them.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { runHttpSurface } from './http-surface.js';
import { secretScanSummary } from './secret-scan.js';

describe('the HTTP surfaces from outside', () => {
  it('refuse what they must with the right status and answer 1,000 concurrent requests', async () => {
    const report = await runHttpSurface({ rounds: 2 });
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
    expect(report.checks.length).toBeGreaterThanOrEqual(12);
    for (const burst of report.bursts) expect({ surface: burst.surface, errors: burst.errors, statuses: burst.statuses }).toMatchObject({ errors: 0 });
    for (const burst of report.bursts) expect(burst.requests).toBe(2_000);
  }, 240_000);
});

afterAll(() => {
  expect(secretScanSummary().findings).toEqual([]);
});
