/**
 * The fast subset of the crash-safety run for CI: three SIGKILLs of the HTTP server during concurrent writes; every
 * acknowledged write survives and the database stays intact. `npm run reliability` runs 20 rounds.
 */
import { describe, expect, it } from '@jest/globals';
import { runKillRounds } from './kill-rounds.js';

describe('SIGKILL of the MCP server during writes', () => {
  it('keeps every acknowledged write and an intact database', async () => {
    const report = await runKillRounds({ rounds: 3 });
    expect(report).toMatchObject({ lostWrites: 0, integrity: 'ok' });
    expect(report.acknowledgedWrites).toBeGreaterThan(0);
  }, 180_000);
});
