/**
 * Local calendar tables (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#personal-data-providers): calendars (own, other people's, ICS feeds) and their
 * events.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import type { EventAttendee } from '@chief-of-staff/stores';
import { CALENDAR_KINDS, EVENT_SHOW_AS, EVENT_STATUSES } from '@chief-of-staff/stores/adapter-kit';

export const calendars = sqliteTable(
  'calendars',
  {
    id: idColumn(),
    name: text('name').notNull(),
    provider: text('provider').notNull().default('local'),
    kind: text('kind', { enum: CALENDAR_KINDS }).notNull().default('own'),
    ownerEmail: text('owner_email'),
    feedUrl: text('feed_url'),
    /**
     * Validators of the remote copy: a feed's ETag and Last-Modified (an unchanged feed answers 304), or a CalDAV
     * collection's ctag in `feed_etag` (an unchanged collection is not listed again). `feed_url` is the feed address
     * or the CalDAV collection URL.
     */
    feedEtag: text('feed_etag'),
    feedLastModified: text('feed_last_modified'),
    readOnly: integer('read_only', { mode: 'boolean' }).notNull().default(false),
    color: text('color'),
    lastSyncedAt: text('last_synced_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('calendars_name_uq').on(t.name)],
);

export const events = sqliteTable(
  'events',
  {
    id: idColumn(),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    /**
     * The original start instant of an overridden occurrence of a recurring series; `''` for the series
     * master or a single event (not NULL, so the unique key below also holds for masters: SQLite treats NULLs
     * as distinct).
     */
    recurrenceId: text('recurrence_id').notNull().default(''),
    title: text('title').notNull(),
    startAt: text('start_at').notNull(),
    endAt: text('end_at').notNull(),
    allDay: integer('all_day', { mode: 'boolean' }).notNull().default(false),
    /** All-day events only: `YYYY-MM-DD`. */
    startDate: text('start_date'),
    /** All-day events only: `YYYY-MM-DD`, exclusive. */
    endDate: text('end_date'),
    timezone: text('timezone'),
    rrule: text('rrule'),
    exdates: text('exdates', { mode: 'json' }).$type<string[]>().notNull().default([]),
    showAs: text('show_as', { enum: EVENT_SHOW_AS }).notNull().default('busy'),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('confirmed'),
    location: text('location'),
    notes: text('notes'),
    organizerEmail: text('organizer_email'),
    attendees: text('attendees', { mode: 'json' }).$type<EventAttendee[]>().notNull().default([]),
    /** Minutes before start. */
    alarms: text('alarms', { mode: 'json' }).$type<number[]>().notNull().default([]),
    /** CalDAV calendars: the URL and ETag of the server object holding this event (shared by a series' rows). */
    remoteHref: text('remote_href'),
    remoteEtag: text('remote_etag'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('events_calendar_uid_recurrence_uq').on(t.calendarId, t.uid, t.recurrenceId),
    index('events_calendar_start_idx').on(t.calendarId, t.startAt),
    index('events_start_at_idx').on(t.startAt),
  ],
);
