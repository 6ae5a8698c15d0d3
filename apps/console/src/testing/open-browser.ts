/**
 * A headless Chromium for the console's browser tests: Debian's `chromium` driven by playwright-core (browsers are
 * never downloaded). Where it is not installed the suites skip with a loud warning; under CI they fail, naming the
 * script that installs it.
 */
import { existsSync } from 'node:fs';
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

/** `describe` when Chromium is installed; otherwise skipped with a warning, or an error under CI. */
export function describeWithBrowser(name: string, body: () => void): void {
  if (existsSync(CHROMIUM_PATH)) {
    describe(name, body);
    return;
  }
  const message = `Chromium is not installed at ${CHROMIUM_PATH}, so "${name}" cannot run. Install it with: sudo bash ${INSTALL_SCRIPT}`;
  if (process.env['CI']) throw new Error(message);
  process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
  describe.skip(name, body);
}
