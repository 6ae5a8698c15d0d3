/**
 * The local calendar's storage port (ADR 0070): calendars and their events as rows in and rows out, for the local
 * calendar provider, the ICS import, feed refreshes and the CalDAV mirror of `@chief-of-staff/providers` (which keep
 * the domain logic: recurrence expansion, ICS parsing, provider errors). What must commit together is one method
 * (an import's batch of events, a feed's replacement, a CalDAV object's events). The SQLite adapter is below; the
 * PostgreSQL one is in `@chief-of-staff/postgres`.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { foldCase } from '../db/fold-case.js';
import { calendars, events } from '../db/schema/calendar.js';
import { nowIso } from '../db/validation.js';
import { statementCache } from '../db/statement-cache.js';
import type { CalendarKind, EventAttendee, EventShowAs, EventStatus } from '../db/schema/enums.js';

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

/** Columns an import writes, in statement order. */
const UPSERT_COLUMNS = [
  'calendar_id',
  'uid',
  'recurrence_id',
  'title',
  'start_at',
  'end_at',
  'all_day',
  'start_date',
  'end_date',
  'timezone',
  'rrule',
  'exdates',
  'show_as',
  'status',
  'location',
  'notes',
  'organizer_email',
  'attendees',
  'alarms',
] as const;

/** A row as the SQLite values of UPSERT_COLUMNS (JSON columns serialised as drizzle stores them). */
function upsertValues(calendarId: number, row: EventUpsert): (string | number | null)[] {
  return [
    calendarId,
    row.uid,
    row.recurrenceId,
    row.title,
    row.startAt,
    row.endAt,
    row.allDay ? 1 : 0,
    row.startDate,
    row.endDate,
    row.timezone,
    row.rrule,
    JSON.stringify(row.exdates),
    row.showAs,
    row.status,
    row.location,
    row.notes,
    row.organizerEmail,
    JSON.stringify(row.attendees),
    JSON.stringify(row.alarms),
  ];
}

