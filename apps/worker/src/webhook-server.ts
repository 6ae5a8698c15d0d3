/**
 * `POST /webhooks/:source` on `webhooks.http.host:port` (127.0.0.1:8787 by default): reads the body up to the size
 * limit (a larger one is refused with 413 without reading the rest), hands it to the sdk, and sends back what it
 * says. Only started when at least one source is configured.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookReceiver } from '@chief-of-staff/sdk';

export interface WebhookServerOptions {
  host: string;
  port: number;
  maxBodyBytes: number;
  receiver: WebhookReceiver;
  onError: (error: unknown) => void;
  /** A delivery whose headers and body have not fully arrived by then is cut off with 408 (default 30 s). */
  requestTimeoutMs?: number;
}

const PATH = /^\/webhooks\/([^/?#]{1,64})\/?$/;

function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too_large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limit) {
      resolve('too_large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve('too_large');
        request.pause();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function headersOf(request: IncomingMessage): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value[0] : value]));
}

export async function startWebhookServer(options: WebhookServerOptions): Promise<{ url: string; close(): Promise<void> }> {
  // A source whose secret names an unset variable could never be verified: refuse to start rather than listen.
  options.receiver.checkSecrets();
  // Slow-loris defence: a request that trickles in cannot hold a connection for Node's default 5 minutes.
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const limits = { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(requestTimeout / 2))) };
  const server: Server = createServer(limits, (request, response) => {
    const send = (status: number, body: Record<string, unknown>) => {
      response.writeHead(status, { 'content-type': 'application/json', ...(status === 413 ? { connection: 'close' } : {}) }).end(JSON.stringify(body));
    };
    const match = PATH.exec(request.url ?? '');
    if (!match || request.method !== 'POST') {
      send(404, { error: 'Not found. Webhooks are received at POST /webhooks/<source>.' });
      return;
    }
    void readBody(request, options.maxBodyBytes)
      .then(async (body) => {
        if (body === 'too_large') {
          send(413, { error: `The body is larger than ${options.maxBodyBytes} bytes.` });
          return;
        }
        const answer = await options.receiver.receive({ source: decodeURIComponent(match[1] as string), headers: headersOf(request), body });
        send(answer.status, answer.body);
      })
      .catch((error: unknown) => {
        options.onError(error);
        if (!response.headersSent) send(500, { error: 'The event could not be received; send it again later.' });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}/webhooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
