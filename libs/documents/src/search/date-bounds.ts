/**
 * Date filters for document search (docs/reference/conventions.md#time): ISO datetimes with `Z` or an offset, naive
 * datetimes in the user's time zone, or date-only values. A date-only upper bound is inclusive: it ends at the start
 * of the following day in the user's zone.
 */
import { DateTime } from 'luxon';
import { isValidDateOnly, ToolError } from '@chief-of-staff/core';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Epoch milliseconds for a bound. `from` bounds are inclusive; `to` bounds are returned as an exclusive
 * instant (a date-only `to` becomes the next day's start).
 */
export function parseDateBound(field: string, value: string, bound: 'from' | 'to', timeZone: string): number {
  const text = value.trim();
  if (DATE_ONLY.test(text)) {
    if (!isValidDateOnly(text)) {
      throw ToolError.invalidArgument(field, `"${value}" is not a real calendar date.`, 'Use YYYY-MM-DD or an ISO-8601 datetime.');
    }
    const start = DateTime.fromISO(text, { zone: timeZone }).startOf('day');
    return (bound === 'to' ? start.plus({ days: 1 }) : start).toMillis();
  }
  const parsed = DateTime.fromISO(text, { zone: timeZone, setZone: true });
  if (!parsed.isValid) {
    throw ToolError.invalidArgument(
      field,
      `"${value}" is not a valid date or datetime.`,
      'Use YYYY-MM-DD or an ISO-8601 datetime such as 2026-02-22T10:30:00Z.',
    );
  }
  // A datetime `to` is inclusive of that instant.
  return bound === 'to' ? parsed.toMillis() + 1 : parsed.toMillis();
}
