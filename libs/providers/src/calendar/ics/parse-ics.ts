/**
 * Reads an iCalendar file (RFC 5545) into plain event and to-do records with ical.js: times placed on the time
 * line with their TZID (IANA, Windows names, or the file's own VTIMEZONE), all-day dates kept as dates, RRULE and
 * EXDATE kept for expansion at query time, overriding instances (RECURRENCE-ID) as separate records, attendees with
 * their participation status.
 */
import ICAL from 'ical.js';
import type { Attendee, AttendeeResponse, EventStatus, ShowAs } from '../../types/calendar.js';
import type { ReminderPriority } from '../../types/reminders.js';
import { ProviderError } from '../../errors/provider-error.js';
import { dateInZone, wallClockToInstant, type WallClock } from './wall-clock.js';
import { ianaZoneFromName, ianaZoneMatchingOffsets } from './zone-names.js';

export interface ParsedIcsEvent {
  uid: string;
  /** Original start of the occurrence this record overrides: ISO instant, or `YYYY-MM-DD` for all-day. */
  recurrenceId: string | null;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  startDate: string | null;
  endDate: string | null;
  timezone: string | null;
  rrule: string | null;
  exdates: string[];
  showAs: ShowAs;
  status: EventStatus;
  location: string | null;
  notes: string | null;
  organizerEmail: string | null;
  attendees: Attendee[];
  alarms: number[];
}

export interface ParsedIcsTodo {
  uid: string;
  title: string;
  notes: string | null;
  dueDate: string | null;
  dueAt: Date | null;
  priority: ReminderPriority;
  completed: boolean;
  completedAt: Date | null;
}

export interface ParsedIcs {
  /** `X-WR-CALNAME` when the file names its calendar. */
  calendarName: string | null;
  events: ParsedIcsEvent[];
  todos: ParsedIcsTodo[];
  /** Components skipped or read with a fallback, one line each. */
  warnings: string[];
}

export interface ParseIcsOptions {
  /** The user's zone: floating times and unknown zones are read in it; all-day dates are placed in it. */
  timezone: string;
  /** The user's addresses, to mark the self attendee. */
  selfEmails?: readonly string[];
}

interface TimeReading {
  instant: Date;
  allDay: boolean;
  date: string | null;
  zone: string | null;
}

const BUSY_STATUS: Readonly<Record<string, ShowAs>> = {
  FREE: 'free',
  TENTATIVE: 'tentative',
  BUSY: 'busy',
  OOF: 'oof',
  WORKINGELSEWHERE: 'working_elsewhere',
};

const PARTSTAT: Readonly<Record<string, AttendeeResponse>> = {
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  TENTATIVE: 'tentative',
};

function text(component: ICAL.Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  if (value === null || value === undefined) return null;
  const str = String(value).trim();
  return str === '' ? null : str;
}

