/**
 * Cursors for lists computed on each call (suggestions, the inbound view): the cursor is the offset of the next page,
 * opaque to callers. A cursor this tool did not return is refused with what to do instead.
 */
import { ToolError } from '@chief-of-staff/core';

export function decodeOffsetCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const offset = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isInteger(offset) || offset < 0) {
    throw ToolError.invalidArgument('cursor', 'The cursor is not one this tool returned.', 'Pass next_cursor from the previous page, or leave it out.');
  }
  return offset;
}

/** The cursor of the page after `[offset, offset + limit)`, or null when `total` items end there. */
export function nextOffsetCursor(offset: number, limit: number, total: number): string | null {
  return offset + limit < total ? Buffer.from(String(offset + limit)).toString('base64url') : null;
}
