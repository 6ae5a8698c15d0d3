/**
 * The local calendar on PostgreSQL: the same `CalendarRepository` port, rows and orders as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0070). Names are matched folded like SQLite's
 * `cos_fold`, text is ordered by code point (`COLLATE "C"`, SQLite's BINARY), and an import's batch is upserted with
 * one `INSERT … SELECT … FROM unnest(…) ON CONFLICT DO UPDATE … WHERE … IS DISTINCT FROM` (unchanged rows are neither
 * written nor counted as updated), so two writers importing the same file cannot race into a duplicate-key error.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CalendarRepository, CalendarRow, EventUpsert, NewCalendarRow, UpsertOutcome } from '@chief-of-staff/stores';
import { calendarDefaults, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { assertNoNulFields, foldedEquals, hasNul } from '../postgres-text.js';
import { calendars, events } from '../schema/providers.js';
import type { PostgresExecutor } from '../scheduling/task-runs-repository.js';
import { rowColumns } from '../row-columns.js';

/**
 * The columns an upsert compares and writes (the key columns `calendar_id`, `uid`, `recurrence_id` aside), each with
 * the PostgreSQL type of its array parameter: a batch is sent as one array per column and read back with `unnest`,
 * so a statement has 19 parameters however many rows it writes (and drizzle does not build a statement per row,
 * which takes seconds for a thousand rows).
 */
const UPSERT_FIELDS = [
  ['title', 'text'],
  ['startAt', 'timestamptz'],
  ['endAt', 'timestamptz'],
  ['allDay', 'boolean'],
  ['startDate', 'date'],
  ['endDate', 'date'],
  ['timezone', 'text'],
  ['rrule', 'text'],
  ['exdates', 'jsonb'],
  ['showAs', 'text'],
  ['status', 'text'],
  ['location', 'text'],
  ['notes', 'text'],
  ['organizerEmail', 'text'],
  ['attendees', 'jsonb'],
  ['alarms', 'jsonb'],
] as const satisfies readonly (readonly [keyof EventUpsert, string])[];

type UpsertField = (typeof UPSERT_FIELDS)[number][0];

const column = (field: UpsertField | 'uid' | 'recurrenceId'): string => `"${events[field].name}"`;
const COLUMNS = UPSERT_FIELDS.map(([field]) => column(field));
const UPSERT_SQL = {
  columns: ['"calendar_id"', column('uid'), column('recurrenceId'), ...COLUMNS, '"created_at"', '"updated_at"'].join(', '),
  names: ['uid', 'recurrence_id', ...COLUMNS].join(', '),
  set: COLUMNS.map((name) => `${name} = excluded.${name}`).join(', '),
  changed: `(${COLUMNS.map((name) => `events.${name}`).join(', ')}) IS DISTINCT FROM (${COLUMNS.map((name) => `excluded.${name}`).join(', ')})`,
};

/** A batch's values as one array per column (JSON columns as JSON text, cast back by the statement). */
function columnArrays(rows: readonly EventUpsert[]): unknown[][] {
  return [
    rows.map((row) => row.uid),
    rows.map((row) => row.recurrenceId),
    ...UPSERT_FIELDS.map(([field, type]) => rows.map((row) => (type === 'jsonb' ? JSON.stringify(row[field]) : row[field]))),
  ];
}

