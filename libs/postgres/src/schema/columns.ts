/**
 * Column builders shared by every PostgreSQL table, chosen so a row reads back exactly as it does from SQLite
 * (ADR 0054): integer ids, timestamps as ISO-8601 strings with milliseconds and `Z`, calendar dates as `YYYY-MM-DD`,
 * JSON as parsed values, and the full-text columns.
 */
import { sql } from 'drizzle-orm';
import { bigint, customType, text } from 'drizzle-orm/pg-core';

/**
 * `2026-02-22 10:30:00.12+00` (PostgreSQL's text form of a timestamptz, trailing zeros dropped, the session's
 * offset) → `2026-02-22T10:30:00.120Z` (the SQLite side's form).
 */
export function isoFromTimestamptz(value: string): string {
  const withT = value.replace(' ', 'T');
  // A bare hour offset (`+00`, `+05`) is not ISO-8601 for Date.parse; `+05:30` already is.
  const offset = /[+-]\d\d$/.test(withT) ? `${withT}:00` : withT;
  const parsed = new Date(offset);
  if (Number.isNaN(parsed.getTime())) throw new RangeError(`Not a PostgreSQL timestamp: ${value}`);
  return parsed.toISOString();
}

/**
 * A point in time: `timestamptz` rounded to milliseconds (what the ISO strings of the SQLite side carry), read and
 * written as the same ISO string. Comparisons and ordering in SQL are by time, as the SQLite side's string
 * comparisons are for its canonical format.
 */
export const isoTimestamp = customType<{ data: string; driverData: string }>({
  dataType: () => 'timestamp (3) with time zone',
  toDriver: (value) => value,
  fromDriver: (value) => isoFromTimestamptz(String(value)),
});

/** A `tsvector`, always generated from a column of already-analysed terms (never written directly). */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * `now()` at millisecond precision, in the column's type (the SQLite default `strftime('%Y-%m-%dT%H:%M:%fZ','now')`
 * also stops at milliseconds).
 */
export const NOW_SQL = sql`now()`;

/**
 * Integer ids (64-bit like SQLite's rowid) from an identity sequence. `BY DEFAULT` rather than `ALWAYS` so a copy of
 * a SQLite data directory keeps its ids (and every reference to them); the copy then moves the sequence past them.
 */
export function idColumn() {
  return bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
}

export function createdAtColumn() {
  return isoTimestamp('created_at').notNull().default(NOW_SQL);
}

export function updatedAtColumn() {
  return isoTimestamp('updated_at').notNull().default(NOW_SQL);
}

/**
 * The principal a row belongs to (team mode, ADR 0078): `owner` or `user:<id>`. Written from the session's
 * `cos.principal` setting, which the connection pool sets from the request's principal scope on every checkout, so an
 * insert cannot name another person; row-level security reads the same setting.
 */
export function principalColumn() {
  return text('principal_id')
    .notNull()
    .default(sql`current_setting('cos.principal')`);
}
