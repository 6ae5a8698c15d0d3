/**
 * Expands a recurring series inside a range. The RRULE is iterated on the wall clock of the series' zone with
 * ical.js, and each occurrence is placed in time with the tz database, so a weekly 10:00 meeting stays at 10:00
 * local across DST changes.
 */
import ICAL from 'ical.js';
import { addDaysToDate } from '@chief-of-staff/core';
import { instantToWallClock, startOfDateInZone, wallClockToInstant, type WallClock } from './wall-clock.js';

export interface RecurringSeries {
  rrule: string;
  /** First occurrence. */
  start: Date;
  end: Date;
  allDay: boolean;
  /** All-day series: first day and exclusive end day of the first occurrence. */
  startDate: string | null;
  endDate: string | null;
  /** IANA zone whose wall clock the series follows; null means UTC. */
  timezone: string | null;
  /** Cancelled occurrences: ISO instants (timed) or `YYYY-MM-DD` (all-day). */
  exdates: readonly string[];
}

export interface Occurrence {
  start: Date;
  end: Date;
  startDate: string | null;
  endDate: string | null;
  /** Original start of the occurrence, used to match EXDATEs and overriding instances. */
  occurrenceStart: Date;
}

export interface ExpandOptions {
  /** Zone used to place all-day occurrences on the time line (the user's zone). */
  displayZone: string;
  /** Hard cap on iterations per series, so a malformed rule cannot spin. */
  maxIterations?: number;
}

const DEFAULT_MAX_ITERATIONS = 50_000;

function icalWallClock(wc: WallClock, isDate: boolean): ICAL.Time {
  return ICAL.Time.fromData(
    isDate
      ? { year: wc.year, month: wc.month, day: wc.day, isDate: true }
      : { year: wc.year, month: wc.month, day: wc.day, hour: wc.hour, minute: wc.minute, second: wc.second },
  );
}

function dateOf(time: ICAL.Time): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(time.year, 4)}-${p(time.month)}-${p(time.day)}`;
}

function wallClockOf(time: ICAL.Time): WallClock {
  return { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Parses the rule and rewrites a UTC `UNTIL` into the series' wall clock: ical.js compares UNTIL with the
 * (floating) iteration times directly, which would be off by the zone's offset otherwise.
 */
export function parseRule(rrule: string, zone: string, allDay: boolean): ICAL.Recur {
  const recur = ICAL.Recur.fromString(rrule.replace(/^RRULE:/i, ''));
  const until = recur.until;
  if (until) {
    if (allDay) {
      recur.until = ICAL.Time.fromData({ year: until.year, month: until.month, day: until.day, isDate: true });
    } else if (until.isDate) {
      recur.until = ICAL.Time.fromData({ year: until.year, month: until.month, day: until.day, hour: 23, minute: 59, second: 59 });
    } else if (until.zone?.tzid === 'UTC') {
      const wc = instantToWallClock(until.toJSDate(), zone);
      recur.until = icalWallClock(wc, false);
    }
  }
  return recur;
}

/** Occurrences overlapping [range.start, range.end), in order, without EXDATE'd ones. */
export function expandSeries(
  series: RecurringSeries,
  range: { start: Date; end: Date },
  options: ExpandOptions,
): Occurrence[] {
  const zone = series.allDay ? options.displayZone : (series.timezone ?? 'UTC');
  const recur = parseRule(series.rrule, zone, series.allDay);
  const excluded = new Set<string | number>(
    series.allDay ? series.exdates.map((d) => d.slice(0, 10)) : series.exdates.map((d) => new Date(d).getTime()),
  );
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const occurrences: Occurrence[] = [];

  if (series.allDay) {
    const firstDate = series.startDate ?? '';
    const lengthDays = Math.max(1, daysBetween(firstDate, series.endDate ?? addDaysToDate(firstDate, 1)));
    const [year, month, day] = firstDate.split('-').map(Number) as [number, number, number];
    const iterator = recur.iterator(ICAL.Time.fromData({ year, month, day, isDate: true }));
    for (let i = 0; i < maxIterations; i += 1) {
      const next = iterator.next();
      if (!next) break;
      const startDate = dateOf(next);
      const endDate = addDaysToDate(startDate, lengthDays);
      const start = startOfDateInZone(startDate, zone);
      if (start.getTime() >= range.end.getTime()) break;
      const end = startOfDateInZone(endDate, zone);
      if (end.getTime() <= range.start.getTime() || excluded.has(startDate)) continue;
      occurrences.push({ start, end, startDate, endDate, occurrenceStart: start });
    }
    return occurrences;
  }

  const durationMs = series.end.getTime() - series.start.getTime();
  const iterator = recur.iterator(icalWallClock(instantToWallClock(series.start, zone), false));
  for (let i = 0; i < maxIterations; i += 1) {
    const next = iterator.next();
    if (!next) break;
    const start = wallClockToInstant(wallClockOf(next), zone);
    if (start.getTime() >= range.end.getTime()) break;
    const end = new Date(start.getTime() + durationMs);
    if (end.getTime() <= range.start.getTime() || excluded.has(start.getTime())) continue;
    occurrences.push({ start, end, startDate: null, endDate: null, occurrenceStart: start });
  }
  return occurrences;
}

/** Throws a RangeError when `rrule` is not a usable RRULE value. */
export function validateRule(rrule: string): void {
  const value = rrule.replace(/^RRULE:/i, '').trim();
  if (!/^FREQ=|;FREQ=/i.test(value)) throw new RangeError('an RRULE needs FREQ (e.g. "FREQ=WEEKLY;BYDAY=MO")');
  const recur = ICAL.Recur.fromString(value);
  const allowed = ['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
  if (!recur.freq || !allowed.includes(recur.freq)) {
    throw new RangeError(`FREQ must be one of ${allowed.join(', ')}`);
  }
}
