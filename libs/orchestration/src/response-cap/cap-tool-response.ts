/**
 * The response cap (docs/reference/conventions.md#pagination-and-size-caps, docs/orchestration.md#output-size): a
 * successful tool result larger than `maxTokens` is made smaller while staying valid JSON and valid against the
 * tool's output schema. First trailing `items` are dropped (the caller is told how many and how to get them), then
 * long strings are shortened with a visible marker. Pure and deterministic: the same value and options always give
 * the same result.
 */
import type { z } from 'zod';
import { CHARS_PER_TOKEN, estimateJsonTokens } from './estimate-tokens.js';
import { shortenLongStrings } from './shorten-strings.js';

/** Strings longer than this are shortened first (docs/reference/conventions.md#pagination-and-size-caps). */
export const LONG_STRING_CHARS = 2_000;
/** When 2,000-character strings still do not fit, each further round halves what is kept. */
const STRING_LIMITS = [LONG_STRING_CHARS, 1_000, 500, 250] as const;

export interface CapToolResponseOptions {
  /** The cap in estimated tokens (config `responses.maxTokens`). */
  maxTokens: number;
  /** The tool's output schema; a capped value that would not pass it is never returned. */
  outputSchema?: z.ZodType;
}

export interface CappedToolResponse {
  value: Record<string, unknown>;
  /** True when anything was dropped or shortened (whether or not the schema lets the value say so itself). */
  truncated: boolean;
  /** Estimated tokens of the returned value. */
  estimatedTokens: number;
}

/** Which notices the capped value may carry: `truncated: true` and a warning about omitted items. */
interface Marking {
  flag: boolean;
  warn: boolean;
}

interface Omission {
  omitted: number;
  total: number;
  kept: number;
}

interface Candidate {
  value: Record<string, unknown>;
  omitted: number;
  shortened: number;
  fits: boolean;
}

export function omittedItemsWarning({ omitted, total, kept }: Omission): string {
  return (
    `${omitted} of ${total} items omitted to keep the response under the size cap; ` +
    `narrow the request or ask for at most ${kept} at a time to see them.`
  );
}

function jsonLength(value: unknown): number {
  return (JSON.stringify(value) ?? 'null').length;
}

function mark(value: Record<string, unknown>, marking: Marking, omission?: Omission): Record<string, unknown> {
  const marked: Record<string, unknown> = { ...value };
  if (marking.flag) marked.truncated = true;
  if (marking.warn && omission && omission.omitted > 0) {
    const existing = value.warnings;
    if (existing === undefined || Array.isArray(existing)) {
      marked.warnings = [...(existing ?? []), omittedItemsWarning(omission)];
    }
  }
  return marked;
}

/** Keeps as many leading `items` as fit (at least one, so a single huge item can still be shortened). */
function fitItems(value: Record<string, unknown>, maxChars: number, marking: Marking): Omit<Candidate, 'shortened'> {
  const items = value.items;
  const whole = keepAllItems(value, maxChars, marking);
  if (!Array.isArray(items) || items.length === 0 || whole.fits) return whole;
  const total = items.length;
  // The warning is measured with the widest numbers it can hold, so the estimate never undercounts.
  const baseChars = jsonLength(mark({ ...value, items: [] }, marking, { omitted: total, total, kept: total }));
  let used = baseChars;
  let kept = 0;
  while (kept < total) {
    const next = used + jsonLength(items[kept]) + (kept > 0 ? 1 : 0);
    if (next > maxChars) break;
    used = next;
    kept += 1;
  }
  kept = Math.max(kept, 1);
  const capped = mark({ ...value, items: items.slice(0, kept) }, marking, { omitted: total - kept, total, kept });
  return { value: capped, omitted: total - kept, fits: jsonLength(capped) <= maxChars };
}

function keepAllItems(value: Record<string, unknown>, maxChars: number, marking: Marking): Omit<Candidate, 'shortened'> {
  const marked = mark(value, marking);
  return { value: marked, omitted: 0, fits: jsonLength(marked) <= maxChars };
}

type Shortener = (limit: number) => { value: Record<string, unknown>; shortened: number };

function shrink(
  value: Record<string, unknown>,
  maxChars: number,
  marking: Marking,
  dropItems: boolean,
  shorten: Shortener,
): Candidate {
  const fit = (candidate: Record<string, unknown>) =>
    dropItems ? fitItems(candidate, maxChars, marking) : keepAllItems(candidate, maxChars, marking);
  if (dropItems) {
    const dropped = fit(value);
    if (dropped.fits && dropped.omitted > 0) return { ...dropped, shortened: 0 };
  }
  let best: Candidate | undefined;
  for (const limit of STRING_LIMITS) {
    // Items are fitted again after shortening, so shorter strings can bring dropped items back.
    const shortened = shorten(limit);
    best = { ...fit(shortened.value), shortened: shortened.shortened };
    if (best.fits) return best;
  }
  return best ?? { value, omitted: 0, shortened: 0, fits: false };
}

/** Valid, and every notice that was added survives parsing (a non-strict schema silently strips unknown keys). */
function conforms(schema: z.ZodType, candidate: Candidate, marking: Marking): boolean {
  const parsed = schema.safeParse(candidate.value);
  if (!parsed.success) return false;
  const data = parsed.data as Record<string, unknown> | null;
  if (typeof data !== 'object' || data === null) return false;
  if (marking.flag && data.truncated !== true) return false;
  if (marking.warn && candidate.omitted > 0 && !Array.isArray(data.warnings)) return false;
  return true;
}

/** From the fullest answer down to the plainest: items may only be dropped when the caller can be told. */
const ATTEMPTS: ReadonlyArray<{ dropItems: boolean; marking: Marking }> = [
  { dropItems: true, marking: { flag: true, warn: true } },
  { dropItems: true, marking: { flag: false, warn: true } },
  { dropItems: true, marking: { flag: true, warn: false } },
  { dropItems: false, marking: { flag: true, warn: false } },
  { dropItems: false, marking: { flag: false, warn: false } },
];

export function capToolResponse(value: Record<string, unknown>, options: CapToolResponseOptions): CappedToolResponse {
  const maxTokens = Math.max(1, Math.floor(options.maxTokens));
  const estimatedTokens = estimateJsonTokens(value);
  if (estimatedTokens <= maxTokens) return { value, truncated: false, estimatedTokens };

  const maxChars = maxTokens * CHARS_PER_TOKEN;
  const shortenedByLimit = new Map<number, { value: Record<string, unknown>; shortened: number }>();
  const shorten: Shortener = (limit) => {
    let result = shortenedByLimit.get(limit);
    if (result === undefined) {
      const { value: shortened, shortened: count } = shortenLongStrings(value, limit);
      result = { value: shortened as Record<string, unknown>, shortened: count };
      shortenedByLimit.set(limit, result);
    }
    return result;
  };

  for (const { dropItems, marking } of ATTEMPTS) {
    const candidate = shrink(value, maxChars, marking, dropItems, shorten);
    // Nothing could be dropped or shortened this way: the value is big for another reason (many small numbers).
    if (candidate.omitted === 0 && candidate.shortened === 0) continue;
    if (options.outputSchema === undefined || conforms(options.outputSchema, candidate, marking)) {
      return { value: candidate.value, truncated: true, estimatedTokens: estimateJsonTokens(candidate.value) };
    }
  }
  // No smaller form is valid: an over-size answer is better than one that breaks its own contract.
  return { value, truncated: false, estimatedTokens };
}
