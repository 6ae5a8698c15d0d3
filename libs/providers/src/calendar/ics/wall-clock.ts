/**
 * Wall-clock times and their instants in an IANA zone. Recurrences repeat on the wall clock of the zone they
 * were written in, so every conversion goes through here (luxon holds the tz database; no fixed offsets).
 */
import { DateTime } from 'luxon';
import { offsetMinutesAt } from './zone-offsets.js';

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The instant of a wall-clock time in `zone`, as RFC 5545 §3.3.5 reads local times: an ambiguous time (the
 * repeated hour) is its first occurrence; a time inside a DST gap is read with the offset from before the gap
 * (02:30 on a spring-forward night becomes 03:30).
 */
export function wallClockToInstant(wc: WallClock, zone: string): Date {
  const local = Date.UTC(wc.year, wc.month - 1, wc.day, wc.hour, wc.minute, wc.second);
  if (Number.isNaN(local)) throw new RangeError('Invalid wall-clock time');
  const before = offsetMinutesAt(zone, local - 14 * 3_600_000);
  const after = offsetMinutesAt(zone, local + 14 * 3_600_000);
  const withBefore = local - before * 60_000;
  if (before === after) return new Date(withBefore);
  const withAfter = local - after * 60_000;
  const beforeValid = offsetMinutesAt(zone, withBefore) === before;
  const afterValid = offsetMinutesAt(zone, withAfter) === after;
  if (beforeValid && afterValid) return new Date(Math.min(withBefore, withAfter));
  if (afterValid) return new Date(withAfter);
  return new Date(withBefore);
}

export function instantToWallClock(instant: Date, zone: string): WallClock {
  const dt = DateTime.fromJSDate(instant, { zone });
  return { year: dt.year, month: dt.month, day: dt.day, hour: dt.hour, minute: dt.minute, second: dt.second };
}

/** Midnight starting `date` (`YYYY-MM-DD`) in `zone` (DST-gap midnights move to the first valid instant). */
export function startOfDateInZone(date: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return DateTime.fromObject({ year, month, day }, { zone }).toJSDate();
}

/** `YYYY-MM-DD` of an instant in `zone`. */
export function dateInZone(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() ?? '';
}

/** `2026-03-09T10:00:00.000-04:00`: an instant shown in `zone` with its offset (the `*_local` output fields). */
export function toLocalIso(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISO() ?? instant.toISOString();
}

export function formatWallClockCompact(wc: WallClock): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(wc.year, 4)}${p(wc.month)}${p(wc.day)}T${p(wc.hour)}${p(wc.minute)}${p(wc.second)}`;
}

/**
 * An ISO-8601 date-time as an instant: with `Z` or an offset as written, without one (naive) read in `zone`
 * (docs/reference/conventions.md#time). Null when the text is not an ISO-8601 date-time.
 */
export function parseDateTimeInZone(text: string, zone: string): Date | null {
  const parsed = DateTime.fromISO(text.trim(), { zone });
  return parsed.isValid ? parsed.toJSDate() : null;
}
