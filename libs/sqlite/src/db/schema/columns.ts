/**
 * Column builders shared by every table: the integer primary key and the UTC timestamp columns. Timestamps are
 * ISO-8601 text with milliseconds and `Z` (docs/reference/conventions.md#time); the SQL default produces the same
 * format so rows inserted by hand or by another process still sort and compare correctly.
 */
import { sql } from 'drizzle-orm';
import { customType, integer, text } from 'drizzle-orm/sqlite-core';
import { UNREADABLE_STORED_JSON } from '@chief-of-staff/stores';

/** `strftime('%Y-%m-%dT%H:%M:%fZ','now')` yields e.g. `2026-02-22T10:30:00.000Z`. */
export const NOW_ISO_SQL = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export function idColumn() {
  return integer('id').primaryKey({ autoIncrement: true });
}

export function createdAtColumn() {
  return text('created_at').notNull().default(NOW_ISO_SQL);
}

export function updatedAtColumn() {
  return text('updated_at').notNull().default(NOW_ISO_SQL);
}

/**
 * JSON stored as text, like drizzle's `text(name, { mode: 'json' })`, except that text which is not JSON (a row written
 * by hand or by another program) reads as `{ unreadable_stored_json: '<its start>' }` instead of throwing: one such row
 * must fail only itself, not every query that lists it beside healthy ones (the scheduler's due-task query).
 */
export function storedJsonColumn<T>(name: string) {
  return customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (stored) => {
      try {
        return JSON.parse(stored) as T;
      } catch {
        return { [UNREADABLE_STORED_JSON]: String(stored).slice(0, 200) } as T;
      }
    },
  })(name);
}
