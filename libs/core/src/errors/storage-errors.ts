/**
 * Storage failures a user can act on, recognised in whatever shape they reach a tool — SQLite's result codes, Node's
 * errno codes, or the vector store's Rust I/O error text — and told in plain words instead of "Unexpected error":
 *
 * - the disk is full (`SQLITE_FULL`, `ENOSPC`): `LIMIT_EXCEEDED`, which never trips a circuit breaker, because the
 *   next write works as soon as space is freed;
 * - the data directory cannot be written (`EROFS`, `EACCES`, `EPERM`, `SQLITE_READONLY`): read-only, or held by
 *   another program;
 * - the database stayed locked by another program past the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
 */
import { isToolError, ToolError } from './tool-error.js';

interface StorageFailure {
  codes: ReadonlySet<string>;
  text: RegExp;
  error: (ref: string) => ToolError;
}

const FAILURES: readonly StorageFailure[] = [
  {
    codes: new Set(['SQLITE_FULL', 'ENOSPC']),
    text: /No space left on device|os error 28|database or disk is full/i,
    error: (ref) =>
      new ToolError('LIMIT_EXCEEDED', `The disk that holds the data directory is full, so this was not saved (ref ${ref}).`, {
        hint: 'Free some space on that disk and try again; everything stored before is intact (`cos doctor` shows where the data directory is).',
      }),
  },
  {
    codes: new Set(['EROFS', 'EACCES', 'EPERM', 'SQLITE_READONLY']),
    text: /Read-only file system|os error 30|Permission denied \(os error 13\)|attempt to write a readonly database/i,
    error: (ref) =>
      new ToolError('UNAVAILABLE', `The data directory cannot be written (it is read-only, or another program holds it), so this was not saved (ref ${ref}).`, {
        hint: 'Check that the data directory is on a writable disk and that this user owns it, then try again (`cos doctor` shows where it is).',
      }),
  },
  {
    codes: new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']),
    text: /database is locked/i,
    error: (ref) =>
      new ToolError('UNAVAILABLE', `The database is locked by another program, so this was not saved (ref ${ref}).`, {
        hint: 'Try again in a moment; if it stays locked, close whatever else has the data directory open (a database browser, a backup tool).',
      }),
  },
];

/**
 * The plain-words error for a storage failure the user can fix, or undefined for anything else. A `ToolError` a
 * storage adapter threw (the PostgreSQL pool's UNAVAILABLE for a server that is down, say) is returned as it is,
 * wherever the query builder wrapped it.
 */
export function storageToolError(error: unknown, ref: string): ToolError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (isToolError(current)) return current;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    const failure = FAILURES.find(
      (candidate) => (typeof code === 'string' && candidate.codes.has(code)) || (typeof message === 'string' && candidate.text.test(message)),
    );
    if (failure) return failure.error(ref);
    current = cause;
  }
  return undefined;
}