function param(prop: ICAL.Property, name: string): string | null {
  const value = prop.getParameter(name);
  if (value === undefined || value === null) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

export function emailFromCalAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.replace(/^mailto:/i, '').trim().toLowerCase();
  return email.includes('@') ? email : null;
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

function dateOfTime(time: ICAL.Time): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

/** Parses VTIMEZONE definitions of one file and maps their TZIDs to IANA zones, memoised per file. */
class FileZones {
  private readonly definitions = new Map<string, ICAL.Timezone>();
  private readonly mapped = new Map<string, string | null>();

  constructor(root: ICAL.Component, private readonly warnings: string[]) {
    for (const component of root.getAllSubcomponents('vtimezone')) {
      try {
        const zone = new ICAL.Timezone(component);
        if (zone.tzid) this.definitions.set(zone.tzid, zone);
      } catch {
        this.warnings.push('A VTIMEZONE definition could not be read and was ignored.');
      }
    }
  }

  definition(tzid: string): ICAL.Timezone | undefined {
    return this.definitions.get(tzid);
  }

  /** IANA zone for a TZID: by name first, else by matching the VTIMEZONE's offsets in `year`. */
  iana(tzid: string, year: number): string | null {
    const key = `${tzid}\u0000${year}`;
    if (this.mapped.has(key)) return this.mapped.get(key) ?? null;
    let zone = ianaZoneFromName(tzid);
    const definition = this.definitions.get(tzid);
    if (!zone && definition) {
      zone = ianaZoneMatchingOffsets((instant) => {
        const local = ICAL.Time.fromJSDate(instant, true).convertToZone(definition);
        const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
        return Math.round((asUtc - instant.getTime()) / 60_000);
      }, year);
    }
    this.mapped.set(key, zone);
    return zone;
  }
}

function readTime(
  time: ICAL.Time,
  prop: ICAL.Property | null,
  zones: FileZones,
  options: ParseIcsOptions,
  warnings: string[],
): TimeReading {
  if (time.isDate) {
    const date = dateOfTime(time);
    return { instant: wallClockToInstant({ year: time.year, month: time.month, day: time.day, hour: 0, minute: 0, second: 0 }, options.timezone), allDay: true, date, zone: null };
  }
  const wc: WallClock = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
  if (time.zone?.tzid === 'UTC') {
    return { instant: new Date(Date.UTC(wc.year, wc.month - 1, wc.day, wc.hour, wc.minute, wc.second)), allDay: false, date: null, zone: null };
  }
  const tzid = prop ? param(prop, 'tzid') : null;
  if (tzid) {
    const iana = zones.iana(tzid, wc.year);
    if (iana) return { instant: wallClockToInstant(wc, iana), allDay: false, date: null, zone: iana };
    const definition = zones.definition(tzid);
    if (definition) {
      const instant = new Date(ICAL.Time.fromData({ ...wc }, definition).toUnixTime() * 1000);
      return { instant, allDay: false, date: null, zone: null };
    }
    warnings.push(`Unknown time zone "${tzid}": its times were read in ${options.timezone}.`);
  }
  return { instant: wallClockToInstant(wc, options.timezone), allDay: false, date: null, zone: options.timezone };
}

function readShowAs(component: ICAL.Component, status: EventStatus): ShowAs {
  const busy = text(component, 'x-microsoft-cdo-busystatus')?.toUpperCase();
  if (busy && BUSY_STATUS[busy]) return BUSY_STATUS[busy];
  if (text(component, 'transp')?.toUpperCase() === 'TRANSPARENT') return 'free';
  return status === 'tentative' ? 'tentative' : 'busy';
}

function readStatus(component: ICAL.Component): EventStatus {
  const status = text(component, 'status')?.toUpperCase();
  if (status === 'CANCELLED') return 'cancelled';
  if (status === 'TENTATIVE') return 'tentative';
  return 'confirmed';
}

function readAttendees(component: ICAL.Component, self: ReadonlySet<string>): Attendee[] {
  const attendees: Attendee[] = [];
  for (const prop of component.getAllProperties('attendee')) {
    const email = emailFromCalAddress(prop.getFirstValue());
    if (!email) continue;
    const partstat = param(prop, 'partstat')?.toUpperCase() ?? '';
    attendees.push({
      email,
      name: param(prop, 'cn'),
      response: PARTSTAT[partstat] ?? 'needs_action',
      isSelf: self.has(email),
    });
  }
  return attendees;
}

function readAlarms(component: ICAL.Component, start: Date): number[] {
  const minutes = new Set<number>();
  for (const alarm of component.getAllSubcomponents('valarm')) {
    const trigger = alarm.getFirstProperty('trigger');
    const value = trigger?.getFirstValue();
    let before: number | null = null;
    if (value instanceof ICAL.Duration) {
      before = -value.toSeconds() / 60;
    } else if (value instanceof ICAL.Time) {
      before = (start.getTime() - value.toJSDate().getTime()) / 60_000;
    }
    if (before !== null && Number.isFinite(before) && before >= 0 && before <= 40_320) minutes.add(Math.round(before));
  }
  return [...minutes].sort((a, b) => a - b);
}

function readEvent(
  component: ICAL.Component,
  zones: FileZones,
  options: ParseIcsOptions,
  self: ReadonlySet<string>,
  warnings: string[],
): ParsedIcsEvent | null {
  // Properties are read from the component directly: ICAL.Event relates every sibling VEVENT as a possible
  // exception on construction, which is quadratic in the size of the file.
  const uid = text(component, 'uid');
  const startProp = component.getFirstProperty('dtstart');
  const startTime = startProp?.getFirstValue();
  if (!uid || !startProp || !(startTime instanceof ICAL.Time)) {
    warnings.push(`Skipped an event without ${uid ? 'DTSTART' : 'UID'}${uid ? ` (${uid})` : ''}.`);
    return null;
  }
  const start = readTime(startTime, startProp, zones, options, warnings);
  let end: TimeReading;
  const endProp = component.getFirstProperty('dtend');
  const endTime = endProp?.getFirstValue();
  const duration = component.getFirstPropertyValue('duration');
  if (endProp && endTime instanceof ICAL.Time) {
    end = readTime(endTime, endProp, zones, options, warnings);
  } else if (duration instanceof ICAL.Duration) {
    const shifted = startTime.clone();
    shifted.addDuration(duration);
    end = readTime(shifted, startProp, zones, options, warnings);
  } else if (start.allDay) {
    const next = startTime.clone();
    next.adjust(1, 0, 0, 0);
    end = readTime(next, startProp, zones, options, warnings);
  } else {
    end = start;
  }
  const status = readStatus(component);
  const rruleValue = component.getFirstPropertyValue('rrule');
  const rrule = rruleValue ? String(rruleValue) : null;
  if (component.getFirstProperty('rdate')) warnings.push(`Event ${uid}: RDATE is not supported; extra dates ignored.`);
  const exdates: string[] = [];
  for (const prop of component.getAllProperties('exdate')) {
    for (const value of prop.getValues()) {
      if (!(value instanceof ICAL.Time)) continue;
      const reading = readTime(value, prop, zones, options, warnings);
      exdates.push(start.allDay ? (reading.date ?? dateInZone(reading.instant, options.timezone)) : reading.instant.toISOString());
    }
  }
  const recurrenceProp = component.getFirstProperty('recurrence-id');
  let recurrenceId: string | null = null;
  if (recurrenceProp) {
    const reading = readTime(recurrenceProp.getFirstValue() as ICAL.Time, recurrenceProp, zones, options, warnings);
    recurrenceId = reading.allDay ? reading.date : reading.instant.toISOString();
  }
  const allDay = start.allDay;
  const timezone = allDay ? null : start.zone;
  if (rrule && !allDay && start.zone === null && startProp.getParameter('tzid')) {
    warnings.push(`Event ${uid}: its time zone could not be matched to a known zone; recurrences assume UTC offsets.`);
  }
  return {
    uid,
    recurrenceId,
    title: text(component, 'summary') ?? '(no title)',
    start: start.instant,
    end: end.instant.getTime() < start.instant.getTime() ? start.instant : end.instant,
    allDay,
    startDate: allDay ? start.date : null,
    endDate: allDay ? (end.date && end.date > (start.date ?? '') ? end.date : null) : null,
    timezone,
    rrule: recurrenceId ? null : rrule,
    exdates,
    showAs: readShowAs(component, status),
    status,
    location: text(component, 'location'),
    notes: text(component, 'description'),
    organizerEmail: emailFromCalAddress(component.getFirstPropertyValue('organizer')),
    attendees: readAttendees(component, self),
    alarms: readAlarms(component, start.instant),
  };
}

function priorityOf(value: unknown): ReminderPriority {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) return 'none';
  if (n <= 4) return 'high';
  if (n === 5) return 'medium';
  return 'low';
}