/** Splits `rows` into statements' batches in which no key repeats (one statement may not update a row twice). */
function batches(rows: readonly EventUpsert[]): EventUpsert[][] {
  const result: EventUpsert[][] = [];
  let current: EventUpsert[] = [];
  let keys = new Set<string>();
  for (const row of rows) {
    const key = `${row.uid}\u0000${row.recurrenceId}`;
    if (keys.has(key)) {
      result.push(current);
      current = [];
      keys = new Set();
    }
    keys.add(key);
    current.push(row);
  }
  if (current.length > 0) result.push(current);
  return result;
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createPostgresCalendarRepository(database: PostgresDatabase, clock: Clock): CalendarRepository {
  /** A new calendar's row: the shared defaults, created and updated now. */
  const newCalendar = (input: NewCalendarRow) => {
    const now = nowIso(clock);
    return { ...calendarDefaults(input), createdAt: now, updatedAt: now };
  };
  const { db } = database;

  const byName = async (executor: PostgresExecutor, name: string): Promise<CalendarRow | undefined> => {
    if (hasNul(name)) return undefined;
    const [row] = await executor.select(rowColumns(calendars)).from(calendars).where(foldedEquals(calendars.name, name)).orderBy(asc(calendars.id)).limit(1);
    return row;
  };

  const upsert = async (executor: PostgresExecutor, calendarId: number, rows: readonly EventUpsert[]): Promise<UpsertOutcome> => {
    const outcome: UpsertOutcome = { imported: 0, updated: 0, skipped: 0 };
    // PostgreSQL cannot keep U+0000 in text: the import is refused before anything is written, the field named.
    for (const row of rows) assertNoNulFields(row);
    for (const batch of batches(rows)) {
      const now = nowIso(clock);
      const arrays = columnArrays(batch);
      const types = ['text', 'text', ...UPSERT_FIELDS.map(([, type]) => type)];
      const unnest = sql.join(
        arrays.map((values, index) => sql`${sql.param(values)}::${sql.raw(types[index] ?? 'text')}[]`),
        sql`, `,
      );
      const written = await executor.execute<{ inserted: boolean }>(
        sql`INSERT INTO events (${sql.raw(UPSERT_SQL.columns)})
          SELECT ${calendarId}, u.*, ${now}::timestamptz, ${now}::timestamptz FROM unnest(${unnest}) AS u(${sql.raw(UPSERT_SQL.names)})
          ON CONFLICT (calendar_id, uid, recurrence_id) DO UPDATE SET ${sql.raw(UPSERT_SQL.set)}, updated_at = ${now}::timestamptz
          WHERE ${sql.raw(UPSERT_SQL.changed)}
          RETURNING (xmax = 0) AS inserted`,
      );
      // A row inserted by this statement has no deleting transaction yet (xmax 0); an updated one has.
      const imported = written.rows.filter((row) => row.inserted).length;
      outcome.imported += imported;
      outcome.updated += written.rows.length - imported;
      outcome.skipped += batch.length - written.rows.length;
    }
    return outcome;
  };

  const tieToObject = async (executor: PostgresExecutor, calendarId: number, uids: readonly string[], href: string, etag: string | null): Promise<void> => {
    if (uids.length === 0) return;
    await executor
      .update(events)
      .set({ remoteHref: href, remoteEtag: etag })
      .where(and(eq(events.calendarId, calendarId), sql`${events.uid} = ANY(${sql.param([...uids])}::text[])`));
  };

  const removeObjects = async (executor: PostgresExecutor, calendarId: number, hrefs: readonly string[]): Promise<number> => {
    if (hrefs.length === 0) return 0;
    const removed = await executor
      .delete(events)
      .where(and(eq(events.calendarId, calendarId), sql`${events.remoteHref} = ANY(${sql.param([...hrefs])}::text[])`))
      .returning({ id: events.id });
    return removed.length;
  };

  return {
    async listCalendars() {
      return db.select(rowColumns(calendars)).from(calendars).orderBy(sql`${calendars.name} COLLATE "C"`, asc(calendars.id));
    },

    async calendarById(id) {
      const [row] = await db.select(rowColumns(calendars)).from(calendars).where(eq(calendars.id, id));
      return row;
    },

    async calendarByName(name) {
      return byName(db, name);
    },

    async firstWritableCalendar() {
      const [row] = await db
        .select(rowColumns(calendars))
        .from(calendars)
        .where(and(eq(calendars.kind, 'own'), eq(calendars.readOnly, false)))
        .orderBy(asc(calendars.id))
        .limit(1);
      return row;
    },

    async createCalendar(input) {
      assertNoNulFields(input);
      const [row] = await db
        .insert(calendars)
        .values(newCalendar(input))
        .returning(rowColumns(calendars));
      if (row === undefined) throw new Error(`calendar "${input.name}" insert returned no row`);
      return row;
    },

    async ensureCalendar(input) {
      assertNoNulFields(input);
      const existing = await byName(db, input.name);
      if (existing) return existing;
      await db
        .insert(calendars)
        .values(newCalendar(input))
        .onConflictDoNothing();
      const row = await byName(db, input.name);
      if (!row) throw new Error(`calendar "${input.name}" was neither found nor created`);
      return row;
    },

    async deleteCalendar(id) {
      await db.delete(calendars).where(eq(calendars.id, id));
    },

    async markSynced(id, at) {
      await db.update(calendars).set({ lastSyncedAt: at, updatedAt: at }).where(eq(calendars.id, id));
    },

    async feedState(id) {
      const [row] = await db
        .select({ kind: calendars.kind, feedUrl: calendars.feedUrl, lastSyncedAt: calendars.lastSyncedAt, etag: calendars.feedEtag, lastModified: calendars.feedLastModified })
        .from(calendars)
        .where(eq(calendars.id, id));
      return row;
    },

    async markFeedFetched(id, at, feed) {
      await db
        .update(calendars)
        .set({
          feedUrl: feed.url,
          lastSyncedAt: at,
          updatedAt: at,
          ...(feed.etag !== undefined ? { feedEtag: feed.etag } : {}),
          ...(feed.lastModified !== undefined ? { feedLastModified: feed.lastModified } : {}),
        })
        .where(eq(calendars.id, id));
    },

    async calendarsOwnedBy(emails) {
      const wanted = emails.filter((email) => !hasNul(email));
      if (wanted.length === 0) return [];
      return db
        .select(rowColumns(calendars))
        .from(calendars)
        .where(sql`lower(${calendars.ownerEmail}) = ANY(${sql.param(wanted)}::text[])`);
    },

    async eventById(id) {
      const [row] = await db.select(rowColumns(events)).from(events).where(eq(events.id, id));
      return row;
    },

    async findEvent(calendarId, uid, recurrenceId) {
      if (hasNul(uid, recurrenceId)) return undefined;
      const [row] = await db
        .select(rowColumns(events))
        .from(events)
        .where(and(eq(events.calendarId, calendarId), eq(events.uid, uid), eq(events.recurrenceId, recurrenceId)));
      return row;
    },

    async eventRowsInRange(range) {
      const calendarFilter = range.calendarIds ? inArray(events.calendarId, [...range.calendarIds]) : undefined;
      const [singles, masters] = await Promise.all([
        db
          .select(rowColumns(events))
          .from(events)
          .where(and(calendarFilter, sql`${events.rrule} IS NULL`, sql`${events.startAt} < ${range.startsBefore}`, sql`${events.endAt} > ${range.endsAfter}`)),
        db
          .select(rowColumns(events))
          .from(events)
          .where(and(calendarFilter, sql`${events.rrule} IS NOT NULL`, eq(events.recurrenceId, ''), sql`${events.startAt} < ${range.startsBefore}`)),
      ]);
      const overrides =
        masters.length === 0
          ? []
          : await db
              .select({ calendarId: events.calendarId, uid: events.uid, recurrenceId: events.recurrenceId, allDay: events.allDay })
              .from(events)
              .where(and(calendarFilter, ne(events.recurrenceId, ''), sql`${events.uid} = ANY(${sql.param([...new Set(masters.map((m) => m.uid))])}::text[])`));
      return { singles, masters, overrides };
    },

    async overridesOf(calendarId, uid) {
      if (hasNul(uid)) return [];
      return db
        .select(rowColumns(events))
        .from(events)
        .where(and(eq(events.calendarId, calendarId), eq(events.uid, uid), ne(events.recurrenceId, '')));
    },

    async calendarEvents(calendarId) {
      return db.select(rowColumns(events)).from(events).where(eq(events.calendarId, calendarId)).orderBy(asc(events.startAt), asc(events.id));
    },

    async insertEvent(values) {
      assertNoNulFields(values);
      const now = nowIso(clock);
      const [row] = await db
        .insert(events)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning(rowColumns(events));
      if (row === undefined) throw new Error('event insert returned no row');
      return row;
    },

    async updateEvent(id, changes, series) {
      assertNoNulFields(changes);
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(events)
          .set({ ...changes, updatedAt: nowIso(clock) })
          .where(eq(events.id, id))
          .returning(rowColumns(events));
        if (updated && series && changes.calendarId !== undefined) {
          // Overriding instances travel with their series.
          await tx
            .update(events)
            .set({ calendarId: changes.calendarId })
            .where(and(eq(events.calendarId, series.calendarId), eq(events.uid, series.uid), ne(events.recurrenceId, '')));
        }
        return updated;
      });
    },

    async deleteEvent(id) {
      await db.delete(events).where(eq(events.id, id));
    },

    async deleteSeries(calendarId, uid) {
      if (hasNul(uid)) return;
      await db.delete(events).where(and(eq(events.calendarId, calendarId), eq(events.uid, uid)));
    },

    async excludeOccurrence(masterId, exdates, overrideId) {
      await db.transaction(async (tx) => {
        if (overrideId !== undefined) await tx.delete(events).where(eq(events.id, overrideId));
        await tx
          .update(events)
          .set({ exdates: [...exdates], updatedAt: nowIso(clock) })
          .where(eq(events.id, masterId));
      });
    },

    async upsertEvents(calendarId, rows) {
      if (rows.length === 0) return { imported: 0, updated: 0, skipped: 0 };
      return db.transaction((tx) => upsert(tx, calendarId, rows));
    },

    async replaceEvents(calendarId, rows) {
      return db.transaction(async (tx) => {
        const outcome = await upsert(tx, calendarId, rows);
        const keep = [...new Set(rows.map((row) => row.uid))];
        const removed = await tx
          .delete(events)
          .where(and(eq(events.calendarId, calendarId), sql`NOT (${events.uid} = ANY(${sql.param(keep)}::text[]))`))
          .returning({ id: events.id });
        return { ...outcome, removed: removed.length };
      });
    },

    async linkCalendar(id, url) {
      await db.update(calendars).set({ provider: 'caldav', feedUrl: url, readOnly: false }).where(eq(calendars.id, id));
    },

    async linkedCalendar(url) {
      if (hasNul(url)) return undefined;
      const [row] = await db
        .select({ id: calendars.id, name: calendars.name, ctag: calendars.feedEtag })
        .from(calendars)
        .where(and(eq(calendars.provider, 'caldav'), eq(calendars.feedUrl, url)))
        .limit(1);
      return row;
    },

    async linkedCalendars() {
      const rows = await db
        .select({ id: calendars.id, name: calendars.name, url: calendars.feedUrl })
        .from(calendars)
        .where(and(eq(calendars.provider, 'caldav'), sql`${calendars.feedUrl} IS NOT NULL`))
        .orderBy(asc(calendars.id));
      return rows.map((row) => ({ id: row.id, name: row.name, url: row.url ?? '' }));
    },

    async saveCtag(id, ctag, at) {
      await db.update(calendars).set({ feedEtag: ctag, lastSyncedAt: at, updatedAt: at }).where(eq(calendars.id, id));
    },

    async lastCalDavSync() {
      const [row] = await db
        .select({ at: sql<string | null>`max(${calendars.lastSyncedAt})`.mapWith(calendars.lastSyncedAt) })
        .from(calendars)
        .where(eq(calendars.provider, 'caldav'));
      return row?.at ?? undefined;
    },

    async remoteObjects(calendarId) {
      const rows = await db
        .selectDistinct({ href: events.remoteHref, etag: events.remoteEtag, uid: events.uid })
        .from(events)
        .where(and(eq(events.calendarId, calendarId), sql`${events.remoteHref} IS NOT NULL`));
      return rows.map((row) => ({ href: row.href ?? '', etag: row.etag, uid: row.uid }));
    },

    async remoteObjectOf(calendarId, uid) {
      if (hasNul(uid)) return undefined;
      const [row] = await db
        .select({ href: events.remoteHref, etag: events.remoteEtag, uid: events.uid })
        .from(events)
        .where(and(eq(events.calendarId, calendarId), eq(events.uid, uid), sql`${events.remoteHref} IS NOT NULL`))
        .limit(1);
      return row ? { href: row.href ?? '', etag: row.etag, uid: row.uid } : undefined;
    },

    async setRemoteObject(calendarId, uid, href, etag) {
      await tieToObject(db, calendarId, [uid], href, etag);
    },

    async storeRemoteObject(calendarId, object, rows, replacing) {
      await db.transaction(async (tx) => {
        if (replacing) await removeObjects(tx, calendarId, [object.href]);
        await upsert(tx, calendarId, rows);
        await tieToObject(tx, calendarId, [...new Set(rows.map((row) => row.uid))], object.href, object.etag);
      });
    },

    async removeRemoteObjects(calendarId, hrefs) {
      return db.transaction((tx) => removeObjects(tx, calendarId, hrefs));
    },
  };
}
