/**
 * A running server answers `cos memory search` and `cos docs search` for the same data directory over a Unix socket,
 * so those commands need not load the libraries and the embedding model in a process of their own: ~550 ms of a
 * ~600 ms command on the benchmark machine (issue: time to first answer; docs/adr/0025-cli-hands-searches-to-server.md).
 *
 * One server per data directory takes the socket; another one that finds it taken leaves it alone, and a socket file
 * left by a server that died is replaced. A server removes the socket when it stops, unless another has taken it
 * over since. Only the tools in `LOCAL_CALL_TOOLS` are answered; anything else is refused and the CLI runs it itself.
 */
import { chmodSync, statSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { Logger, ToolCaller, ToolRunResult } from '@chief-of-staff/core';
import {
  LOCAL_CALL_PROTOCOL,
  LOCAL_CALL_TOOLS,
  localCallSocketPath,
  MAX_LOCAL_REQUEST_BYTES,
  type LocalCallReply,
  type LocalCallRequest,
} from './local-call-socket.js';

export interface LocalCallHost {
  callTool(name: string, args: unknown, options?: { caller?: ToolCaller; signal?: AbortSignal }): Promise<ToolRunResult>;
  logger: Logger;
}

export interface LocalCallServer {
  /** The socket this server listens on, or undefined when it does not (another server has it, or none can be made). */
  readonly path: string | undefined;
  close(): Promise<void>;
}

const NOT_SERVING: LocalCallServer = { path: undefined, close: async () => undefined };

/** True when a server answers on the socket (false for a file left behind by one that died). */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

function listen(server: Server, path: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => resolve(error);
    server.once('error', onError);
    server.listen(path, () => {
      server.off('error', onError);
      resolve(undefined);
    });
  });
}

function parseRequest(line: string): LocalCallRequest | string {
  let request: Partial<LocalCallRequest>;
  try {
    request = JSON.parse(line) as Partial<LocalCallRequest>;
  } catch {
    return 'not JSON';
  }
  if (request.protocol !== LOCAL_CALL_PROTOCOL) return `protocol ${String(request.protocol)} (this server speaks ${LOCAL_CALL_PROTOCOL})`;
  if (typeof request.id !== 'number' || typeof request.tool !== 'string' || typeof request.args !== 'object' || request.args === null) {
    return 'a request needs a numeric id, a tool name and an arguments object';
  }
  if (!LOCAL_CALL_TOOLS.has(request.tool)) return `${request.tool} is not answered for cos over the socket`;
  return request as LocalCallRequest;
}

function serveConnection(socket: Socket, host: LocalCallHost): void {
  const aborted = new AbortController();
  socket.once('close', () => aborted.abort());
  socket.on('error', () => socket.destroy());
  let buffered = '';
  const reply = (message: LocalCallReply) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  };
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.length > MAX_LOCAL_REQUEST_BYTES) {
      reply({ id: 0, refused: `request over ${MAX_LOCAL_REQUEST_BYTES} bytes` });
      socket.end();
      return;
    }
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
      const request = parseRequest(line);
      if (typeof request === 'string') {
        reply({ id: 0, refused: request });
        continue;
      }
      void host
        .callTool(request.tool, request.args, { caller: { kind: 'cli' }, signal: aborted.signal })
        .then((result) => {
          host.logger.info({ tool: request.tool, ok: result.ok }, 'answered a call from cos over the local socket');
          reply({ id: request.id, result });
        })
        .catch((error: unknown) => {
          host.logger.warn({ err: error, tool: request.tool }, 'a call from cos over the local socket failed');
          reply({ id: request.id, refused: 'the server could not run the call' });
        });
    }
  });
}

export async function serveLocalCalls(dataDir: string, host: LocalCallHost): Promise<LocalCallServer> {
  const path = localCallSocketPath(dataDir);
  if (path === undefined) return NOT_SERVING;
  const server = createServer((socket) => serveConnection(socket, host));
  let failure = await listen(server, path);
  if (failure?.code === 'EADDRINUSE') {
    if (await answers(path)) return NOT_SERVING;
    try {
      unlinkSync(path);
    } catch {
      // Gone already: another server replaced it first; listening again tells which of us has it.
    }
    failure = await listen(server, path);
  }
  if (failure) {
    host.logger.debug({ err: failure, path }, 'not taking calls from cos over the local socket');
    return NOT_SERVING;
  }
  // The data directory is the user's own (0700); the socket is too, whatever the umask.
  chmodSync(path, 0o600);
  const inode = statSync(path).ino;
  // Serving cos never keeps a server alive that would otherwise stop.
  server.unref();
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        try {
          if (statSync(path).ino === inode) unlinkSync(path);
        } catch {
          // Removed already.
        }
      }),
  };
}
