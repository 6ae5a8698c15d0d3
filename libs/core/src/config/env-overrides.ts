/**
 * Maps environment variables onto configuration keys. Every leaf of the schema can be set with
 * `COS_<UPPER_SNAKE_PATH>` (e.g. `agents.maxRounds` ← `COS_AGENTS_MAX_ROUNDS`); the Anthropic SDK's own
 * variables are honoured too. Values are coerced to the leaf's type.
 */
import type { z } from 'zod';
import { ConfigError } from './config-error.js';

type Leaf = { path: string[]; kind: 'string' | 'number' | 'boolean' | 'array' };

interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
}

function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.innerType && ['default', 'prefault', 'optional', 'nullable', 'readonly'].includes(def.type)) {
      current = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      current = def.in;
    } else {
      return current;
    }
  }
}

function collectLeaves(schema: z.ZodType, path: string[], out: Leaf[]): void {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object') {
    const shape = (inner as unknown as { shape: Record<string, z.ZodType> }).shape;
    for (const [key, child] of Object.entries(shape)) collectLeaves(child, [...path, key], out);
    return;
  }
  if (def.type === 'record') return; // records (mcpServers, webhook sources) are configured in the file
  const kind = def.type === 'number' ? 'number' : def.type === 'boolean' ? 'boolean' : def.type === 'array' ? 'array' : 'string';
  out.push({ path, kind });
}

export function envNameFor(path: readonly string[]): string {
  return `COS_${path.map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()).join('_')}`;
}

function coerce(leaf: Leaf, name: string, raw: string): unknown {
  const value = raw.trim();
  switch (leaf.kind) {
    case 'number': {
      const number = Number(value);
      if (value === '' || Number.isNaN(number)) {
        throw new ConfigError(`Environment variable ${name} must be a number, got "${raw}".`, { env: name });
      }
      return number;
    }
    case 'boolean':
      if (/^(true|1|yes|on)$/i.test(value)) return true;
      if (/^(false|0|no|off)$/i.test(value)) return false;
      throw new ConfigError(`Environment variable ${name} must be true or false, got "${raw}".`, { env: name });
    case 'array':
      if (value.startsWith('[')) {
        try {
          return JSON.parse(value) as unknown;
        } catch (cause) {
          throw new ConfigError(`Environment variable ${name} is not a valid JSON array.`, { env: name }, cause);
        }
      }
      return value === '' ? [] : value.split(',').map((item) => item.trim()).filter((item) => item !== '');
    default:
      return raw;
  }
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const part of path.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[path[path.length - 1] as string] = value;
}

export interface EnvOverrides {
  values: Record<string, unknown>;
  /** Config key path (dot-joined) → the environment variable that set it, for error messages. */
  sources: Map<string, string>;
}

const ALIASES: ReadonlyArray<[string, string[]]> = [
  ['ANTHROPIC_API_KEY', ['anthropic', 'apiKey']],
  ['ANTHROPIC_BASE_URL', ['anthropic', 'baseUrl']],
  // The name PostgreSQL tools and hosting platforms use for a database URL.
  ['COS_DATABASE_URL', ['storage', 'url']],
];

export function readEnvOverrides(schema: z.ZodType, env: NodeJS.ProcessEnv): EnvOverrides {
  const leaves: Leaf[] = [];
  collectLeaves(schema, [], leaves);
  const values: Record<string, unknown> = {};
  const sources = new Map<string, string>();
  const apply = (leaf: Leaf, name: string): void => {
    const raw = env[name];
    if (raw === undefined || raw === '') return;
    setPath(values, leaf.path, coerce(leaf, name, raw));
    sources.set(leaf.path.join('.'), name);
  };
  for (const [name, path] of ALIASES) apply({ path, kind: 'string' }, name);
  for (const leaf of leaves) apply(leaf, envNameFor(leaf.path));
  // Orchestration feature flags: COS_ORCHESTRATION_<FLAG> (docs/orchestration.md#switches).
  for (const [name, raw] of Object.entries(env)) {
    if (!name.startsWith('COS_ORCHESTRATION_') || raw === undefined || raw === '') continue;
    const flag = name.slice('COS_ORCHESTRATION_'.length).toLowerCase().replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
    const value = /^(true|false)$/i.test(raw) ? raw.toLowerCase() === 'true' : Number.isNaN(Number(raw)) ? raw : Number(raw);
    setPath(values, ['orchestration', flag], value);
    sources.set(`orchestration.${flag}`, name);
  }
  return { values, sources };
}
