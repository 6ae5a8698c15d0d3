/**
 * The fast subset of the reliability suite for CI: every catalogue tool gets generated hostile calls through the
 * bundled MCP server; nothing crashes, every answer is well formed, the database stays intact and read-only tools
 * leave the canary alone. `npm run reliability` runs the full 10,000-input version.
 */
import { describe, expect, it } from '@jest/globals';
import { fuzzCatalogue } from './fuzz-catalogue.js';

describe('hostile input through the MCP server', () => {
  it('answers every generated call well-formed, never crashes, and keeps the data intact', async () => {
    const report = await fuzzCatalogue({ inputsPerTool: 12, seed: 7 });
    expect(report.failures).toEqual([]);
    expect(report).toMatchObject({ crashes: 0, malformed: 0, integrity: 'ok', canaryChanged: false });
    expect(report.tools).toBeGreaterThan(80);
    expect(report.inputs).toBe(report.tools * 12);
  }, 600_000);
});
