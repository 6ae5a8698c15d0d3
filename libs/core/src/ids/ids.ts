/** Identifier helpers: UUIDs for runs and short references that tie a user-visible message to a log line. */
import { randomBytes, randomUUID } from 'node:crypto';

export function newUuid(): string {
  return randomUUID();
}

/** An 8-character lower-case hex reference, e.g. for "Unexpected error in x (ref 1a2b3c4d)." */
export function newErrorRef(): string {
  return randomBytes(4).toString('hex');
}
