/**
 * The stdio transport, with a bounded message size that does not cost the connection. The SDK's transport closes
 * itself when one line exceeds its buffer limit, leaving a live process that no longer reads anything. Here an
 * oversized line is skipped up to its newline, answered with a JSON-RPC error (carrying the request id when it can
 * be read from the start of the line, so the client's call fails at once instead of timing out), logged, and the
 * connection keeps serving the messages that follow.
 */
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024;
const ID_SCAN_BYTES = 4_096;

/** The `id` of a JSON-RPC request, read from the beginning of its text; null when it cannot be found there. */
export function leadingRequestId(head: string): string | number | null {
  const match = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")/.exec(head);
  if (!match?.[1]) return null;
  return match[1].startsWith('"') ? (JSON.parse(match[1]) as string) : Number(match[1]);
}

export class BoundedStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  #parts: Buffer[] = [];
  #length = 0;
  /** While skipping an oversized line: its first bytes (for the id); undefined otherwise. */
  #skippedHead: string | undefined;
  #started = false;

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly maxMessageBytes = MAX_STDIO_MESSAGE_BYTES,
    private readonly onOversized: (bytes: number) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    if (this.#started) throw new Error('BoundedStdioServerTransport already started.');
    this.#started = true;
    this.stdin.on('data', this.#onData);
    this.stdin.on('error', this.#onStreamError);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.#onData);
    this.stdin.off('error', this.#onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.#parts = [];
    this.#length = 0;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  readonly #onStreamError = (error: Error): void => {
    this.onerror?.(error);
  };

  readonly #onData = (chunk: Buffer): void => {
    let rest = chunk;
    while (rest.length > 0) {
      const newline = rest.indexOf(0x0a);
      const piece = newline === -1 ? rest : rest.subarray(0, newline);
      this.#take(piece);
      if (newline === -1) break;
      this.#endLine();
      rest = rest.subarray(newline + 1);
    }
  };

  #take(piece: Buffer): void {
    if (this.#skippedHead !== undefined) {
      this.#length += piece.length;
      return;
    }
    if (this.#length + piece.length > this.maxMessageBytes) {
      this.#skippedHead = Buffer.concat([...this.#parts, piece]).subarray(0, ID_SCAN_BYTES).toString('utf8');
      this.#parts = [];
      this.#length += piece.length;
      return;
    }
    this.#parts.push(piece);
    this.#length += piece.length;
  }

  #endLine(): void {
    const skipped = this.#skippedHead;
    const bytes = this.#length;
    const line = skipped === undefined ? Buffer.concat(this.#parts).toString('utf8').replace(/\r$/, '') : '';
    this.#parts = [];
    this.#length = 0;
    this.#skippedHead = undefined;
    if (skipped !== undefined) {
      this.onOversized(bytes);
      void this.send({
        jsonrpc: '2.0',
        id: leadingRequestId(skipped),
        error: {
          code: -32600,
          message: `Message of ${bytes} bytes exceeds the ${this.maxMessageBytes}-byte limit and was discarded. Send large content by reference (for example a file path inside the allowed roots) instead of inline.`,
        },
      } as unknown as JSONRPCMessage);
      return;
    }
    if (line.trim() === '') return;
    try {
      this.onmessage?.(deserializeMessage(line));
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
