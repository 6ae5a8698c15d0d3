/**
 * Argument normalisation (docs/orchestration.md#argument-normalisation): the step every tool call passes through
 * before strict validation. It renames well-known aliases to the tool's own field names and coerces values whose type
 * is plainly meant (a numeric string for a number field). It never invents fields and never drops unknown ones, so
 * strict validation still reports whatever it could not fix. Pure and deterministic.
 */
import type { AnyToolDefinition } from '@chief-of-staff/core';
import { ARGUMENT_ALIASES, GENERIC_ID_ALIAS } from './argument-aliases.js';
import { coerceValue } from './coerce-value.js';
import { toolInputShape } from './field-shape.js';

export interface NormalizedArguments {
  /** The arguments to validate: the input itself when nothing changed, else a new object. */
  args: unknown;
  /** What was changed, e.g. `"q → query"`, `"limit: string → number"`; never the values themselves. */
  applied: string[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Renames in place on a copy; returns the notes. */
function applyAliases(args: Record<string, unknown>, fields: ReadonlySet<string>): string[] {
  const applied: string[] = [];
  const rename = (from: string, to: string) => {
    args[to] = args[from];
    delete args[from];
    applied.push(`${from} → ${to}`);
  };
  for (const alias of ARGUMENT_ALIASES) {
    const target = alias.to.find((name) => fields.has(name));
    if (target === undefined || target in args) continue;
    // The first alias present wins (table order); any other stays unknown so validation names it.
    const source = alias.from.find((name) => name in args && !fields.has(name));
    if (source !== undefined) rename(source, target);
  }
  if (GENERIC_ID_ALIAS in args && !fields.has(GENERIC_ID_ALIAS)) {
    const idFields = [...fields].filter((name) => name.endsWith('_id'));
    const [only] = idFields;
    if (idFields.length === 1 && only !== undefined && !(only in args)) rename(GENERIC_ID_ALIAS, only);
  }
  return applied;
}

export function normalizeToolArguments(tool: AnyToolDefinition, args: unknown): NormalizedArguments {
  if (!isPlainObject(args)) return { args, applied: [] };
  const shape = toolInputShape(tool);
  const properties = shape.properties;
  if (shape.any || properties === undefined || properties.size === 0) return { args, applied: [] };

  const next: Record<string, unknown> = { ...args };
  const applied = applyAliases(next, new Set(properties.keys()));
  for (const [key, value] of Object.entries(next)) {
    const field = properties.get(key);
    if (field === undefined) continue;
    next[key] = coerceValue(value, field, key, applied);
  }
  return applied.length === 0 ? { args, applied } : { args: next, applied };
}
