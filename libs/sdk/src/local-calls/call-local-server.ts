/**
 * `cos` side of the local socket (`serve-local-calls.ts`): hands one call to the server running for the same data
 * directory. Resolves undefined whenever the answer should come from the CLI itself instead: no server, a socket left
 * by one that died, a refusal, a server that went away mid-call or took too long. The calls handed over only read, so
 * running one again locally is always safe.
 */
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import type { ToolRunResult } from '@chief-of-staff/core';
import { LOCAL_CALL_PROTOCOL, LOCAL_CALL_TOOLS, localCallSocketPath, type LocalCallReply } from './local-call-socket.js';

export interface LocalCallOptions {
  /** Give up on the server after this long and answer locally (ms; default 15,000). */
  timeoutMs?: number;
}

/** True when a server may be taking calls for this data directory (its socket exists). */
export function runningServerSocket(dataDir: string): boolean {
  const path = localCallSocketPath(dataDir);
  return path !== undefined && existsSync(path);
}

export function callLocalServer(
  dataDir: string,
  tool: string,
  args: Record<string, unknown>,
  options: LocalCallOptions = {},
): Promise<ToolRunResult | undefined> {
  const path = localCallSocketPath(dataDir);
  if (path === undefined || !LOCAL_CALL_TOOLS.has(tool) || !existsSync(path)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const socket = createConnection(path);
    let settled = false;
    const finish = (result: ToolRunResult | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish(undefined), options.timeoutMs ?? 15_000);
    socket.once('error', () => finish(undefined));
    socket.once('close', () => finish(undefined));
    socket.once('connect', () => socket.write(`${JSON.stringify({ protocol: LOCAL_CALL_PROTOCOL, id: 1, tool, args })}\n`));
    let buffered = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const newline = buffered.indexOf('\n');
      if (newline < 0) return;
      try {
        const reply = JSON.parse(buffered.slice(0, newline)) as LocalCallReply;
        finish('result' in reply && reply.id === 1 ? reply.result : undefined);
      } catch {
        finish(undefined);
      }
    });
  });
}
