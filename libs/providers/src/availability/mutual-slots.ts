/**
 * Mutual slots of docs/reference/algorithms.md#group-availability: the user's open slots minus the union of every
 * participant's busy blocks, keeping fragments at least as long as the meeting.
 */
import { DateTime } from 'luxon';
import type { BusyBlock } from '../types/calendar.js';
import { isOutOfOffice } from './classify-event.js';
import { mergeIntervals, subtractIntervals, wholeMinutes, type Interval } from './intervals.js';
import type { OpenSlot } from './open-slots.js';
import { startOfDateInZone } from '../calendar/ics/wall-clock.js';
import { addDaysToDate } from '@chief-of-staff/core';

export interface MutualSlot {
  start: Date;
  end: Date;
  date: string;
  durationMinutes: number;
}

/**
 * A participant's busy time: busy, oof and tentative block; free, working_elsewhere and cancelled do not. All-day
 * entries block only when they are out-of-office, as for the user (step 3 of
 * docs/reference/algorithms.md#availability), so birthday or holiday feeds marked busy do not wipe out whole days.
 */
export function participantBusyIntervals(blocks: readonly BusyBlock[], timezone: string): Interval[] {
  const intervals: Interval[] = [];
  for (const block of blocks) {
    if (block.status === 'cancelled') continue;
    if (block.showAs === 'free' || block.showAs === 'working_elsewhere') continue;
    if (block.allDay) {
      if (!isOutOfOffice(block)) continue;
      const first = block.startDate ?? DateTime.fromJSDate(block.start, { zone: timezone }).toISODate() ?? '';
      const last = block.endDate ?? addDaysToDate(first, 1);
      intervals.push({ start: startOfDateInZone(first, timezone).getTime(), end: startOfDateInZone(last, timezone).getTime() });
      continue;
    }
    intervals.push({ start: block.start.getTime(), end: block.end.getTime() });
  }
  return mergeIntervals(intervals);
}

export function mutualSlots(
  mySlots: readonly OpenSlot[],
  participantsBusy: readonly (readonly Interval[])[],
  durationMinutes: number,
  options: { includeWeekends: boolean; timezone: string },
): MutualSlot[] {
  const busy = mergeIntervals(participantsBusy.flat());
  const result: MutualSlot[] = [];
  for (const slot of mySlots) {
    for (const fragment of subtractIntervals({ start: slot.start.getTime(), end: slot.end.getTime() }, busy)) {
      const minutes = wholeMinutes(fragment);
      if (minutes < durationMinutes) continue;
      const local = DateTime.fromMillis(fragment.start, { zone: options.timezone });
      if (!options.includeWeekends && local.weekday >= 6) continue;
      result.push({ start: new Date(fragment.start), end: new Date(fragment.end), date: local.toISODate() ?? slot.date, durationMinutes: minutes });
    }
  }
  return result;
}
