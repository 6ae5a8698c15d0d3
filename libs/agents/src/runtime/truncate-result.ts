/**
 * Structure-preserving truncation of tool results for the model (docs/reference/agents.md#run-loop,
 * docs/orchestration.md#output-size): shorten long strings, then drop trailing array items (leaving a marker with the
 * omitted count), so the result still parses as JSON. Only if that cannot fit does the text get cut at a character
 * boundary with a marker.
 */

export const TRUNCATION_MARKER = '…[truncated]';

export interface TruncatedText {
  text: string;
  truncated: boolean;
}

const LONG_STRING = 2_000;
const SHORT_STRING = 200;
const MAX_PASSES = 60;

function shortenStrings(value: unknown, limit: number): unknown {
  if (typeof value === 'string') {
    return value.length > limit ? `${value.slice(0, limit)}…[truncated ${value.length - limit} chars]` : value;
  }
  if (Array.isArray(value)) return value.map((item) => shortenStrings(item, limit));
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) result[key] = shortenStrings(item, limit);
    return result;
  }
  return value;
}

/** The array with the largest serialised size that still has items to drop (its holder and key). */
function largestArray(root: unknown): { owner: unknown[] } | undefined {
  let best: { owner: unknown[]; size: number } | undefined;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      const droppable = value.filter((item) => !isOmittedMarker(item)).length;
      if (droppable > 0) {
        const size = JSON.stringify(value).length;
        if (best === undefined || size > best.size) best = { owner: value, size };
      }
      for (const item of value) visit(item);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) visit(item);
    }
  };
  visit(root);
  return best;
}

function isOmittedMarker(item: unknown): boolean {
  return typeof item === 'string' && item.startsWith('…[truncated: ');
}

/** Drops about half of the real items of an array (at least one), updating its trailing omitted-count marker. */
function dropHalf(array: unknown[]): void {
  const last = array.at(-1);
  let omitted = 0;
  if (isOmittedMarker(last)) {
    omitted = Number(/(\d+)/.exec(String(last))?.[1] ?? 0);
    array.pop();
  }
  const keep = Math.floor(array.length / 2);
  omitted += array.length - keep;
  array.length = keep;
  array.push(`…[truncated: ${omitted} more items]`);
}

/** Serialises `value` as compact JSON no longer than `maxChars`. */
export function truncateForModel(value: unknown, maxChars: number): TruncatedText {
  const full = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
  if (full.length <= maxChars) return { text: full, truncated: false };
  if (typeof value !== 'string' && value !== null && typeof value === 'object') {
    let working = shortenStrings(value, LONG_STRING);
    let text = JSON.stringify(working);
    for (let pass = 0; text.length > maxChars && pass < MAX_PASSES; pass += 1) {
      const target = largestArray(working);
      if (target === undefined) break;
      dropHalf(target.owner);
      text = JSON.stringify(working);
    }
    if (text.length > maxChars) {
      working = shortenStrings(working, SHORT_STRING);
      text = JSON.stringify(working);
    }
    if (text.length <= maxChars) return { text, truncated: true };
  }
  const room = Math.max(0, maxChars - TRUNCATION_MARKER.length);
  return { text: `${full.slice(0, room)}${TRUNCATION_MARKER}`, truncated: true };
}
