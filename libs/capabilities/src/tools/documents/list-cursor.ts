/**
 * Opaque list cursors for `list_documents` (docs/reference/conventions.md#pagination-and-size-caps): base64url JSON
 * holding the last row's sort key and a fingerprint of the filters, so a cursor reused with other filters, or edited,
 * is refused instead of silently returning the wrong page.
 */
import { createHash } from 'node:crypto';
import { ToolError } from '@chief-of-staff/core';

export interface PathCursor {
  path: string;
  id: number;
}

function fingerprint(filters: Record<string, unknown>): string {
  const stable = JSON.stringify(Object.keys(filters).sort().map((key) => [key, filters[key] ?? null]));
  return createHash('sha256').update(stable).digest('base64url').slice(0, 16);
}

export function encodePathCursor(position: PathCursor, filters: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ v: 1, f: fingerprint(filters), p: position.path, i: position.id })).toString('base64url');
}

export function decodePathCursor(cursor: string, filters: Record<string, unknown>): PathCursor {
  const invalid = (problem: string): ToolError =>
    ToolError.invalidArgument('cursor', problem, 'Pass the next_cursor of the previous page unchanged, with the same filters.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('is not a cursor returned by this tool.');
  }
  const value = parsed as { v?: unknown; f?: unknown; p?: unknown; i?: unknown };
  if (value?.v !== 1 || typeof value.p !== 'string' || !Number.isSafeInteger(value.i) || typeof value.f !== 'string') {
    throw invalid('is not a cursor returned by this tool.');
  }
  if (value.f !== fingerprint(filters)) throw invalid('was issued for different filters.');
  return { path: value.p, id: value.i as number };
}

/**
 * Applies the limit rule of docs/reference/conventions.md#pagination-and-size-caps: above `max` is clamped with a
 * warning (below 1 is rejected by the schema).
 */
export function clampLimit(field: string, value: number, max: number, warnings: string[]): number {
  if (value <= max) return value;
  warnings.push(`${field} clamped to ${max}.`);
  return max;
}
