/**
 * The fast subset of the HTTP load run for CI: 10 concurrent MCP clients writing and reading for 5 seconds through
 * the bundled server's HTTP transport; no call fails, no acknowledged write is lost, and neither the token nor the
 * model key shows up in the server's log or data directory. `npm run reliability` runs
 * 50 clients for 60 seconds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { API_KEY, findSecrets, runHttpLoad, TOKEN } from './http-load.js';

describe('MCP over HTTP under concurrent clients', () => {
  it('answers every call and keeps every acknowledged write', async () => {
    const report = await runHttpLoad({ clients: 10, seconds: 5 });
    expect(report.firstErrors).toEqual([]);
    expect(report).toMatchObject({ errors: 0, lostWrites: 0, integrity: 'ok', secretsFound: [] });
    expect(report.acknowledgedWrites).toBeGreaterThan(10);
  }, 120_000);

  it('the secret scan finds a token in a log and a key in a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cos-secret-scan-'));
    try {
      writeFileSync(join(dir, 'notes.json'), JSON.stringify({ key: API_KEY }));
      writeFileSync(join(dir, 'cos.config.yaml'), `token: ${TOKEN}\n`);
      expect(findSecrets('probe', `request with Bearer ${TOKEN}`, dir)).toEqual(['probe: log', 'probe: notes.json']);
      // The configuration the suite wrote itself is not the product leaking it.
      expect(findSecrets('probe', 'nothing here', dir)).toEqual(['probe: notes.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
