/**
 * U+0000 on PostgreSQL: `text` and `jsonb` cannot hold it (SQLite stores it like any character). A write holding one
 * is refused with the field named, and a lookup by a text holding one finds nothing, instead of the driver's
 * "invalid byte sequence" error (ADR 0065).
 */
import { ToolError } from '@chief-of-staff/core';

/** `deliveryId` → `delivery_id`, the name the stores' validation errors use. */
function fieldName(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function holdsNulValue(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (value === null || typeof value !== 'object') return false;
  // JSON text escapes U+0000 as \u0000, in keys and values at any depth.
  return JSON.stringify(value).includes('\\u0000');
}

/** The row, unchanged, when no text or JSON value of it holds U+0000; INVALID_ARGUMENT naming the field otherwise. */
export function refuseNulCharacters<T extends object>(row: T): T {
  for (const [property, value] of Object.entries(row)) {
    if (holdsNulValue(value)) {
      throw ToolError.invalidArgument(fieldName(property), 'contains a NUL character (U+0000).', 'Remove the NUL characters: PostgreSQL storage cannot keep them.');
    }
  }
  return row;
}

/** True when any of these texts holds U+0000, which no stored text does. */
export function holdsNul(...texts: ReadonlyArray<string | null | undefined>): boolean {
  return texts.some((text) => typeof text === 'string' && text.includes('\0'));
}
