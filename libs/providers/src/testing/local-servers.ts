/** What the real test servers (Dovecot, Radicale) share: a free port on 127.0.0.1, and how to install them. */
import { createServer } from 'node:net';

export const INSTALL_SCRIPT = 'tools/test-servers/install.sh';

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