/** The SQLite adapter of `CalendarRepository`. */
export function createSqliteCalendarRepository(database: CosDatabase, clock: Clock): CalendarRepository {
  const { db } = database;
  const prepare = statementCache(database);
  const byName = (name: string): CalendarRow | undefined =>
    db
      .select()
      .from(calendars)
      .where(sql`cos_fold(${calendars.name}) = ${foldCase(name)}`)
      .get();

  /** Runs on prepared statements: imports call it for thousands of events at a time. */
  const upsert = (calendarId: number, rows: readonly EventUpsert[]): UpsertOutcome => {
    const outcome: UpsertOutcome = { imported: 0, updated: 0, skipped: 0 };
    const select = prepare(`SELECT ${UPSERT_COLUMNS.map((c) => `"${c}"`).join(', ')}, id FROM events WHERE calendar_id = ? AND uid = ? AND recurrence_id = ?`);
    const insert = prepare(`INSERT INTO events (${UPSERT_COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES (${UPSERT_COLUMNS.map(() => '?').join(', ')})`);
    const update = prepare(`UPDATE events SET ${UPSERT_COLUMNS.map((c) => `"${c}" = ?`).join(', ')}, updated_at = ? WHERE id = ?`);
    database.writeTransaction(() => {
      for (const row of rows) {
        const values = upsertValues(calendarId, row);
        const existing = select.get(calendarId, row.uid, row.recurrenceId) as Record<string, unknown> | undefined;
        if (!existing) {
          insert.run(...values);
          outcome.imported += 1;
        } else if (UPSERT_COLUMNS.every((column, index) => existing[column] === values[index])) {
          outcome.skipped += 1;
        } else {
          update.run(...values, nowIso(clock), existing['id']);
          outcome.updated += 1;
        }
      }
    });
    return outcome;
  };

  const removeObjects = (calendarId: number, hrefs: readonly string[]): number => {
    let removed = 0;
    database.writeTransaction(() => {
      for (const href of hrefs) removed += prepare(`DELETE FROM events WHERE calendar_id = ? AND remote_href = ?`).run(calendarId, href).changes;
    });
    return removed;
  };

  return {
    async listCalendars() {
      return db.select().from(calendars).orderBy(asc(calendars.name), asc(calendars.id)).all();
    },

    async calendarById(id) {
      return db.select().from(calendars).where(eq(calendars.id, id)).get();
    },

    async calendarByName(name) {
      return byName(name);
    },

    async firstWritableCalendar() {
      return db
        .select()
        .from(calendars)
        .where(and(eq(calendars.kind, 'own'), eq(calendars.readOnly, false)))
        .orderBy(asc(calendars.id))
        .get();
    },

    async createCalendar(input) {
      return db
        .insert(calendars)
        .values(calendarDefaults(input))
        .returning()
        .get();
    },

    async ensureCalendar(input) {
      const existing = byName(input.name);
      if (existing) return existing;
      db.insert(calendars)
        .values(calendarDefaults(input))
        .onConflictDoNothing()
        .run();
      const row = byName(input.name);
      if (!row) throw new Error(`calendar "${input.name}" was neither found nor created`);
      return row;
    },

    async deleteCalendar(id) {
      db.delete(calendars).where(eq(calendars.id, id)).run();
    },

    async markSynced(id, at) {
      db.update(calendars).set({ lastSyncedAt: at, updatedAt: at }).where(eq(calendars.id, id)).run();
    },

    async feedState(id) {
      return db
        .select({ kind: calendars.kind, feedUrl: calendars.feedUrl, lastSyncedAt: calendars.lastSyncedAt, etag: calendars.feedEtag, lastModified: calendars.feedLastModified })
        .from(calendars)
        .where(eq(calendars.id, id))
        .get();
    },

    async markFeedFetched(id, at, feed) {
      db.update(calendars)
        .set({
          feedUrl: feed.url,
          lastSyncedAt: at,
          updatedAt: at,
          ...(feed.etag !== undefined ? { feedEtag: feed.etag } : {}),
          ...(feed.lastModified !== undefined ? { feedLastModified: feed.lastModified } : {}),
        })
        .where(eq(calendars.id, id))
        .run();
    },

    async calendarsOwnedBy(emails) {
      if (emails.length === 0) return [];
      return db
        .select()
        .from(calendars)
        .where(sql`lower(${calendars.ownerEmail}) IN (${sql.join(emails.map((e) => sql`${e}`), sql`, `)})`)
        .all();
    },

    async eventById(id) {
      return db.select().from(events).where(eq(events.id, id)).get();
    },

    async findEvent(calendarId, uid, recurrenceId) {
      return db
        .select()
        .from(events)
        .where(and(eq(events.calendarId, calendarId), eq(events.uid, uid), eq(events.recurrenceId, recurrenceId)))
        .get();
    },

    async eventRowsInRange(range) {
      const calendarFilter = range.calendarIds ? inArray(events.calendarId, [...range.calendarIds]) : undefined;
      const singles = db
        .select()
        .from(events)
        .where(and(calendarFilter, sql`${events.rrule} IS NULL`, sql`${events.startAt} < ${range.startsBefore}`, sql`${events.endAt} > ${range.endsAfter}`))
        .all();
      const masters = db
        .select()
        .from(events)
        .where(and(calendarFilter, sql`${events.rrule} IS NOT NULL`, eq(events.recurrenceId, ''), sql`${events.startAt} < ${range.startsBefore}`))
        .all();
      const overrides =
        masters.length === 0
          ? []
          : db
              .select({ calendarId: events.calendarId, uid: events.uid, recurrenceId: events.recurrenceId, allDay: events.allDay })
              .from(events)
              .where(and(calendarFilter, ne(events.recurrenceId, ''), inArray(events.uid, [...new Set(masters.map((m) => m.uid))])))
              .all();
      return { singles, masters, overrides };
    },

    async overridesOf(calendarId, uid) {
      return db
        .select()
        .from(events)
        .where(and(eq(events.calendarId, calendarId), eq(events.uid, uid), ne(events.recurrenceId, '')))
        .all();
    },

    async calendarEvents(calendarId) {
      return db.select().from(events).where(eq(events.calendarId, calendarId)).orderBy(asc(events.startAt), asc(events.id)).all();
    },

    async insertEvent(row) {
      return db.insert(events).values(row).returning().get();
    },

    async updateEvent(id, changes, series) {
      return database.writeTransaction(() => {
        const updated = db
          .update(events)
          .set({ ...changes, updatedAt: nowIso(clock) })
          .where(eq(events.id, id))
          .returning()
          .get();
        if (updated && series && changes.calendarId !== undefined) {
          // Overriding instances travel with their series.
          db.update(events)
            .set({ calendarId: changes.calendarId })
            .where(and(eq(events.calendarId, series.calendarId), eq(events.uid, series.uid), ne(events.recurrenceId, '')))
            .run();
        }
        return updated;
      });
    },

    async deleteEvent(id) {
      db.delete(events).where(eq(events.id, id)).run();
    },

    async deleteSeries(calendarId, uid) {
      db.delete(events)
        .where(and(eq(events.calendarId, calendarId), eq(events.uid, uid)))
        .run();
    },

    async excludeOccurrence(masterId, exdates, overrideId) {
      database.writeTransaction(() => {
        if (overrideId !== undefined) db.delete(events).where(eq(events.id, overrideId)).run();
        db.update(events)
          .set({ exdates: [...exdates], updatedAt: nowIso(clock) })
          .where(eq(events.id, masterId))
          .run();
      });
    },

    async upsertEvents(calendarId, rows) {
      return upsert(calendarId, rows);
    },

    async replaceEvents(calendarId, rows) {
      return database.writeTransaction(() => {
        const outcome = upsert(calendarId, rows);
        const keep = new Set(rows.map((row) => row.uid));
        const stored = db.select({ id: events.id, uid: events.uid }).from(events).where(eq(events.calendarId, calendarId)).all();
        const gone = stored.filter((r) => !keep.has(r.uid)).map((r) => r.id);
        if (gone.length > 0) db.delete(events).where(inArray(events.id, gone)).run();
        return { ...outcome, removed: gone.length };
      });
    },

    async linkCalendar(id, url) {
      prepare(`UPDATE calendars SET provider = 'caldav', feed_url = ?, read_only = 0 WHERE id = ?`).run(url, id);
    },

    async linkedCalendar(url) {
      return prepare(`SELECT id, name, feed_etag AS ctag FROM calendars WHERE provider = 'caldav' AND feed_url = ?`).get(url) as
        | { id: number; name: string; ctag: string | null }
        | undefined;
    },

    async linkedCalendars() {
      return prepare(`SELECT id, name, feed_url AS url FROM calendars WHERE provider = 'caldav' AND feed_url IS NOT NULL ORDER BY id`).all() as { id: number; name: string; url: string }[];
    },

    async saveCtag(id, ctag, at) {
      prepare(`UPDATE calendars SET feed_etag = ?, last_synced_at = ?, updated_at = ? WHERE id = ?`).run(ctag, at, at, id);
    },

    async lastCalDavSync() {
      const row = prepare(`SELECT max(last_synced_at) AS at FROM calendars WHERE provider = 'caldav'`).get() as { at: string | null };
      return row.at ?? undefined;
    },

    async remoteObjects(calendarId) {
      return prepare(`SELECT DISTINCT remote_href AS href, remote_etag AS etag, uid FROM events WHERE calendar_id = ? AND remote_href IS NOT NULL`).all(calendarId) as RemoteObject[];
    },

    async remoteObjectOf(calendarId, uid) {
      return prepare(`SELECT remote_href AS href, remote_etag AS etag, uid FROM events WHERE calendar_id = ? AND uid = ? AND remote_href IS NOT NULL LIMIT 1`).get(calendarId, uid) as
        | RemoteObject
        | undefined;
    },

    async setRemoteObject(calendarId, uid, href, etag) {
      prepare(`UPDATE events SET remote_href = ?, remote_etag = ? WHERE calendar_id = ? AND uid = ?`).run(href, etag, calendarId, uid);
    },

    async storeRemoteObject(calendarId, object, rows, replacing) {
      database.writeTransaction(() => {
        if (replacing) removeObjects(calendarId, [object.href]);
        upsert(calendarId, rows);
        for (const uid of new Set(rows.map((row) => row.uid))) {
          prepare(`UPDATE events SET remote_href = ?, remote_etag = ? WHERE calendar_id = ? AND uid = ?`).run(object.href, object.etag, calendarId, uid);
        }
      });
    },

    async removeRemoteObjects(calendarId, hrefs) {
      return removeObjects(calendarId, hrefs);
    },
  };
}
