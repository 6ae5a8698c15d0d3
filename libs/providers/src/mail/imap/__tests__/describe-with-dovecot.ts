/** Account suites run only where Dovecot is installed; elsewhere they skip loudly, and under CI they fail. */
import { describe } from '@jest/globals';
import { dovecotBinary, INSTALL_SCRIPT } from './test-servers.js';

/** `describe` when Dovecot is installed; otherwise a loud skip (or, under CI, a failing suite). */
export function describeWithDovecot(name: string, body: () => void): void {
  if (dovecotBinary()) {
    describe(name, body);
    return;
  }
  const message = `Dovecot is not installed, so "${name}" cannot run. Install the test servers with: bash ${INSTALL_SCRIPT}`;
  if (process.env['CI']) throw new Error(message);
  process.stderr.write(`\n*** SKIPPED: ${message}\n\n`);
  describe.skip(name, body);
}
