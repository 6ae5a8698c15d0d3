/**
 * List pagination shared by every repository and tool (docs/reference/conventions.md#pagination-and-size-caps):
 * `limit` with a per-list default and max (above the max is clamped with a warning, below 1 is INVALID_ARGUMENT) and
 * opaque base64url cursors bound to the query's filters, so a cursor reused with other filters is rejected instead of
 * silently skipping rows. Cursors carry an offset into a deterministic order (explicit ORDER BY with an id tiebreak).
 */
import { createHash } from 'node:crypto';
import { ToolError } from '@chief-of-staff/core';

export interface PageLimits {
  defaultLimit: number;
  maxLimit: number;
}

export interface PageRequest {
  limit?: number | undefined;
  cursor?: string | null | undefined;
}

/** Where a page starts and how long it is, resolved from a request. */
export interface PageWindow {
  limit: number;
  offset: number;
  warnings: string[];
  /** Fingerprint of the filters the cursor is bound to. */
  filterKey: string;
}

/** The list envelope of docs/reference/conventions.md#result-envelope. */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  total?: number;
  warnings?: string[];
}

interface CursorPayload {
  v: 1;
  o: number;
  f: string;
}

/** JSON with sorted keys and `undefined` dropped, so equal filters always hash the same. */
function stableJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

/** A short fingerprint of a list's filters (including the list's own name, so cursors never cross lists). */
export function filterKeyOf(list: string, filters: unknown): string {
  return createHash('sha256').update(`${list}\n${stableJson(filters)}`).digest('base64url').slice(0, 16);
}

export function encodeCursor(offset: number, filterKey: string): string {
  const payload: CursorPayload = { v: 1, o: offset, f: filterKey };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

const invalidCursor = (problem: string) =>
  ToolError.invalidArgument(
    'cursor',
    problem,
    'Pass the next_cursor returned by the previous call with the same filters, or omit cursor to start over.',
  );

/** The offset a cursor points at; INVALID_ARGUMENT when malformed or issued for other filters. */
export function decodeCursor(cursor: string, filterKey: string): number {
  let payload: Partial<CursorPayload>;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorPayload>;
  } catch {
    throw invalidCursor('is not a cursor issued by this list.');
  }
  if (payload?.v !== 1 || typeof payload.o !== 'number' || !Number.isInteger(payload.o) || payload.o < 0) {
    throw invalidCursor('is not a cursor issued by this list.');
  }
  if (payload.f !== filterKey) throw invalidCursor('was issued for different filters.');
  return payload.o;
}

/** Resolves `limit` and `cursor` into an offset window. */
export function openPage(request: PageRequest, limits: PageLimits, list: string, filters: unknown): PageWindow {
  const warnings: string[] = [];
  let limit = request.limit ?? limits.defaultLimit;
  if (!Number.isInteger(limit) || limit < 1) {
    throw ToolError.invalidArgument('limit', `must be an integer of at least 1 (got ${String(limit)}).`, `Use 1–${limits.maxLimit}.`);
  }
  if (limit > limits.maxLimit) {
    warnings.push(`limit clamped to ${limits.maxLimit}`);
    limit = limits.maxLimit;
  }
  const filterKey = filterKeyOf(list, filters);
  const offset = request.cursor ? decodeCursor(request.cursor, filterKey) : 0;
  return { limit, offset, warnings, filterKey };
}

/**
 * Builds the page from rows fetched with `LIMIT window.limit + 1 OFFSET window.offset`: the extra row only
 * tells whether another page exists.
 */
export function closePage<T>(rows: readonly T[], window: PageWindow, extra: { total?: number; warnings?: string[] } = {}): Page<T> {
  const hasMore = rows.length > window.limit;
  const page: Page<T> = {
    items: rows.slice(0, window.limit),
    next_cursor: hasMore ? encodeCursor(window.offset + window.limit, window.filterKey) : null,
  };
  if (extra.total !== undefined) page.total = extra.total;
  const warnings = [...window.warnings, ...(extra.warnings ?? [])];
  if (warnings.length > 0) page.warnings = warnings;
  return page;
}

/** Maps a page's items, keeping its cursor, total and warnings. */
export function mapPage<T, U>(page: Page<T>, map: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(map) };
}
