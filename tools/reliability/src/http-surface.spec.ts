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
    // A failure names the surface and what came back instead of an answer (TIMEOUT, ECONNRESET, 5xx).
    expect(report.bursts.filter((burst) => burst.errors > 0).map(({ surface, errors, statuses }) => ({ surface, errors, statuses }))).toEqual([]);
    for (const burst of report.bursts) expect(burst.requests).toBe(2_000);
    // The MCP server is measured after a full garbage collection, its live heap as well as its RSS.
    expect(report.bursts.find((burst) => burst.surface.startsWith('MCP'))?.heapUsedByRoundMb).toHaveLength(2);
  }, 240_000);
});

afterAll(() => {
  expect(secretScanSummary().findings).toEqual([]);
});
