/**
 * Where a running server takes calls from `cos` on the same machine, and what is said over it: one JSON object per
 * line each way. The socket lives in the data directory (created 0700), so only its owner can reach it.
 */
import { join } from 'node:path';
import type { ToolRunResult } from '@chief-of-staff/core';

/** Bumped when a request or reply changes shape; a server refuses other versions and the CLI answers locally. */
export const LOCAL_CALL_PROTOCOL = 1;

export const LOCAL_CALL_SOCKET_FILE = 'cos.sock';

/**
 * The tools a running server answers for `cos`: read-only searches whose answer does not depend on who asks, and
 * whose cost in a fresh process is mostly loading the model (`cos memory search`, `cos docs search`).
 */
export const LOCAL_CALL_TOOLS: ReadonlySet<string> = new Set(['query_memory', 'search_documents']);

/** A request longer than this is refused (a search's arguments are a few hundred bytes). */
export const MAX_LOCAL_REQUEST_BYTES = 64 * 1024;

/** Unix socket paths are limited to 104 (macOS) or 108 (Linux) bytes. */
const MAX_SOCKET_PATH_BYTES = 100;

export interface LocalCallRequest {
  protocol: number;
  id: number;
  tool: string;
  args: Record<string, unknown>;
}

export type LocalCallReply = { id: number; result: ToolRunResult } | { id: number; refused: string };

/** The socket of a data directory, or undefined where none can be made (a path too long, Windows). */
export function localCallSocketPath(dataDir: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  const path = join(dataDir, LOCAL_CALL_SOCKET_FILE);
  return Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES ? undefined : path;
}
