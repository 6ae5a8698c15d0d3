/**
 * Canonical JSON for call identity: object keys sorted recursively, `undefined` dropped, array order kept, so
 * `{a:1,b:2}` and `{b:2,a:1}` are the same call (docs/reference/algorithms.md#loop-detection).
 */
import { createHash } from 'node:crypto';

function canonicalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonicalise(item)));
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) sorted[key] = canonicalise(item);
    }
    return sorted;
  }
  return value;
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalise(value)) ?? 'null';
}

/** `tool name + SHA-256 of the canonical arguments`. */
export function toolCallKey(toolName: string, args: unknown): string {
  return `${toolName}:${createHash('sha256').update(canonicalJson(args ?? {})).digest('hex')}`;
}
