/**
 * Guards every tool input before validation: NUL characters are removed from strings (SQLite, FTS and file APIs
 * treat them as terminators, and no user text needs them), and objects nested deeper than a fixed limit are
 * refused, so hostile input such as metadata nested 10,000 levels deep cannot exhaust the stack anywhere later.
 */
import { ToolError } from '../errors/tool-error.js';

/** Deepest nesting accepted in tool arguments (the arguments object itself is level 1). */
export const MAX_INPUT_DEPTH = 32;

function tooDeep(path: readonly (string | number)[]): ToolError {
  const field = String(path[0] ?? 'arguments');
  return ToolError.invalidArgument(field, `is nested more than ${MAX_INPUT_DEPTH} levels deep.`, 'Flatten the value: keep objects and arrays at most a few levels deep.');
}

function clean(value: unknown, depth: number, path: (string | number)[]): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_INPUT_DEPTH) throw tooDeep(path);
  if (Array.isArray(value)) return value.map((item, index) => clean(item, depth + 1, [...path, index]));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    // defineProperty: a `__proto__` key stays an ordinary key instead of replacing the prototype.
    Object.defineProperty(out, key.replaceAll('\u0000', ''), { value: clean(child, depth + 1, [...path, key]), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A copy of `input` without NUL characters; throws INVALID_ARGUMENT for nesting beyond `MAX_INPUT_DEPTH`. */
export function sanitizeToolInput(input: unknown): unknown {
  return clean(input, 0, []);
}