function readTodo(
  component: ICAL.Component,
  zones: FileZones,
  options: ParseIcsOptions,
  warnings: string[],
): ParsedIcsTodo | null {
  const uid = text(component, 'uid');
  if (!uid) {
    warnings.push('Skipped a to-do without UID.');
    return null;
  }
  const dueProp = component.getFirstProperty('due');
  let dueDate: string | null = null;
  let dueAt: Date | null = null;
  if (dueProp) {
    const reading = readTime(dueProp.getFirstValue() as ICAL.Time, dueProp, zones, options, warnings);
    if (reading.allDay) dueDate = reading.date;
    else {
      dueAt = reading.instant;
      dueDate = dateInZone(reading.instant, options.timezone);
    }
  }
  const completedProp = component.getFirstProperty('completed');
  const completedAt = completedProp
    ? readTime(completedProp.getFirstValue() as ICAL.Time, completedProp, zones, options, warnings).instant
    : null;
  const completed = text(component, 'status')?.toUpperCase() === 'COMPLETED' || completedAt !== null;
  return {
    uid,
    title: text(component, 'summary') ?? '(no title)',
    notes: text(component, 'description'),
    dueDate,
    dueAt,
    priority: priorityOf(component.getFirstPropertyValue('priority')),
    completed,
    completedAt: completed ? completedAt : null,
  };
}

/** Parses iCalendar text. A file that is not iCalendar at all is an `invalid` provider error. */
export function parseIcs(source: string, options: ParseIcsOptions): ParsedIcs {
  let calendars: unknown[][];
  try {
    const parsed = ICAL.parse(source) as unknown[];
    // One VCALENDAR parses to a jCal component; several parse to an array of them.
    calendars = typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[][]);
  } catch (cause) {
    throw new ProviderError('invalid', 'The file is not valid iCalendar (RFC 5545) data.', {
      provider: 'ics',
      hint: 'Export the calendar as .ics from your calendar application and try again.',
      cause,
    });
  }
  if (calendars.length === 0 || calendars.some((cal) => cal[0] !== 'vcalendar')) {
    throw new ProviderError('invalid', 'The file does not contain a VCALENDAR.', { provider: 'ics' });
  }
  const root = new ICAL.Component(['vcalendar', calendars[0]?.[1] ?? [], calendars.flatMap((cal) => (cal[2] as unknown[]) ?? [])]);
  const warnings: string[] = [];
  const zones = new FileZones(root, warnings);
  const self = new Set((options.selfEmails ?? []).map((email) => email.trim().toLowerCase()));
  const events: ParsedIcsEvent[] = [];
  for (const component of root.getAllSubcomponents('vevent')) {
    try {
      const event = readEvent(component, zones, options, self, warnings);
      if (event) events.push(event);
    } catch {
      warnings.push(`Skipped an unreadable event (${text(component, 'uid') ?? 'no UID'}).`);
    }
  }
  const todos: ParsedIcsTodo[] = [];
  for (const component of root.getAllSubcomponents('vtodo')) {
    try {
      const todo = readTodo(component, zones, options, warnings);
      if (todo) todos.push(todo);
    } catch {
      warnings.push(`Skipped an unreadable to-do (${text(component, 'uid') ?? 'no UID'}).`);
    }
  }
  return { calendarName: text(root, 'x-wr-calname'), events, todos, warnings: [...new Set(warnings)] };
}
