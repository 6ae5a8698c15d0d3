/**
 * How a source's failure becomes a section status. Unavailability (a provider that is not configured, a service
 * that is down or refuses access) is expected and reported as `unavailable` with the source's own short reason;
 * anything else is `error`. Messages shown to callers are sanitised: one line, bounded, and for unexpected
 * exceptions only a reference to the log line that holds the details.
 */
import { CosError, isCosError, newErrorRef, type Logger } from '@chief-of-staff/core';
import type { SourceStatus } from './sections.js';

/** Codes (provider kinds and tool error codes) that mean "this source cannot be used right now". */
const UNAVAILABLE_CODES: ReadonlySet<string> = new Set([
  'not_configured',
  'unavailable',
  'auth',
  'NOT_CONFIGURED',
  'UNAVAILABLE',
  'PERMISSION_DENIED',
  'CIRCUIT_OPEN',
]);

const MAX_MESSAGE_CHARS = 200;

/** Thrown by a source that cannot serve the request, e.g. because its provider is not configured. */
export function sourceUnavailable(message: string): CosError {
  return new CosError({ code: 'unavailable', message, domain: 'enrichment', category: 'user' });
}

/** One line, no control characters, at most 200 characters. */
export function sanitizeReason(text: string): string {
  // Control characters (and any line breaks) become spaces, so a reason is always one printable line.
  const line = [...text]
    .map((char) => ((char.codePointAt(0) ?? 0) < 0x20 || char === '\u007f' ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > MAX_MESSAGE_CHARS ? `${line.slice(0, MAX_MESSAGE_CHARS - 1)}…` : line;
}

export interface ClassifiedFailure {
  status: Extract<SourceStatus, 'unavailable' | 'error'>;
  message: string;
}

export function classifySourceFailure(section: string, error: unknown, logger: Logger | undefined): ClassifiedFailure {
  if (isCosError(error)) {
    const status = UNAVAILABLE_CODES.has(error.code) ? 'unavailable' : 'error';
    // Messages of our own error types are written for users and never carry internals.
    logger?.warn({ section, code: error.code }, 'enrichment source failed');
    return { status, message: sanitizeReason(error.message) };
  }
  const ref = newErrorRef();
  logger?.error({ err: error, section, ref }, 'enrichment source failed unexpectedly');
  return { status: 'error', message: `The ${section} source failed (ref ${ref}).` };
}
