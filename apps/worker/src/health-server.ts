/** `GET /healthz` on 127.0.0.1: is the worker up, which pid, when it last ticked, how many runs are in progress. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HealthSnapshot {
  status: 'ok';
  pid: number;
  last_tick_at: string | null;
  running: number;
}

export async function startHealthServer(port: number, snapshot: () => HealthSnapshot): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && (req.url ?? '').split('?')[0] === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(snapshot()));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found. The worker serves GET /healthz.' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/healthz`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
