/**
 * `findOpenSlots`, step 5 of docs/reference/algorithms.md#availability: per local date (end date inclusive) the
 * working window minus the merged blocking events; slots are whole gaps of at least the requested duration, with the
 * soft events they overlap.
 */
import { DateTime } from 'luxon';
import { addDaysToDate } from '@chief-of-staff/core';
import {
  classifyEvent,
  DEFAULT_SOFT_KEYWORDS,
  type AvailabilityEvent,
  type EventBlocking,
  type SelfIdentity,
} from './classify-event.js';
import { mergeIntervals, overlaps, subtractIntervals, wholeMinutes, type Interval } from './intervals.js';

export interface OpenSlotsInput {
  events: readonly AvailabilityEvent[];
  /** First and last local date, both inclusive (`YYYY-MM-DD`). */
  startDate: string;
  endDate: string;
  /** When the range was given as datetimes, windows are clipped to [rangeStart, rangeEnd). */
  rangeStart?: Date;
  rangeEnd?: Date;
  timezone: string;
  /** `HH:MM`, start before end. */
  workingHoursStart: string;
  workingHoursEnd: string;
  durationMinutes: number;
  includeSoftBlocks: boolean;
  /** Replaces the default soft keywords when given. */
  softKeywords?: readonly string[];
  includeWeekends: boolean;
  blockOooAllDay: boolean;
  self: SelfIdentity;
}

export interface OpenSlot {
  start: Date;
  end: Date;
  /** Local date of the slot (`YYYY-MM-DD`). */
  date: string;
  /** English weekday name, e.g. `Monday`. */
  dayOfWeek: string;
  durationMinutes: number;
  /** Titles of soft events the slot overlaps (only when soft blocks are not blocking). */
  softConflicts: string[];
}

/** An event that blocked time, kept for ranking (back-to-back detection). */
export interface BlockingInterval extends Interval {
  title: string;
}

export interface OpenSlotsResult {
  slots: OpenSlot[];
  /** Timed events that blocked time (hard, and soft ones when they block). */
  blocking: BlockingInterval[];
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `HH:MM` (00:00–23:59) → hour and minute, or null. */
export function parseClockTime(value: string): { hour: number; minute: number } | null {
  const match = CLOCK.exec(value.trim());
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

function clockOrThrow(value: string, field: string): { hour: number; minute: number } {
  const parsed = parseClockTime(value);
  if (!parsed) throw new RangeError(`${field} must be HH:MM (00:00–23:59), got "${value}"`);
  return parsed;
}

/** Every date from `startDate` to `endDate`, inclusive. */
export function datesInclusive(startDate: string, endDate: string): string[] {
  const dates: string[] = [];
  for (let date = startDate; date <= endDate; date = addDaysToDate(date, 1)) dates.push(date);
  return dates;
}

function localDateTime(date: string, clock: { hour: number; minute: number }, zone: string): DateTime {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const dt = DateTime.fromObject({ year, month, day, hour: clock.hour, minute: clock.minute }, { zone });
  if (dt.hour === clock.hour && dt.minute === clock.minute) return dt;
  // The wall-clock time falls in a DST gap: luxon shifts it by the gap's length, but the next valid instant is the
  // end of the gap, i.e. the first instant whose local time is at or after the requested one.
  const wanted = `${date} ${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
  let low = dt.toMillis() - 3 * 3_600_000;
  let high = dt.toMillis();
  while (high - low > 60_000) {
    const mid = low + Math.floor((high - low) / 120_000) * 60_000;
    if (DateTime.fromMillis(mid, { zone }).toFormat('yyyy-MM-dd HH:mm') >= wanted) high = mid;
    else low = mid;
  }
  return DateTime.fromMillis(high, { zone });
}

function coversDate(event: AvailabilityEvent, date: string, zone: string): boolean {
  const first = event.startDate ?? DateTime.fromJSDate(event.start, { zone }).toISODate() ?? '';
  const endExclusive = event.endDate ?? addDaysToDate(first, 1);
  return first <= date && date < endExclusive;
}

export function findOpenSlots(input: OpenSlotsInput): OpenSlotsResult {
  const startClock = clockOrThrow(input.workingHoursStart, 'working_hours_start');
  const endClock = clockOrThrow(input.workingHoursEnd, 'working_hours_end');
  if (startClock.hour * 60 + startClock.minute >= endClock.hour * 60 + endClock.minute) {
    throw new RangeError('working_hours_start must be before working_hours_end');
  }
  const options = {
    softKeywords: input.softKeywords ?? DEFAULT_SOFT_KEYWORDS,
    self: input.self,
    blockOooAllDay: input.blockOooAllDay,
  };
  const classified = input.events.map((event) => ({ event, blocking: classifyEvent(event, options) as EventBlocking }));
  const blockingTimed: BlockingInterval[] = [];
  const softTimed: BlockingInterval[] = [];
  for (const { event, blocking } of classified) {
    const interval = { start: event.start.getTime(), end: event.end.getTime(), title: event.title };
    if (blocking === 'hard' || (blocking === 'soft' && !input.includeSoftBlocks)) blockingTimed.push(interval);
    else if (blocking === 'soft') softTimed.push(interval);
  }
  const oooDays = classified.filter((c) => c.blocking === 'ooo_all_day').map((c) => c.event);

  const slots: OpenSlot[] = [];
  for (const date of datesInclusive(input.startDate, input.endDate)) {
    const opening = localDateTime(date, startClock, input.timezone);
    if (!input.includeWeekends && opening.weekday >= 6) continue;
    if (oooDays.some((event) => coversDate(event, date, input.timezone))) continue;
    const window: Interval = {
      start: Math.max(opening.toMillis(), input.rangeStart?.getTime() ?? -Infinity),
      end: Math.min(localDateTime(date, endClock, input.timezone).toMillis(), input.rangeEnd?.getTime() ?? Infinity),
    };
    if (window.end <= window.start) continue;
    const blocks = mergeIntervals(
      blockingTimed
        .filter((block) => overlaps(block, window))
        .map((block) => ({ start: Math.max(block.start, window.start), end: Math.min(block.end, window.end) })),
    );
    for (const gap of subtractIntervals(window, blocks)) {
      const minutes = wholeMinutes(gap);
      if (minutes < input.durationMinutes) continue;
      const conflicts = [...new Set(softTimed.filter((soft) => overlaps(soft, gap)).map((soft) => soft.title))];
      slots.push({
        start: new Date(gap.start),
        end: new Date(gap.end),
        date,
        dayOfWeek: opening.setLocale('en-US').toFormat('cccc'),
        durationMinutes: minutes,
        softConflicts: conflicts,
      });
    }
  }
  return { slots, blocking: blockingTimed.sort((a, b) => a.start - b.start) };
}
