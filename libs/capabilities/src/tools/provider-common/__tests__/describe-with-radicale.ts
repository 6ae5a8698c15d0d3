/**
 * `describe` for suites that need the Radicale test server: skipped with a loud message naming the install script
 * where it is not installed, and an error under CI, which installs it first.
 */
import { existsSync } from 'node:fs';
import { describe } from '@jest/globals';
import { INSTALL_SCRIPT, RADICALE_BINARY } from '@chief-of-staff/providers/testing';

export function describeWithRadicale(name: string, body: () => void): void {
  if (existsSync(RADICALE_BINARY)) return describe(name, body);
  const message = `Radicale is not installed, so "${name}" cannot run. Install the test servers with: bash ${INSTALL_SCRIPT}`;
  if (process.env['CI']) throw new Error(message);
  process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
  describe.skip(name, body);
}
