/**
 * Column builders shared by every table: the integer primary key and the UTC timestamp columns. Timestamps are
 * ISO-8601 text with milliseconds and `Z` (docs/reference/conventions.md#time); the SQL default produces the same
 * format so rows inserted by hand or by another process still sort and compare correctly.
 */
import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';

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
