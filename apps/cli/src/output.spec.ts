import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SPINNER_DELAY_MS, startSpinner } from './output.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startSpinner', () => {
  const wasTty = process.stderr.isTTY;
  const wasCi = process.env['CI'];
  let written: string[];
  beforeEach(() => {
    written = [];
    // Jest's stderr is no real terminal (no cursor control): the spinner prints its plain line, as under CI.
    process.env['CI'] = 'true';
    Object.defineProperty(process.stderr, 'isTTY', { value: true, configurable: true });
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    if (wasCi === undefined) delete process.env['CI'];
    else process.env['CI'] = wasCi;
    Object.defineProperty(process.stderr, 'isTTY', { value: wasTty, configurable: true });
  });

  it('shows nothing for work that ends before the delay', async () => {
    const spinner = startSpinner('Searching memory');
    await sleep(SPINNER_DELAY_MS / 3);
    spinner?.stop();
    await sleep(SPINNER_DELAY_MS * 2);
    expect(written).toEqual([]);
  });

  it('shows the latest text once the work outlasts the delay, and stops', async () => {
    const spinner = startSpinner('Searching memory');
    expect(spinner).toBeDefined();
    if (spinner) spinner.text = 'Reading 3 of 9 files';
    await sleep(SPINNER_DELAY_MS * 3);
    expect(written.join('')).toContain('Reading 3 of 9 files');
    spinner?.stop();
    const count = written.length;
    await sleep(SPINNER_DELAY_MS);
    expect(written.length).toBeLessThanOrEqual(count + 1);
  });

  it('is silent when stderr is not a terminal', () => {
    Object.defineProperty(process.stderr, 'isTTY', { value: false, configurable: true });
    expect(startSpinner('Searching memory')).toBeUndefined();
  });
});
