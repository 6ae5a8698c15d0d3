/**
 * Writes events and to-dos as an iCalendar file: timed events in their IANA zone (with a generated VTIMEZONE) or
 * UTC, all-day events as dates, series with RRULE/EXDATE and overriding instances with RECURRENCE-ID, so a file
 * exported here reads back to the same occurrences.
 */
import ICAL from 'ical.js';
import type { ShowAs } from '../../types/calendar.js';
import type { ParsedIcsEvent, ParsedIcsTodo } from './parse-ics.js';
import { instantToWallClock } from './wall-clock.js';
import { buildVtimezone } from './vtimezone.js';

/** An event as stored: the same record the parser produces. */
export type IcsEventRecord = ParsedIcsEvent;
export type IcsTodoRecord = ParsedIcsTodo;

export interface WriteIcsInput {
  calendarName?: string | null;
  events: readonly IcsEventRecord[];
  todos?: readonly IcsTodoRecord[];
  /** Stamp written as DTSTAMP (the export time). */
  now: Date;
}

const PARTSTAT_OUT = { accepted: 'ACCEPTED', declined: 'DECLINED', tentative: 'TENTATIVE', needs_action: 'NEEDS-ACTION' } as const;
const BUSY_OUT: Readonly<Record<ShowAs, string>> = {
  busy: 'BUSY',
  free: 'FREE',
  tentative: 'TENTATIVE',
  oof: 'OOF',
  working_elsewhere: 'WORKINGELSEWHERE',
};

function utcTime(instant: Date): ICAL.Time {
  return ICAL.Time.fromJSDate(instant, true);
}

function dateTime(date: string): ICAL.Time {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return ICAL.Time.fromData({ year, month, day, isDate: true });
}

/** A property holding an instant: in `zone` with a TZID when the event has one, else UTC. */
function timeProperty(name: string, instant: Date, zone: string | null): ICAL.Property {
  const prop = new ICAL.Property(name);
  if (zone && zone !== 'UTC') {
    const wc = instantToWallClock(instant, zone);
    prop.setValue(ICAL.Time.fromData({ ...wc }));
    prop.setParameter('tzid', zone);
  } else {
    prop.setValue(utcTime(instant));
  }
  return prop;
}

function datePropertyOrTime(name: string, value: string, allDay: boolean, zone: string | null): ICAL.Property {
  if (allDay) {
    const prop = new ICAL.Property(name);
    prop.setValue(dateTime(value.slice(0, 10)));
    return prop;
  }
  return timeProperty(name, new Date(value), zone);
}

function eventComponent(event: IcsEventRecord, now: Date): ICAL.Component {
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', event.uid);
  vevent.addPropertyWithValue('dtstamp', utcTime(now));
  if (event.allDay && event.startDate) {
    const start = new ICAL.Property('dtstart');
    start.setValue(dateTime(event.startDate));
    vevent.addProperty(start);
    if (event.endDate) {
      const end = new ICAL.Property('dtend');
      end.setValue(dateTime(event.endDate));
      vevent.addProperty(end);
    }
  } else {
    vevent.addProperty(timeProperty('dtstart', event.start, event.timezone));
    vevent.addProperty(timeProperty('dtend', event.end, event.timezone));
  }
  if (event.recurrenceId) vevent.addProperty(datePropertyOrTime('recurrence-id', event.recurrenceId, event.allDay, event.timezone));
  vevent.addPropertyWithValue('summary', event.title);
  if (event.rrule) vevent.addPropertyWithValue('rrule', ICAL.Recur.fromString(event.rrule.replace(/^RRULE:/i, '')));
  for (const exdate of event.exdates) vevent.addProperty(datePropertyOrTime('exdate', exdate, event.allDay, event.timezone));
  if (event.location) vevent.addPropertyWithValue('location', event.location);
  if (event.notes) vevent.addPropertyWithValue('description', event.notes);
  vevent.addPropertyWithValue('status', event.status.toUpperCase());
  vevent.addPropertyWithValue('transp', event.showAs === 'free' ? 'TRANSPARENT' : 'OPAQUE');
  vevent.addPropertyWithValue('x-microsoft-cdo-busystatus', BUSY_OUT[event.showAs]);
  if (event.organizerEmail) vevent.addPropertyWithValue('organizer', `mailto:${event.organizerEmail}`);
  for (const attendee of event.attendees) {
    const prop = new ICAL.Property('attendee');
    prop.setValue(`mailto:${attendee.email}`);
    if (attendee.name) prop.setParameter('cn', attendee.name);
    prop.setParameter('partstat', PARTSTAT_OUT[attendee.response]);
    vevent.addProperty(prop);
  }
  for (const minutes of event.alarms) {
    const alarm = new ICAL.Component('valarm');
    alarm.addPropertyWithValue('action', 'DISPLAY');
    alarm.addPropertyWithValue('description', event.title);
    alarm.addPropertyWithValue('trigger', ICAL.Duration.fromSeconds(-minutes * 60));
    vevent.addSubcomponent(alarm);
  }
  return vevent;
}

const PRIORITY_OUT = { none: 0, high: 1, medium: 5, low: 9 } as const;

function todoComponent(todo: IcsTodoRecord, now: Date): ICAL.Component {
  const vtodo = new ICAL.Component('vtodo');
  vtodo.addPropertyWithValue('uid', todo.uid);
  vtodo.addPropertyWithValue('dtstamp', utcTime(now));
  vtodo.addPropertyWithValue('summary', todo.title);
  if (todo.notes) vtodo.addPropertyWithValue('description', todo.notes);
  if (todo.dueAt) vtodo.addPropertyWithValue('due', utcTime(todo.dueAt));
  else if (todo.dueDate) vtodo.addPropertyWithValue('due', dateTime(todo.dueDate));
  vtodo.addPropertyWithValue('priority', PRIORITY_OUT[todo.priority]);
  vtodo.addPropertyWithValue('status', todo.completed ? 'COMPLETED' : 'NEEDS-ACTION');
  if (todo.completed && todo.completedAt) vtodo.addPropertyWithValue('completed', utcTime(todo.completedAt));
  return vtodo;
}

export function writeIcs(input: WriteIcsInput): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//Chief of Staff//Local calendar//EN');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  if (input.calendarName) calendar.addPropertyWithValue('x-wr-calname', input.calendarName);
  const years = new Map<string, { from: number; to: number }>();
  for (const event of input.events) {
    if (event.allDay || !event.timezone || event.timezone === 'UTC') continue;
    const from = event.start.getUTCFullYear() - 1;
    // Open-ended series need rules for years ahead too; ten years keeps the file small.
    const to = Math.max(event.end.getUTCFullYear(), event.rrule ? event.start.getUTCFullYear() + 10 : 0, input.now.getUTCFullYear() + 1);
    const span = years.get(event.timezone);
    years.set(event.timezone, span ? { from: Math.min(span.from, from), to: Math.max(span.to, to) } : { from, to });
  }
  for (const [zone, span] of [...years].sort(([a], [b]) => a.localeCompare(b))) {
    calendar.addSubcomponent(buildVtimezone(zone, span.from, span.to));
  }
  for (const event of input.events) calendar.addSubcomponent(eventComponent(event, input.now));
  for (const todo of input.todos ?? []) calendar.addSubcomponent(todoComponent(todo, input.now));
  return calendar.toString();
}
