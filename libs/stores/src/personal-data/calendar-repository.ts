/**
 * The local calendar's storage port (ADR 0070): calendars and their events as rows in and rows out, for the local
 * calendar provider, the ICS import, feed refreshes and the CalDAV mirror of `@chief-of-staff/providers` (which keep
 * the domain logic: recurrence expansion, ICS parsing, provider errors). What must commit together is one method
 * (an import's batch of events, a feed's replacement, a CalDAV object's events). Its adapters are
 * `@chief-of-staff/sqlite` and `@chief-of-staff/postgres`.
 */
import type { CalendarKind, EventAttendee, EventShowAs, EventStatus } from '../db/enums.js';

/** A stored calendar. */
export interface CalendarRow {
  id: number;
  name: string;
  provider: string;
  kind: CalendarKind;
  ownerEmail: string | null;
  feedUrl: string | null;
  /**
   * Validators of the remote copy: a feed's ETag and Last-Modified (an unchanged feed answers 304), or a CalDAV
   * collection's ctag in `feed_etag` (an unchanged collection is not listed again). `feed_url` is the feed address
   * or the CalDAV collection URL.
   */
  feedEtag: string | null;
  feedLastModified: string | null;
  readOnly: boolean;
  color: string | null;
  lastSyncedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
/** A stored event: a single event, a series master (`rrule` set, `recurrenceId` `''`) or an overriding instance. */
export interface EventRow {
  id: number;
  calendarId: number;
  uid: string;
  /**
   * The original start instant of an overridden occurrence of a recurring series; `''` for the series
   * master or a single event (not NULL, so the unique key below also holds for masters: SQLite treats NULLs
   * as distinct).
   */
  recurrenceId: string;
  title: string;
  startAt: string;
  endAt: string;
  allDay: boolean;
  /** All-day events only: `YYYY-MM-DD`. */
  startDate: string | null;
  /** All-day events only: `YYYY-MM-DD`, exclusive. */
  endDate: string | null;
  timezone: string | null;
  rrule: string | null;
  exdates: string[];
  showAs: EventShowAs;
  status: EventStatus;
  location: string | null;
  notes: string | null;
  organizerEmail: string | null;
  attendees: EventAttendee[];
  /** Minutes before start. */
  alarms: number[];
  /** CalDAV calendars: the URL and ETag of the server object holding this event (shared by a series' rows). */
  remoteHref: string | null;
  remoteEtag: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A new calendar; the unset fields take their defaults (an own, writable calendar). */
export interface NewCalendarRow {
  name: string;
  kind?: CalendarRow['kind'];
  ownerEmail?: string | null;
  feedUrl?: string | null;
  readOnly?: boolean;
  color?: string | null;
}

/** A new calendar's columns with the defaults filled in (the same on every adapter). */
export function calendarDefaults(input: NewCalendarRow): Required<NewCalendarRow> {
  return {
    name: input.name,
    kind: input.kind ?? 'own',
    ownerEmail: input.ownerEmail ?? null,
    feedUrl: input.feedUrl ?? null,
    readOnly: input.readOnly ?? false,
    color: input.color ?? null,
  };
}

/** A new event (the store gives it its id and timestamps). */
export type NewEventRow = Omit<EventRow, 'id' | 'remoteHref' | 'remoteEtag' | 'createdAt' | 'updatedAt'>;

/** Fields of an event to change; `updatedAt` is set by the store. */
export type EventChanges = Partial<Omit<EventRow, 'id' | 'uid' | 'recurrenceId' | 'remoteHref' | 'remoteEtag' | 'createdAt' | 'updatedAt'>>;

/** An event as an import writes it, keyed by (calendar, `uid`, `recurrenceId`). */
export type EventUpsert = Omit<NewEventRow, 'calendarId'>;

/** What a batch of upserts did: new rows, changed rows, and rows that were already as given. */
export interface UpsertOutcome {
  imported: number;
  updated: number;
  skipped: number;
}

/** The key of an overriding instance, for a range read to leave out the occurrences it replaces. */
export type OverrideKey = Pick<EventRow, 'calendarId' | 'uid' | 'recurrenceId' | 'allDay'>;

/** The rows a range read starts from; the caller expands the series and places all-day events. */
export interface EventRowsInRange {
  /** Single events and overriding instances starting before `startsBefore` and ending after `endsAfter`. */
  singles: EventRow[];
  /** Series masters starting before `startsBefore`. */
  masters: EventRow[];
  /** The overriding instances of those series. */
  overrides: OverrideKey[];
}

/** A feed's state: its address, when it was last fetched, its HTTP validators. */
export interface FeedState {
  kind: CalendarRow['kind'];
  feedUrl: string | null;
  lastSyncedAt: string | null;
  etag: string | null;
  lastModified: string | null;
}

/** A CalDAV server object (URL and ETag) holding the rows of the event `uid`. */
export interface RemoteObject {
  href: string;
  etag: string | null;
  uid: string;
}

export interface CalendarRepository {
  // ---- calendars
  /** Every calendar, by name (code point order), then id. */
  listCalendars(): Promise<CalendarRow[]>;
  calendarById(id: number): Promise<CalendarRow | undefined>;
  /** The calendar whose name folds (`foldCase`) to the same text as `name`. */
  calendarByName(name: string): Promise<CalendarRow | undefined>;
  /** The first writable own calendar (by id): where writes go when none is named. */
  firstWritableCalendar(): Promise<CalendarRow | undefined>;
  /** Inserts a calendar; a name already taken (exactly) is a unique-constraint error of the database. */
  createCalendar(input: NewCalendarRow): Promise<CalendarRow>;
  /** The calendar named `input.name` (folded), inserted with `input` when there is none. */
  ensureCalendar(input: NewCalendarRow): Promise<CalendarRow>;
  /** Removes a calendar and its events. */
  deleteCalendar(id: number): Promise<void>;
  markSynced(id: number, at: string): Promise<void>;
  feedState(id: number): Promise<FeedState | undefined>;
  /** Records a feed download: from where, when, and (when given) the validators to send next time. */
  markFeedFetched(id: number, at: string, feed: { url: string; etag?: string | null; lastModified?: string | null }): Promise<void>;
  /** Calendars whose owner's address is one of `emails` (lower-cased), compared without case. */
  calendarsOwnedBy(emails: readonly string[]): Promise<CalendarRow[]>;

