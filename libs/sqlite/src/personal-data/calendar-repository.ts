/**
 * The SQLite adapter of `CalendarRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { foldCase } from '@chief-of-staff/core';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import type { CalendarRepository, CalendarRow, EventUpsert, RemoteObject, UpsertOutcome } from '@chief-of-staff/stores';
import { calendarDefaults, nowIso } from '@chief-of-staff/stores/adapter-kit';
import { calendars, events } from '../db/schema/calendar.js';
import { statementCache } from '../db/statement-cache.js';

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
// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
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
