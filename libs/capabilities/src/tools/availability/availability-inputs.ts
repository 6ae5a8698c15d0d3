/** Inputs and helpers shared by find_my_open_slots and find_group_availability. */
import { z } from 'zod';
import { addDaysToDate, ToolError } from '@chief-of-staff/core';
import { isProviderError, parseClockTime, startOfDateInZone, toToolError, type AvailabilityEvent, type OpenSlotsInput, type SelfIdentity } from '@chief-of-staff/providers';
import { requireProvider, type ProviderToolContext } from '../provider-common/provider-services.js';
import type { DateRange } from '../provider-common/time-input.js';

export const MAX_AVAILABILITY_DAYS = 62;

export const durationSchema = z.number().int().min(5).max(480).default(30).describe('Meeting length in minutes (5–480).');

export function workingHoursSchema(which: 'start' | 'end', fallback: string) {
  return z
    .string()
    .trim()
    .default(fallback)
    .describe(`Working day ${which} in the user’s zone, HH:MM (default ${fallback}).`);
}

/** Validates the working hours, naming the field at fault. */
export function checkWorkingHours(start: string, end: string): void {
  const from = parseClockTime(start);
  if (!from) throw ToolError.invalidArgument('working_hours_start', `"${start}" is not a time.`, 'Use HH:MM from 00:00 to 23:59, e.g. 08:30.');
  const to = parseClockTime(end);
  if (!to) throw ToolError.invalidArgument('working_hours_end', `"${end}" is not a time.`, 'Use HH:MM from 00:00 to 23:59, e.g. 18:00.');
  if (from.hour * 60 + from.minute >= to.hour * 60 + to.minute) {
    throw ToolError.invalidArgument('working_hours_end', 'must be later than working_hours_start.', 'For example 08:00 to 18:00.');
  }
}

/**
 * The part of `findOpenSlots`' input both availability tools take from their arguments the same way: the days and
 * bounds of the range, the zone, working hours and meeting length.
 */
export function openSlotsWindow(
  range: DateRange,
  zone: string,
  args: { working_hours_start: string; working_hours_end: string; duration_minutes: number },
): Pick<OpenSlotsInput, 'startDate' | 'endDate' | 'rangeStart' | 'rangeEnd' | 'timezone' | 'workingHoursStart' | 'workingHoursEnd' | 'durationMinutes'> {
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    rangeStart: range.startIsDate ? undefined : range.start,
    rangeEnd: range.endIsDate ? undefined : range.end,
    timezone: zone,
    workingHoursStart: args.working_hours_start,
    workingHoursEnd: args.working_hours_end,
    durationMinutes: args.duration_minutes,
  };
}

export function selfIdentity(ctx: ProviderToolContext): SelfIdentity {
  const user = ctx.services.config?.user;
  return { emails: user?.email ? [user.email] : [], handles: user?.handles ?? [] };
}

export interface MyEvents {
  events: AvailabilityEvent[];
  /** Calendars that could not be read, with why. */
  failed: { calendar: string; reason: string }[];
}

/**
 * The user's events over whole days of the range, from the named calendars or every own calendar. Each calendar
 * is read separately so one failing source is reported by name; with `allowPartial` false any failure is
 * UNAVAILABLE, because missing events must never turn into free time.
 */
export async function fetchMyEvents(ctx: ProviderToolContext, range: DateRange, calendars: readonly string[] | undefined, allowPartial: boolean): Promise<MyEvents> {
  const provider = requireProvider(ctx, 'calendar');
  const zone = ctx.clock.timezone;
  const start = startOfDateInZone(range.startDate, zone);
  const end = startOfDateInZone(addDaysToDate(range.endDate, 1), zone);
  let selected: { id: number; name: string }[];
  try {
    selected =
      calendars === undefined
        ? (await provider.listCalendars()).filter((c) => c.kind === 'own')
        : await Promise.all(calendars.map((ref) => provider.getCalendar(ref)));
  } catch (error) {
    throw toToolError(error);
  }
  const events: AvailabilityEvent[] = [];
  const failed: MyEvents['failed'] = [];
  for (const calendar of selected) {
    try {
      events.push(...(await provider.listEvents({ start, end, calendarIds: [calendar.id] })));
    } catch (error) {
      // Only provider errors carry messages meant for users; anything else stays in the log.
      ctx.logger.warn({ err: error, calendar: calendar.name }, 'calendar source failed');
      failed.push({ calendar: calendar.name, reason: isProviderError(error) ? error.message : 'the source failed' });
    }
  }
  if (failed.length > 0 && !allowPartial) {
    throw new ToolError('UNAVAILABLE', `Could not read ${failed.map((f) => `calendar "${f.calendar}"`).join(', ')}; no slots are reported rather than showing busy time as free.`, {
      hint: 'Fix the calendar source (see `cos doctor`), or pass allow_partial=true to use the calendars that could be read.',
      details: { sources_failed: failed.map((f) => f.calendar) },
    });
  }
  return { events, failed };
}