  // ---- events
  eventById(id: number): Promise<EventRow | undefined>;
  /** The row of `calendarId` with this UID and RECURRENCE-ID (`''` for a master or single event). */
  findEvent(calendarId: number, uid: string, recurrenceId: string): Promise<EventRow | undefined>;
  /** The rows a range read needs (`calendarIds` undefined: every calendar; instants as ISO strings). */
  eventRowsInRange(range: { calendarIds?: readonly number[] | undefined; startsBefore: string; endsAfter: string }): Promise<EventRowsInRange>;
  /** The overriding instances of the series `uid` in `calendarId`. */
  overridesOf(calendarId: number, uid: string): Promise<EventRow[]>;
  /** A calendar's rows by start, then id (export). */
  calendarEvents(calendarId: number): Promise<EventRow[]>;
  insertEvent(row: NewEventRow): Promise<EventRow>;
  /**
   * Changes an event; with `series`, its overriding instances move with it to `changes.calendarId`, in the same
   * transaction. Undefined when there is no such event.
   */
  updateEvent(id: number, changes: EventChanges, series?: { calendarId: number; uid: string }): Promise<EventRow | undefined>;
  deleteEvent(id: number): Promise<void>;
  /** Removes every row (master and overrides) of the series `uid` in `calendarId`. */
  deleteSeries(calendarId: number, uid: string): Promise<void>;
  /** One occurrence of a series removed: its overriding instance (if any) deleted and the master's EXDATEs set, together. */
  excludeOccurrence(masterId: number, exdates: readonly string[], overrideId?: number): Promise<void>;
  /** Inserts or updates events by (calendar, UID, RECURRENCE-ID), in one transaction; unchanged rows count as skipped. */
  upsertEvents(calendarId: number, rows: readonly EventUpsert[]): Promise<UpsertOutcome>;
  /** A feed refresh in one transaction: `rows` upserted, the calendar's events with other UIDs removed. */
  replaceEvents(calendarId: number, rows: readonly EventUpsert[]): Promise<UpsertOutcome & { removed: number }>;

  // ---- a CalDAV account's mirror: which collection a calendar mirrors, which server object holds each event
  /** Marks a calendar as the mirror of the server collection at `url` (provider `caldav`, writable). */
  linkCalendar(id: number, url: string): Promise<void>;
  /** The calendar mirroring the collection at `url`, with the collection's ctag as last synced. */
  linkedCalendar(url: string): Promise<{ id: number; name: string; ctag: string | null } | undefined>;
  /** Every calendar mirroring a collection, by id. */
  linkedCalendars(): Promise<{ id: number; name: string; url: string }[]>;
  saveCtag(id: number, ctag: string | null, at: string): Promise<void>;
  /** When a mirrored calendar was last synced, the latest of them. */
  lastCalDavSync(): Promise<string | undefined>;
  /** The server objects of a calendar as last synced. */
  remoteObjects(calendarId: number): Promise<RemoteObject[]>;
  /** The server object holding the event `uid`. */
  remoteObjectOf(calendarId: number, uid: string): Promise<RemoteObject | undefined>;
  /** Records which server object holds the event `uid` (every row of a series). */
  setRemoteObject(calendarId: number, uid: string, href: string, etag: string | null): Promise<void>;
  /**
   * A server object fetched, in one transaction: the rows it held before removed (`replacing`), its events
   * upserted, and each of their UIDs tied to the object.
   */
  storeRemoteObject(calendarId: number, object: { href: string; etag: string | null }, rows: readonly EventUpsert[], replacing: boolean): Promise<void>;
  /** Removes the events held by server objects that are gone; how many rows went. */
  removeRemoteObjects(calendarId: number, hrefs: readonly string[]): Promise<number>;
}
