/**
 * Model API faults for CI, every case: run_agent and the agent factory against 429, 500, 502, 529, 401, a hanging
 * response and bodies that are not a message, once and every time. Each ends in a recovered run or a clear error within its
 * time budget, no answer shows a raw error, and the server answers the next call.
 */
import { describe, expect, it } from '@jest/globals';
import { FAULT_CASES, runModelFaults } from './model-faults.js';
import { rawErrorSigns } from './raw-error.js';

describe('model API faults through the MCP server', () => {
  it('recovers or fails clearly, on time, without raw errors, and keeps serving', async () => {
    const report = await runModelFaults();
    expect(report).toMatchObject({ rawErrorsShown: 0, hungCalls: 0, unclear: 0 });
    expect(report.scenarios).toBe(FAULT_CASES.length);
    expect(report.scenarios).toBeGreaterThan(0);
  }, 180_000);

  it('the raw-error check names stack frames, SDK classes, socket codes and HTTP bodies, and passes product messages', () => {
    expect(rawErrorSigns('Error: boom\n    at callModel (/app/dist/main.js:10:5)')).toEqual(expect.arrayContaining(['a stack frame', 'a source path']));
    expect(rawErrorSigns('APIConnectionError: read ECONNRESET')).toEqual(['an SDK error class', 'a socket error code']);
    expect(rawErrorSigns('{"type":"error","error":{"type":"api_error"}}')).toEqual(['the HTTP error body']);
    expect(rawErrorSigns('Unexpected end of JSON input')).toEqual(['a JSON parser message']);
    expect(rawErrorSigns('The model API returned 529 (overloaded_error): Overloaded.')).toEqual([]);
  });
});
