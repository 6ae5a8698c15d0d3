/**
 * Cold start of an MCP server over stdio: spawn → initialize → tools/list answered, as a client like Claude Desktop
 * sees it. Returns the milliseconds until the tools/list response and how many tools it listed.
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

interface JsonRpcMessage {
  id?: number;
  result?: { tools?: unknown[]; isError?: boolean; structuredContent?: unknown };
  error?: unknown;
}

/** Calls `onMessage` with each newline-delimited JSON-RPC message the stream carries. */
function onJsonLines(stream: Readable, onMessage: (message: JsonRpcMessage) => void): void {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      onMessage(JSON.parse(line) as JsonRpcMessage);
    }
  });
}

export interface ColdStart {
  ms: number;
  tools: number;
}

export function measureColdStart(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<ColdStart> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not answer tools/list within 30 s`));
    }, 30_000);
    child.on('error', reject);
    onJsonLines(child.stdout, (message) => {
      if (message.id === 1) {
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
      } else if (message.id === 2) {
        const ms = performance.now() - started;
        clearTimeout(timer);
        child.once('exit', () => resolve({ ms, tools: message.result?.tools?.length ?? 0 }));
        child.stdin.end();
        child.kill('SIGTERM');
      }
    });
    child.stdin.write(
      `${JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'cold-start-bench', version: '1' },
        },
      })}\n`,
    );
  });
}

export interface FirstAnswer {
  /** Spawn → tools/list answered. */
  listMs: number;
  /** Spawn → the first tools/call answered. */
  callMs: number;
  /** The call's structured answer, for a benchmark that checks what the first answer said. */
  answer?: unknown;
}

/**
 * Spawn → initialize → tools/list → one tools/call, as a client that wants an answer sees it: the milliseconds until
 * the list and until the call's answer.
 */
export function measureFirstAnswer(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  call: { name: string; arguments: Record<string, unknown> },
  /** Keep the server running this long after the answer (its background work done, as a session longer than one call leaves it). */
  lingerMs = 0,
): Promise<FirstAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
    let listMs = 0;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not answer ${call.name} within 60 s`));
    }, 60_000);
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    child.on('error', reject);
    onJsonLines(child.stdout, (message) => {
      if (message.id === 1) {
        send({ method: 'notifications/initialized' });
        send({ id: 2, method: 'tools/list' });
      } else if (message.id === 2) {
        listMs = performance.now() - started;
        send({ id: 3, method: 'tools/call', params: call });
      } else if (message.id === 3) {
        const callMs = performance.now() - started;
        clearTimeout(timer);
        if (message.error || message.result?.isError) {
          child.kill('SIGKILL');
          reject(new Error(`${call.name} failed: ${JSON.stringify(message.error ?? message.result)}`));
          return;
        }
        child.once('exit', () => resolve({ listMs, callMs, answer: message.result?.structuredContent }));
        setTimeout(() => {
          child.stdin.end();
          child.kill('SIGTERM');
        }, lingerMs);
      }
    });
    send({
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'first-answer-bench', version: '1' },
      },
    });
  });
}
