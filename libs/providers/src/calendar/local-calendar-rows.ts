/**
 * The embedded calendar's rows and events: parsed iCalendar events as the rows an import writes, rows as the events
 * callers see (all-day rows placed in the user's zone at read time), and the checks on times and rules a write makes.
 */
import { addDaysToDate } from '@chief-of-staff/core';
import type { CalendarRow, EventRow, EventUpsert } from '@chief-of-staff/stores';
import { ProviderError } from '../errors/provider-error.js';
import type { Attendee, CalendarEvent, CalendarInfo } from '../types/calendar.js';
import { validateRule } from './ics/recurrence.js';
import { dateInZone, startOfDateInZone } from './ics/wall-clock.js';
import type { IcsEventRecord } from './ics/write-ics.js';

export const PROVIDER = 'local-calendar';

export type EventTiming = Pick<EventRow, 'startAt' | 'endAt' | 'allDay' | 'startDate' | 'endDate' | 'timezone'>;

/** A parsed iCalendar event as the row an import writes. */
function upsertRow(record: IcsEventRecord): EventUpsert {
  return {
    uid: record.uid,
    recurrenceId: record.recurrenceId ?? '',
    title: record.title,
    startAt: record.start.toISOString(),
    endAt: record.end.toISOString(),
    allDay: record.allDay,
    startDate: record.startDate,
    endDate: record.endDate,
    timezone: record.timezone,
    rrule: record.rrule,
    exdates: record.exdates,
    showAs: record.showAs,
    status: record.status,
    location: record.location,
    notes: record.notes,
    organizerEmail: record.organizerEmail,
    attendees: fromAttendees(record.attendees),
    alarms: record.alarms,
  };
}

/** Parsed iCalendar events as the rows an import writes. */
export function upsertRows(records: readonly IcsEventRecord[]): EventUpsert[] {
  return records.map(upsertRow);
}

export function toCalendarInfo(row: CalendarRow): CalendarInfo {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    kind: row.kind,
    ownerEmail: row.ownerEmail,
    feedUrl: row.feedUrl,
    readOnly: row.readOnly,
    color: row.color,
    lastSyncedAt: row.lastSyncedAt,
  };
}

export function toAttendees(row: EventRow): Attendee[] {
  return row.attendees.map((a) => ({ email: a.email, name: a.name ?? null, response: a.response, isSelf: a.is_self }));
}

export function fromAttendees(attendees: readonly Attendee[]): EventRow['attendees'] {
  return attendees.map((a) => ({
    email: a.email.trim().toLowerCase(),
    ...(a.name ? { name: a.name } : {}),
    response: a.response,
    is_self: a.isSelf,
  }));
}

/** Start/end of a row on the time line; all-day rows are placed in the user's zone now, not at import time. */
export function placement(zone: string, row: Pick<EventRow, 'allDay' | 'startDate' | 'endDate' | 'startAt' | 'endAt'>): { start: Date; end: Date } {
  if (row.allDay && row.startDate) {
    const endDate = row.endDate ?? addDaysToDate(row.startDate, 1);
    return { start: startOfDateInZone(row.startDate, zone), end: startOfDateInZone(endDate, zone) };
  }
  return { start: new Date(row.startAt), end: new Date(row.endAt) };
}

export function toEvent(zone: string, row: EventRow, calendarName: string, occurrence?: { start: Date; end: Date; startDate: string | null; endDate: string | null; occurrenceStart: Date }): CalendarEvent {
  const placed = occurrence ?? placement(zone, row);
  const isOverride = row.recurrenceId !== '';
  return {
    id: row.id,
    uid: row.uid,
    calendarId: row.calendarId,
    calendar: calendarName,
    title: row.title,
    start: placed.start,
    end: placed.end,
    allDay: row.allDay,
    startDate: occurrence ? occurrence.startDate : row.startDate,
    endDate: occurrence ? occurrence.endDate : row.allDay ? (row.endDate ?? (row.startDate ? addDaysToDate(row.startDate, 1) : null)) : null,
    timezone: row.timezone,
    showAs: row.showAs,
    status: row.status,
    location: row.location,
    notes: row.notes,
    organizerEmail: row.organizerEmail,
    attendees: toAttendees(row),
    recurring: row.rrule !== null || isOverride,
    rrule: row.rrule,
    occurrenceStart: occurrence
      ? occurrence.occurrenceStart
      : isOverride
        ? row.allDay
          ? startOfDateInZone(row.recurrenceId.slice(0, 10), zone)
          : new Date(row.recurrenceId)
        : null,
    alarms: row.alarms,
  };
}

export function overrideKey(zone: string, calendarId: number, uid: string, occurrence: Date | string, allDay: boolean): string {
  const at = allDay
    ? typeof occurrence === 'string' ? occurrence.slice(0, 10) : dateInZone(occurrence, zone)
    : new Date(occurrence).getTime();
  return `${calendarId}\u0000${uid}\u0000${at}`;
}

/** Validates and normalises times; all-day events get dates in the user's zone. */
export function eventTiming(zone: string, input: { start: Date; end: Date; allDay: boolean; startDate?: string | null; endDate?: string | null; timezone?: string | null }): EventTiming {
  if (input.allDay) {
    const startDate = input.startDate ?? dateInZone(input.start, zone);
    let endDate = input.endDate ?? dateInZone(input.end, zone);
    if (endDate <= startDate) endDate = addDaysToDate(startDate, 1);
    return {
      allDay: true,
      startDate,
      endDate,
      timezone: null,
      startAt: startOfDateInZone(startDate, zone).toISOString(),
      endAt: startOfDateInZone(endDate, zone).toISOString(),
    };
  }
  if (input.end.getTime() <= input.start.getTime()) {
    throw new ProviderError('invalid', 'end must be after start.', { provider: PROVIDER, details: { field: 'end' } });
  }
  return {
    allDay: false,
    startDate: null,
    endDate: null,
    timezone: input.timezone ?? zone,
    startAt: input.start.toISOString(),
    endAt: input.end.toISOString(),
  };
}

export function checkRule(rrule: string | null | undefined): string | null {
  if (!rrule) return null;
  try {
    validateRule(rrule);
  } catch (error) {
    throw new ProviderError('invalid', `recurrence: ${error instanceof Error ? error.message : 'not a valid RRULE'}.`, {
      provider: PROVIDER,
      hint: 'Use an RFC 5545 RRULE value such as "FREQ=WEEKLY;BYDAY=MO,WE" or "FREQ=DAILY;COUNT=5".',
      details: { field: 'recurrence' },
    });
  }
  return rrule.replace(/^RRULE:/i, '').trim();
}
