/** Date-only and timestamp conventions of docs/reference/conventions.md#time. */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is `YYYY-MM-DD` and a real calendar date (`2026-02-30` is not). */
export function isValidDateOnly(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return (
    date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d)
  );
}

/** Years accepted in date and time inputs: wide enough for any real plan, narrow enough to keep date maths sane. */
export const MIN_SUPPORTED_YEAR = 1900;
export const MAX_SUPPORTED_YEAR = 2200;
export const SUPPORTED_YEARS_TEXT = `years ${MIN_SUPPORTED_YEAR}–${MAX_SUPPORTED_YEAR}`;

/** True when the instant's UTC year lies in the supported range (1900–2200). */
export function isSupportedInstant(instant: Date): boolean {
  const year = instant.getUTCFullYear();
  return Number.isFinite(instant.getTime()) && year >= MIN_SUPPORTED_YEAR && year <= MAX_SUPPORTED_YEAR;
}

/** The persisted timestamp form: UTC, milliseconds, `Z`. */
export function toIsoTimestamp(instant: Date): string {
  return instant.toISOString();
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
