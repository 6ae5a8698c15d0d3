/**
 * The key paths of the configuration schema, and its secret-typed keys (those marked `secret`), as dotted paths with `*` for a record's
 * names (`webhooks.sources.*.secret`). A test walks them to prove each is resolved where it is used.
 */
import { globalRegistry, type z } from 'zod';
import { configSchema } from './config-schema.js';

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  options?: readonly z.ZodType[];
}

function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

function walk(schema: z.ZodType, path: string, out: Set<string>): void {
  const meta = globalRegistry.get(schema) as { secret?: boolean } | undefined;
  if (meta?.secret) {
    out.add(path);
    return;
  }
  const def = defOf(schema);
  const inner = def.innerType ?? def.in;
  if (inner) return walk(inner, path, out);
  if (def.type === 'object') for (const [key, child] of Object.entries(def.shape ?? {})) walk(child, path ? `${path}.${key}` : key, out);
  else if (def.type === 'record' && def.valueType) walk(def.valueType, `${path}.*`, out);
  else if (def.type === 'array' && def.element) walk(def.element, `${path}[]`, out);
  else if (def.type === 'union') for (const option of def.options ?? []) walk(option, path, out);
}

/** Every key path whose value is a secret (`env:NAME`, `${NAME}` or a literal). */
export function secretConfigKeys(schema: z.ZodType = configSchema): string[] {
  const out = new Set<string>();
  walk(schema, '', out);
  return [...out].sort();
}

function walkLeaves(schema: z.ZodType, path: string, out: Set<string>): void {
  const def = defOf(schema);
  const inner = def.innerType ?? def.in;
  if (inner) return walkLeaves(inner, path, out);
  if (def.type === 'object') for (const [key, child] of Object.entries(def.shape ?? {})) walkLeaves(child, path ? `${path}.${key}` : key, out);
  else if (def.type === 'record' && def.valueType && defOf(def.valueType).type === 'object') walkLeaves(def.valueType, `${path}.*`, out);
  else if (def.type === 'array' && def.element && defOf(def.element).type === 'object') walkLeaves(def.element, `${path}[]`, out);
  else out.add(path);
}

/** Every leaf key path of the configuration (`webhooks.sources.*.secret`, `calendar.feeds[].url`). */
export function configKeyPaths(schema: z.ZodType = configSchema): string[] {
  const out = new Set<string>();
  walkLeaves(schema, '', out);
  return [...out].sort();
}
