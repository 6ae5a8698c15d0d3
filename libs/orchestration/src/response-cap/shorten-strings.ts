/**
 * Shortens every string longer than a limit, anywhere in a JSON value, keeping its start and appending
 * `…[truncated N chars]` (N = characters removed) so a reader knows text is missing and how much.
 */

/** Strings the caller must get back intact: a shortened cursor would no longer resume anything. */
const KEYS_NEVER_SHORTENED = new Set(['next_cursor', 'cursor']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  // Class instances (a Date, say) serialise through their own toJSON and are left as they are.
  return prototype === Object.prototype || prototype === null;
}

export function truncationMarker(removed: number): string {
  return `…[truncated ${removed} chars]`;
}

export function shortenString(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let keep = limit;
  // Never split a surrogate pair: a lone high surrogate is not valid text.
  const last = text.charCodeAt(keep - 1);
  if (last >= 0xd800 && last <= 0xdbff) keep -= 1;
  return `${text.slice(0, keep)}${truncationMarker(text.length - keep)}`;
}

export interface ShortenResult {
  value: unknown;
  /** How many strings were shortened. */
  shortened: number;
}

/** Returns a copy with long strings shortened (the same reference for parts that did not change). */
export function shortenLongStrings(value: unknown, limit: number): ShortenResult {
  let shortened = 0;
  const visit = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const next = shortenString(node, limit);
      if (next !== node) shortened += 1;
      return next;
    }
    if (Array.isArray(node)) {
      let changed = false;
      const next = node.map((element) => {
        const visited = visit(element);
        if (visited !== element) changed = true;
        return visited;
      });
      return changed ? next : node;
    }
    if (isPlainObject(node)) {
      let changed = false;
      const next = Object.fromEntries(
        Object.entries(node).map(([key, child]) => {
          const visited = KEYS_NEVER_SHORTENED.has(key) ? child : visit(child);
          if (visited !== child) changed = true;
          return [key, visited];
        }),
      );
      return changed ? next : node;
    }
    return node;
  };
  const result = visit(value);
  return { value: result, shortened };
}
