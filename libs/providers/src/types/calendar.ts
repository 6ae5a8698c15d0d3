/**
 * The calendar provider contract (docs/reference/tool-catalogue.md#personal-data-providers): calendars, events with
 * recurrence expanded inside a query range, and optional free/busy for other people. The embedded SQLite store
 * implements it; CalDAV implements the same shape.
 */

export const SHOW_AS_VALUES = ['busy', 'free', 'tentative', 'oof', 'working_elsewhere'] as const;
export type ShowAs = (typeof SHOW_AS_VALUES)[number];
export const EVENT_STATUS_VALUES = ['confirmed', 'tentative', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUS_VALUES)[number];
export const ATTENDEE_RESPONSE_VALUES = ['accepted', 'declined', 'tentative', 'needs_action'] as const;
export type AttendeeResponse = (typeof ATTENDEE_RESPONSE_VALUES)[number];
export const CALENDAR_KIND_VALUES = ['own', 'person', 'feed'] as const;
export type CalendarKind = (typeof CALENDAR_KIND_VALUES)[number];

export interface Attendee {
  email: string;
  name: string | null;
  response: AttendeeResponse;
  /** True when this attendee is the user (matched on import, or reported by the provider). */
  isSelf: boolean;
}

export interface CalendarInfo {
  id: number;
  name: string;
  provider: string;
  kind: CalendarKind;
  ownerEmail: string | null;
  feedUrl: string | null;
  readOnly: boolean;
  color: string | null;
  lastSyncedAt: string | null;
}

/** One event, or one occurrence of a recurring series (then `recurring` is true and `occurrenceStart` is set). */
export interface CalendarEvent {
  /** Stored id of the event or of the series it belongs to. */
  id: number;
  uid: string;
  calendarId: number;
  calendar: string;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  /** All-day events only: first day and the day after the last (exclusive), `YYYY-MM-DD`. */
  startDate: string | null;
  endDate: string | null;
  /** IANA zone the event was written in (recurrences follow its wall clock), null for UTC or floating. */
  timezone: string | null;
  showAs: ShowAs;
  status: EventStatus;
  location: string | null;
  notes: string | null;
  organizerEmail: string | null;
  attendees: Attendee[];
  recurring: boolean;
  /** The series rule (RRULE value) on every occurrence of a recurring event. */
  rrule: string | null;
  /** Original start of this occurrence within its series; null for single events. */
  occurrenceStart: Date | null;
  alarms: number[];
}

export interface EventRange {
  start: Date;
  end: Date;
  /** Calendar ids to read; all calendars when absent. */
  calendarIds?: readonly number[];
  includeCancelled?: boolean;
}

export interface EventSearch extends EventRange {
  query: string;
}

export interface NewCalendarEvent {
  calendarId?: number;
  uid?: string;
  title: string;
  start: Date;
  end: Date;
  allDay?: boolean;
  /** All-day events: first day and exclusive last day; derived from start/end in `timezone` when absent. */
  startDate?: string;
  endDate?: string;
  timezone?: string | null;
  location?: string | null;
  notes?: string | null;
  attendees?: Attendee[];
  organizerEmail?: string | null;
  rrule?: string | null;
  exdates?: string[];
  alarms?: number[];
  showAs?: ShowAs;
  status?: EventStatus;
}

export type CalendarEventPatch = Partial<Omit<NewCalendarEvent, 'uid'>>;

export interface NewCalendar {
  name: string;
  kind?: CalendarKind;
  ownerEmail?: string | null;
  feedUrl?: string | null;
  readOnly?: boolean;
  color?: string | null;
}

/** A busy block of someone's calendar, as used by group availability. */
export interface BusyBlock {
  start: Date;
  end: Date;
  allDay: boolean;
  startDate: string | null;
  endDate: string | null;
  showAs: ShowAs;
  status: EventStatus;
  title: string;
}

/** Free/busy for one person: `null` when the provider holds nothing for them. */
export interface FreeBusyResult {
  email: string;
  source: string;
  blocks: BusyBlock[];
}

export interface CalendarProvider {
  /** Short provider name reported in outputs (`local`, `caldav`). */
  readonly name: string;
  listCalendars(): Promise<CalendarInfo[]>;
  /** Resolves a calendar by id or by case-insensitive name. */
  getCalendar(nameOrId: string | number): Promise<CalendarInfo>;
  createCalendar(input: NewCalendar): Promise<CalendarInfo>;
  /** Events overlapping [start, end), recurrences expanded, ordered by start then id. */
  listEvents(range: EventRange): Promise<CalendarEvent[]>;
  searchEvents(search: EventSearch): Promise<CalendarEvent[]>;
  getEvent(id: number): Promise<CalendarEvent>;
  createEvent(input: NewCalendarEvent): Promise<CalendarEvent>;
  updateEvent(id: number, patch: CalendarEventPatch): Promise<CalendarEvent>;
  /** Deletes an event or a whole series; with `occurrenceStart`, cancels just that occurrence. */
  deleteEvent(id: number, options?: { occurrenceStart?: Date }): Promise<void>;
  /** Busy blocks of other people in [start, end); a missing entry means no data for that person. */
  freeBusy?(emails: readonly string[], range: { start: Date; end: Date }): Promise<Map<string, FreeBusyResult>>;
  /** For accounts on a server: why the last reads may be out of date (the last sync failed), else undefined. */
  staleness?(): string | undefined;
  /** For accounts on a server: logs in and lists the calendars, for `cos doctor`. */
  checkConnection?(): Promise<string>;
}
