/**
 * A PostgreSQL server that cannot be reached, told as the tool error a person sees: `UNAVAILABLE: The database at
 * <host:port> is not reachable (<short cause>).` Only the host and port are named — the connection URL may hold the
 * password — and the cause is a few words, not the driver's message.
 */
import { ToolError } from '@chief-of-staff/core';

/** Error codes and messages of a connection that could not be made or was lost, with the words that name them. */
const CAUSES: readonly { codes: readonly string[]; text?: RegExp; cause: string }[] = [
  { codes: ['ECONNREFUSED'], cause: 'connection refused' },
  { codes: ['ETIMEDOUT'], text: /timeout|timed out/i, cause: 'timed out' },
  { codes: ['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN'], cause: 'host unreachable' },
  { codes: ['ENOTFOUND', 'EAI_AGAIN'], cause: 'unknown host' },
  { codes: ['ECONNRESET', 'EPIPE'], cause: 'connection reset' },
  { codes: ['ENOENT'], cause: 'no server at the socket' },
  // admin_shutdown, crash_shutdown, cannot_connect_now: the server is stopping, restarting or starting up.
  { codes: ['57P01', '57P02', '57P03'], cause: 'the server is starting up or shutting down' },
  { codes: [], text: /Connection terminated/i, cause: 'connection lost' },
  // too_many_connections: every connection the server allows (`max_connections`) is in use.
  { codes: ['53300'], text: /too many clients|remaining connection slots/i, cause: 'every connection it allows is in use' },
];

/** Marks the errors made here, so opening the storage can still describe the driver's error underneath. */
const REASON = 'DB_UNREACHABLE';

function causeOf(error: unknown): string | undefined {
  const candidates = [error, ...((error as { errors?: unknown[] } | null)?.errors ?? [])];
  for (const candidate of candidates) {
    const { code, message } = (candidate ?? {}) as { code?: unknown; message?: unknown };
    const found = CAUSES.find(
      (entry) => (typeof code === 'string' && entry.codes.includes(code)) || (entry.text !== undefined && typeof message === 'string' && entry.text.test(message)),
    );
    if (found) return found.cause;
  }
  return undefined;
}

/** The UNAVAILABLE error for a connection to `address` (`host:port`) that failed, or undefined for any other failure. */
export function databaseUnreachable(address: string, error: unknown): ToolError | undefined {
  const cause = causeOf(error);
  if (cause === undefined) return undefined;
  return new ToolError('UNAVAILABLE', `The database at ${address} is not reachable (${cause}).`, {
    domain: 'postgres',
    hint: 'Try again shortly. If it lasts, the administrator checks that PostgreSQL is running and reachable from this server (`cos doctor` shows what is wrong).',
    details: { reason: REASON, database: address, cause },
    cause: error,
  });
}

/** The driver's error behind an error of `databaseUnreachable` (anything else is returned as it is). */
export function unwrapDatabaseUnreachable(error: unknown): unknown {
  const details = (error as { details?: { reason?: unknown } } | null)?.details;
  return details?.reason === REASON ? (error as { cause?: unknown }).cause : error;
}
