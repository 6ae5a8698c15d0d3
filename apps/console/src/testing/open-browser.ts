/**
 * A headless Chromium for the console's browser tests: Debian's `chromium` driven by playwright-core (browsers are
 * never downloaded). Where it is not installed the suites skip with one notice for the run, naming `COS_CHROMIUM` and
 * the script that installs it; under CI they fail.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from '@jest/globals';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env['COS_CHROMIUM'] ?? '/usr/bin/chromium';
export const INSTALL_SCRIPT = 'tools/test-servers/install.sh';

/**
 * The flags the closed test network needs: without the background-networking ones Chromium keeps dialling out and
 * the sandbox is unavailable as root in containers.
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function openBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

const HOW_TO_RUN = `set COS_CHROMIUM to a Chromium or Chrome binary (COS_CHROMIUM=/path/to/chromium npm test), or install Chromium with: sudo bash ${INSTALL_SCRIPT}`;

/**
 * Records the skip: jest.preset.cjs gives each project's run a directory whose notices the summary reporter prints
 * once (one line for five browser suites); outside it, printed here.
 */
function noticeSkipped(message: string): void {
  const dir = process.env['COS_TEST_NOTICES_DIR'];
  if (dir === undefined || dir === '') {
    process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
    return;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'chromium.txt'), `${message}\n`);
}

/** `describe` when Chromium is installed; otherwise skipped with a notice, or an error under CI. */
export function describeWithBrowser(name: string, body: () => void): void {
  if (existsSync(CHROMIUM_PATH)) {
    describe(name, body);
    return;
  }
  if (process.env['CI']) throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}, so "${name}" cannot run. To run it, ${HOW_TO_RUN}`);
  noticeSkipped(`the console's browser suites (no Chromium at ${CHROMIUM_PATH}). To run them, ${HOW_TO_RUN}.`);
  describe.skip(name, body);
}
