/**
 * The fast subset of the HTTP load run for CI: 10 concurrent MCP clients writing and reading for 5 seconds through
 * the bundled server's HTTP transport; no call fails and no acknowledged write is lost. `npm run reliability` runs
 * 50 clients for 60 seconds.
 */
import { describe, expect, it } from '@jest/globals';
import { runHttpLoad } from './http-load.js';

describe('MCP over HTTP under concurrent clients', () => {
  it('answers every call and keeps every acknowledged write', async () => {
    const report = await runHttpLoad({ clients: 10, seconds: 5 });
    expect(report.firstErrors).toEqual([]);
    expect(report).toMatchObject({ errors: 0, lostWrites: 0, integrity: 'ok' });
    expect(report.acknowledgedWrites).toBeGreaterThan(10);
  }, 120_000);
});
