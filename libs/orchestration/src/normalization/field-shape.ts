/**
 * What a tool's input schema accepts, reduced to what argument normalisation needs: the JSON types each field
 * takes, the item shape of arrays and the properties of objects. Read from the tool's input JSON Schema (zod's own
 * conversion), so wrappers such as default, optional, nullable and pipe are already resolved by zod; a field zod
 * cannot describe (a preprocess step, a date) comes out as "anything" and is left alone.
 */
import { toolInputJsonSchema, type AnyToolDefinition, type JsonSchema } from '@chief-of-staff/core';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export interface FieldShape {
  /** True when the schema does not constrain the type; such values are never coerced. */
  readonly any: boolean;
  readonly types: ReadonlySet<JsonType>;
  /** The accepted array items, when `types` has `array`. */
  readonly items?: FieldShape;
  /** Known properties, when `types` has `object`. */
  readonly properties?: ReadonlyMap<string, FieldShape>;
}

const ANYTHING: FieldShape = { any: true, types: new Set() };
const JSON_TYPES = new Set<string>(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
/** Deeper schemas are treated as "anything": no coercion, rather than unbounded work. */
const MAX_DEPTH = 8;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonTypeOf(value: unknown): JsonType | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'object';
    default:
      return undefined;
  }
}

/** Resolves a local `$ref` (`#`, `#/$defs/X`, `#/definitions/X`); anything else is unknown. */
function resolveRef(root: JsonSchema, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (!isRecord(node)) return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

interface MutableShape {
  any: boolean;
  types: Set<JsonType>;
  items?: FieldShape;
  properties?: Map<string, FieldShape>;
}

function mergeInto(target: MutableShape, source: FieldShape): void {
  if (source.any) target.any = true;
  for (const type of source.types) target.types.add(type);
  if (source.items) target.items = target.items ? mergeShapes([target.items, source.items]) : source.items;
  if (source.properties) {
    target.properties ??= new Map();
    for (const [key, shape] of source.properties) {
      const existing = target.properties.get(key);
      target.properties.set(key, existing ? mergeShapes([existing, shape]) : shape);
    }
  }
}

function mergeShapes(shapes: readonly FieldShape[]): FieldShape {
  const merged: MutableShape = { any: false, types: new Set() };
  for (const shape of shapes) mergeInto(merged, shape);
  return merged;
}

function shapeOf(node: unknown, root: JsonSchema, depth: number, seenRefs: ReadonlySet<string>): FieldShape {
  if (depth > MAX_DEPTH || !isRecord(node)) return ANYTHING;
  const shape: MutableShape = { any: false, types: new Set() };
  let constrained = false;

  if (typeof node.$ref === 'string') {
    // A recursive reference is left unconstrained rather than followed forever.
    if (seenRefs.has(node.$ref)) return ANYTHING;
    constrained = true;
    mergeInto(shape, shapeOf(resolveRef(root, node.$ref), root, depth + 1, new Set([...seenRefs, node.$ref])));
  }
  const declared = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  for (const type of declared) {
    if (typeof type === 'string' && JSON_TYPES.has(type)) {
      constrained = true;
      shape.types.add(type as JsonType);
    }
  }
  const literals = 'const' in node ? [node.const] : Array.isArray(node.enum) ? node.enum : [];
  if (declared.length === 0) {
    for (const literal of literals) {
      const type = jsonTypeOf(literal);
      if (type) {
        constrained = true;
        shape.types.add(type === 'integer' ? 'number' : type);
      }
    }
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = node[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    constrained = true;
    mergeInto(shape, mergeShapes(branches.map((branch) => shapeOf(branch, root, depth + 1, seenRefs))));
  }
  if (shape.types.has('array')) {
    // Tuples (`prefixItems`) are left unconstrained: their positions have different types.
    shape.items = isRecord(node.items) ? shapeOf(node.items, root, depth + 1, seenRefs) : (shape.items ?? ANYTHING);
  }
  if (shape.types.has('object') && isRecord(node.properties)) {
    const properties = new Map(shape.properties ?? []);
    for (const [key, child] of Object.entries(node.properties)) properties.set(key, shapeOf(child, root, depth + 1, seenRefs));
    shape.properties = properties;
  }
  return constrained ? shape : ANYTHING;
}

const shapeCache = new WeakMap<object, FieldShape>();

/** The shape of a tool's whole input; computed once per input schema. */
export function toolInputShape(tool: AnyToolDefinition): FieldShape {
  const cached = shapeCache.get(tool.input);
  if (cached) return cached;
  let shape: FieldShape;
  try {
    const root = toolInputJsonSchema(tool);
    shape = shapeOf(root, root, 0, new Set());
  } catch {
    // A schema zod cannot convert is validated as it is, just without normalisation.
    shape = ANYTHING;
  }
  shapeCache.set(tool.input, shape);
  return shape;
}

/** Whether `value` already has a type the field accepts (an integer field does not accept 2.5). */
export function acceptsAsIs(shape: FieldShape, value: unknown): boolean {
  if (shape.any) return true;
  const type = jsonTypeOf(value);
  if (type === undefined) return false;
  if (type === 'integer') return shape.types.has('integer') || shape.types.has('number');
  return shape.types.has(type);
}
