/**
 * Type coercions of docs/orchestration.md#argument-normalisation, driven by the field's schema: numeric strings →
 * numbers, yes/no words → booleans, comma-separated text → string lists, a single value → a one-element list, JSON
 * text → objects. A value the field already accepts is never touched; a value no rule fits is left for validation to
 * report.
 */
import { acceptsAsIs, type FieldShape } from './field-shape.js';

/** One change made to the arguments, for logs: `"<path>: <from> → <to>"`. Values are never included. */
export type CoercionNote = string;

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);
const SCALAR_ITEM_TYPES = ['string', 'number', 'integer', 'boolean'] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function stringToNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!NUMERIC.test(trimmed)) return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
}

function toBoolean(value: unknown): boolean | undefined {
  const word = typeof value === 'string' ? value.trim().toLowerCase() : typeof value === 'number' ? String(value) : undefined;
  if (word === undefined) return undefined;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

/** Text becomes a list: JSON array text as written, otherwise comma-separated parts when items are scalars. */
function stringToList(text: string, items: FieldShape): unknown[] | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    const parsed = parseJson(trimmed);
    if (Array.isArray(parsed)) return parsed;
  }
  const scalarItems = !items.any && SCALAR_ITEM_TYPES.some((type) => items.types.has(type));
  if (!scalarItems) return undefined;
  return trimmed
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** Coerces inside a value the field already accepts: list elements and known object properties. */
function coerceChildren(value: unknown, shape: FieldShape, path: string, notes: CoercionNote[]): unknown {
  if (Array.isArray(value) && shape.items && !shape.items.any) {
    const items = shape.items;
    let changed = false;
    const next = value.map((element, index) => {
      const coerced = coerceValue(element, items, join(path, index), notes);
      if (coerced !== element) changed = true;
      return coerced;
    });
    return changed ? next : value;
  }
  if (isPlainObject(value) && shape.properties && shape.properties.size > 0) {
    const properties = shape.properties;
    let changed = false;
    // fromEntries defines own properties, so a parsed "__proto__" key stays a plain key.
    const next = Object.fromEntries(
      Object.entries(value).map(([key, child]) => {
        const fieldShape = properties.get(key);
        const coerced = fieldShape ? coerceValue(child, fieldShape, join(path, key), notes) : child;
        if (coerced !== child) changed = true;
        return [key, coerced];
      }),
    );
    return changed ? next : value;
  }
  return value;
}

/**
 * Returns the value to validate instead of `value` (the same reference when nothing changed) and appends a note
 * for each change.
 */
export function coerceValue(value: unknown, shape: FieldShape, path: string, notes: CoercionNote[]): unknown {
  if (shape.any) return value;
  if (acceptsAsIs(shape, value)) return coerceChildren(value, shape, path, notes);
  const from = describe(value);
  const accepts = (type: 'number' | 'integer' | 'boolean' | 'object' | 'array') => shape.types.has(type);

  if (typeof value === 'string') {
    if (accepts('number') || accepts('integer')) {
      const number = stringToNumber(value);
      if (number !== undefined) {
        notes.push(`${path}: string → number`);
        return number;
      }
    }
    if (accepts('boolean')) {
      const boolean = toBoolean(value);
      if (boolean !== undefined) {
        notes.push(`${path}: string → boolean`);
        return boolean;
      }
    }
    if (accepts('object') && value.trim().startsWith('{')) {
      const parsed = parseJson(value.trim());
      if (isPlainObject(parsed)) {
        notes.push(`${path}: JSON text → object`);
        return coerceChildren(parsed, shape, path, notes);
      }
    }
    if (accepts('array')) {
      const items = shape.items ?? { any: true, types: new Set() };
      const list = stringToList(value, items);
      if (list !== undefined) {
        notes.push(`${path}: string → array`);
        return coerceChildren(list, shape, path, notes);
      }
    }
  }
  if (typeof value === 'number' && accepts('boolean')) {
    const boolean = toBoolean(value);
    if (boolean !== undefined) {
      notes.push(`${path}: number → boolean`);
      return boolean;
    }
  }
  if (accepts('array') && value !== null && value !== undefined && !Array.isArray(value)) {
    notes.push(`${path}: ${from} → one-element array`);
    return coerceChildren([value], shape, path, notes);
  }
  return value;
}
