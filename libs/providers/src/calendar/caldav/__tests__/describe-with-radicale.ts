/** CalDAV suites run only where Radicale is installed; elsewhere they skip loudly, and under CI they fail. */
import { existsSync } from 'node:fs';
import { describe } from '@jest/globals';
import { INSTALL_SCRIPT } from '../../../testing/local-servers.js';
import { RADICALE_BINARY } from '../../../testing/radicale-server.js';

export function describeWithRadicale(name: string, body: () => void): void {
  if (existsSync(RADICALE_BINARY)) {
    describe(name, body);
    return;
  }
  const message = `Radicale is not installed, so "${name}" cannot run. Install the test servers with: bash ${INSTALL_SCRIPT}`;
  if (process.env['CI']) throw new Error(message);
  process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
  describe.skip(name, body);
}
