/**
 * The embedded calendar (docs/reference/tool-catalogue.md#personal-data-providers): calendars and events in the
 * product's SQLite database. Series are stored once (RRULE + EXDATEs) with overriding instances as separate rows
 * keyed by RECURRENCE-ID, and expanded inside each query range; all-day events are placed in the user's zone at read
 * time.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { addDaysToDate, newUuid } from '@chief-of-staff/core';
import { type CosDatabase, calendars, events, foldCase } from '@chief-of-staff/stores';
import { ProviderError } from '../errors/provider-error.js';
import type {
  Attendee,
  BusyBlock,
  CalendarEvent,
  CalendarEventPatch,
  CalendarInfo,
  CalendarProvider,
  EventRange,
  EventSearch,
  FreeBusyResult,
  NewCalendar,
  NewCalendarEvent,
} from '../types/calendar.js';
import { expandSeries, validateRule } from './ics/recurrence.js';
import { dateInZone, startOfDateInZone } from './ics/wall-clock.js';
import type { IcsEventRecord } from './ics/write-ics.js';

const PROVIDER = 'local-calendar';
const DAY_MS = 86_400_000;

type CalendarRow = typeof calendars.$inferSelect;
type EventRow = typeof events.$inferSelect;
type EventInsert = typeof events.$inferInsert;

export interface LocalCalendarOptions {
  /** The user's zone: all-day events are placed in it. */
  timezone: string;
  /** Name of the calendar created on first write when none exists. */
  defaultCalendarName?: string;
}

export interface UpsertOutcome {
  imported: number;
  updated: number;
  skipped: number;
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

/** A record as the SQLite values of UPSERT_COLUMNS (JSON columns serialised as drizzle stores them). */
function upsertValues(calendarId: number, record: IcsEventRecord): (string | number | null)[] {
  return [
    calendarId,
    record.uid,
    record.recurrenceId ?? '',
    record.title,
    record.start.toISOString(),
    record.end.toISOString(),
    record.allDay ? 1 : 0,
    record.startDate,
    record.endDate,
    record.timezone,
    record.rrule,
    JSON.stringify(record.exdates),
    record.showAs,
    record.status,
    record.location,
    record.notes,
    record.organizerEmail,
    JSON.stringify(fromAttendees(record.attendees)),
    JSON.stringify(record.alarms),
  ];
}

function toCalendarInfo(row: CalendarRow): CalendarInfo {
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

function toAttendees(row: EventRow): Attendee[] {
  return row.attendees.map((a) => ({ email: a.email, name: a.name ?? null, response: a.response, isSelf: a.is_self }));
}

function fromAttendees(attendees: readonly Attendee[]): EventRow['attendees'] {
  return attendees.map((a) => ({
    email: a.email.trim().toLowerCase(),
    ...(a.name ? { name: a.name } : {}),
    response: a.response,
    is_self: a.isSelf,
  }));
}

export class LocalCalendarProvider implements CalendarProvider {
  readonly name = 'local';

  constructor(
    private readonly store: CosDatabase,
    private readonly options: LocalCalendarOptions,
  ) {}

  // ---- calendars -------------------------------------------------------------------------------------------

  async listCalendars(): Promise<CalendarInfo[]> {
    return this.store.db.select().from(calendars).orderBy(asc(calendars.name), asc(calendars.id)).all().map(toCalendarInfo);
  }

  async getCalendar(nameOrId: string | number): Promise<CalendarInfo> {
    return toCalendarInfo(this.calendarRow(nameOrId));
  }

  private calendarRow(nameOrId: string | number): CalendarRow {
    const key = typeof nameOrId === 'number' ? String(nameOrId) : nameOrId.trim();
    let row: CalendarRow | undefined;
    if (/^\d+$/.test(key)) row = this.store.db.select().from(calendars).where(eq(calendars.id, Number(key))).get();
    row ??= this.store.db
      .select()
      .from(calendars)
      .where(sql`cos_fold(${calendars.name}) = ${foldCase(key)}`)
      .get();
    if (!row) {
      const names = this.store.db.select({ name: calendars.name }).from(calendars).orderBy(asc(calendars.name)).all();
      throw ProviderError.notFound(
        PROVIDER,
        'Calendar',
        key,
        names.length > 0
          ? `Existing calendars: ${names.map((n) => n.name).join(', ')}.`
          : 'No calendars yet: import one with `cos import ics <file>` or create an event.',
      );
    }
    return row;
  }

  async createCalendar(input: NewCalendar): Promise<CalendarInfo> {
    const name = input.name.trim();
    const exists = this.store.db.select({ id: calendars.id }).from(calendars).where(sql`cos_fold(${calendars.name}) = ${foldCase(name)}`).get();
    if (exists) throw new ProviderError('conflict', `A calendar named "${name}" already exists.`, { provider: PROVIDER, details: { id: exists.id } });
    const row = this.store.db
      .insert(calendars)
      .values({
        name,
        kind: input.kind ?? 'own',
        ownerEmail: input.ownerEmail?.trim().toLowerCase() ?? null,
        feedUrl: input.feedUrl ?? null,
        readOnly: input.readOnly ?? (input.kind === 'feed' || input.kind === 'person'),
        color: input.color ?? null,
      })
      .returning()
      .get();
    return toCalendarInfo(row);
  }

  /** The calendar writes go to when none is named: the first writable own calendar, created when missing. */
  defaultCalendar(): CalendarInfo {
    const row = this.store.db
      .select()
      .from(calendars)
      .where(and(eq(calendars.kind, 'own'), eq(calendars.readOnly, false)))
      .orderBy(asc(calendars.id))
      .get();
    if (row) return toCalendarInfo(row);
    const name = this.options.defaultCalendarName ?? 'Calendar';
    this.store.db.insert(calendars).values({ name, kind: 'own' }).onConflictDoNothing().run();
    return toCalendarInfo(this.calendarRow(name));
  }

  /** Finds a calendar by name or creates it (imports use this for their target). */
  ensureCalendar(name: string, defaults: Omit<NewCalendar, 'name'> = {}): CalendarInfo {
    const existing = this.store.db.select().from(calendars).where(sql`cos_fold(${calendars.name}) = ${foldCase(name.trim())}`).get();
    if (existing) return toCalendarInfo(existing);
    this.store.db
      .insert(calendars)
      .values({
        name: name.trim(),
        kind: defaults.kind ?? 'own',
        ownerEmail: defaults.ownerEmail?.trim().toLowerCase() ?? null,
        feedUrl: defaults.feedUrl ?? null,
        readOnly: defaults.readOnly ?? false,
        color: defaults.color ?? null,
      })
      .onConflictDoNothing()
      .run();
    return toCalendarInfo(this.calendarRow(name));
  }

  /** The database the store lives in (a CalDAV account keeps its object URLs and ETags beside the events). */
  get database(): CosDatabase {
    return this.store;
  }

  /** Removes a calendar and its events (a mirrored calendar deleted on its server). */
  deleteCalendarById(calendarId: number): void {
    this.store.db.delete(calendars).where(eq(calendars.id, calendarId)).run();
  }

  markSynced(calendarId: number, at: Date): void {
    this.store.db.update(calendars).set({ lastSyncedAt: at.toISOString(), updatedAt: at.toISOString() }).where(eq(calendars.id, calendarId)).run();
  }

  /** What a feed refresh needs to know about a calendar: its address, when it was last fetched, its validators. */
  feedState(calendarId: number): { kind: string; feedUrl: string | null; lastSyncedAt: string | null; etag: string | null; lastModified: string | null } {
    const row = this.store.db
      .select({ kind: calendars.kind, feedUrl: calendars.feedUrl, lastSyncedAt: calendars.lastSyncedAt, etag: calendars.feedEtag, lastModified: calendars.feedLastModified })
      .from(calendars)
      .where(eq(calendars.id, calendarId))
      .get();
    if (!row) throw ProviderError.notFound(PROVIDER, 'Calendar', calendarId);
    return row;
  }

  /** Records a feed download: when, from where, and the validators to send next time. */
  markFeedFetched(calendarId: number, at: Date, feed: { url: string; etag?: string | null; lastModified?: string | null }): void {
    this.store.db
      .update(calendars)
      .set({
        feedUrl: feed.url,
        lastSyncedAt: at.toISOString(),
        updatedAt: at.toISOString(),
        ...(feed.etag !== undefined ? { feedEtag: feed.etag } : {}),
        ...(feed.lastModified !== undefined ? { feedLastModified: feed.lastModified } : {}),
      })
      .where(eq(calendars.id, calendarId))
      .run();
  }

  // ---- reading events --------------------------------------------------------------------------------------

  private calendarNames(): Map<number, string> {
    return new Map(this.store.db.select({ id: calendars.id, name: calendars.name }).from(calendars).all().map((c) => [c.id, c.name]));
  }

  /** Start/end of a row on the time line; all-day rows are placed in the user's zone now, not at import time. */
  private placement(row: Pick<EventRow, 'allDay' | 'startDate' | 'endDate' | 'startAt' | 'endAt'>): { start: Date; end: Date } {
    if (row.allDay && row.startDate) {
      const endDate = row.endDate ?? addDaysToDate(row.startDate, 1);
      return { start: startOfDateInZone(row.startDate, this.options.timezone), end: startOfDateInZone(endDate, this.options.timezone) };
    }
    return { start: new Date(row.startAt), end: new Date(row.endAt) };
  }

  private toEvent(row: EventRow, calendarName: string, occurrence?: { start: Date; end: Date; startDate: string | null; endDate: string | null; occurrenceStart: Date }): CalendarEvent {
    const placed = occurrence ?? this.placement(row);
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
            ? startOfDateInZone(row.recurrenceId.slice(0, 10), this.options.timezone)
            : new Date(row.recurrenceId)
          : null,
      alarms: row.alarms,
    };
  }

  private overrideKey(calendarId: number, uid: string, occurrence: Date | string, allDay: boolean): string {
    const at = allDay
      ? typeof occurrence === 'string' ? occurrence.slice(0, 10) : dateInZone(occurrence, this.options.timezone)
      : new Date(occurrence).getTime();
    return `${calendarId}\u0000${uid}\u0000${at}`;
  }

  async listEvents(range: EventRange): Promise<CalendarEvent[]> {
    if (range.calendarIds && range.calendarIds.length === 0) return [];
    const names = this.calendarNames();
    const calendarFilter = range.calendarIds ? inArray(events.calendarId, [...range.calendarIds]) : undefined;
    const rangeStart = range.start.getTime();
    const rangeEnd = range.end.getTime();
    // All-day rows are re-placed in the user's zone, so the SQL window is widened by a day and refined below.
    const loose = and(
      sql`${events.startAt} < ${new Date(rangeEnd + DAY_MS).toISOString()}`,
      sql`${events.endAt} > ${new Date(rangeStart - DAY_MS).toISOString()}`,
    );
    const result: CalendarEvent[] = [];
    const singles = this.store.db
      .select()
      .from(events)
      .where(and(calendarFilter, sql`${events.rrule} IS NULL`, loose))
      .all();
    for (const row of singles) {
      const event = this.toEvent(row, names.get(row.calendarId) ?? '');
      if (event.start.getTime() < rangeEnd && event.end.getTime() > rangeStart) result.push(event);
    }
    const masters = this.store.db
      .select()
      .from(events)
      .where(and(calendarFilter, sql`${events.rrule} IS NOT NULL`, eq(events.recurrenceId, ''), sql`${events.startAt} < ${new Date(rangeEnd + DAY_MS).toISOString()}`))
      .all();
    if (masters.length > 0) {
      const overrides = new Set(
        this.store.db
          .select({ calendarId: events.calendarId, uid: events.uid, recurrenceId: events.recurrenceId, allDay: events.allDay })
          .from(events)
          .where(and(calendarFilter, ne(events.recurrenceId, ''), inArray(events.uid, [...new Set(masters.map((m) => m.uid))])))
          .all()
          .map((o) => this.overrideKey(o.calendarId, o.uid, o.recurrenceId, o.allDay)),
      );
      for (const master of masters) {
        const placed = this.placement(master);
        const occurrences = expandSeries(
          {
            rrule: master.rrule as string,
            start: placed.start,
            end: placed.end,
            allDay: master.allDay,
            startDate: master.startDate,
            endDate: master.endDate,
            timezone: master.timezone,
            exdates: master.exdates,
          },
          range,
          { displayZone: this.options.timezone },
        );
        for (const occurrence of occurrences) {
          if (overrides.has(this.overrideKey(master.calendarId, master.uid, occurrence.occurrenceStart, master.allDay))) continue;
          result.push(this.toEvent(master, names.get(master.calendarId) ?? '', occurrence));
        }
      }
    }
    return result
      .filter((event) => range.includeCancelled || event.status !== 'cancelled')
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.id - b.id);
  }

  async searchEvents(search: EventSearch): Promise<CalendarEvent[]> {
    const needle = foldCase(search.query.trim());
    const all = await this.listEvents(search);
    return all.filter((event) =>
      [event.title, event.location ?? '', event.notes ?? '', ...event.attendees.flatMap((a) => [a.email, a.name ?? ''])].some((field) =>
        foldCase(field).includes(needle),
      ),
    );
  }

  private eventRow(id: number): EventRow {
    const row = this.store.db.select().from(events).where(eq(events.id, id)).get();
    if (!row) throw ProviderError.notFound(PROVIDER, 'Event', id);
    return row;
  }

  async getEvent(id: number): Promise<CalendarEvent> {
    const row = this.eventRow(id);
    return this.toEvent(row, this.calendarRow(row.calendarId).name);
  }

  // ---- writing events --------------------------------------------------------------------------------------

  private writableCalendar(id: number): CalendarRow {
    const calendar = this.calendarRow(id);
    if (calendar.readOnly) {
      throw new ProviderError('read_only', `Calendar "${calendar.name}" is read-only.`, {
        provider: PROVIDER,
        hint: 'Choose one of your own calendars (list_calendars shows which are writable).',
        details: { calendar: calendar.name },
      });
    }
    return calendar;
  }

  /** Validates and normalises times; all-day events get dates in the user's zone. */
  private timing(input: { start: Date; end: Date; allDay: boolean; startDate?: string | null; endDate?: string | null; timezone?: string | null }): Pick<EventInsert, 'startAt' | 'endAt' | 'allDay' | 'startDate' | 'endDate' | 'timezone'> {
    if (input.allDay) {
      const startDate = input.startDate ?? dateInZone(input.start, this.options.timezone);
      let endDate = input.endDate ?? dateInZone(input.end, this.options.timezone);
      if (endDate <= startDate) endDate = addDaysToDate(startDate, 1);
      return {
        allDay: true,
        startDate,
        endDate,
        timezone: null,
        startAt: startOfDateInZone(startDate, this.options.timezone).toISOString(),
        endAt: startOfDateInZone(endDate, this.options.timezone).toISOString(),
      };
    }
    if (input.end.getTime() <= input.start.getTime()) {
      throw new ProviderError('invalid', 'end must be after start.', { provider: PROVIDER, details: { field: 'end' } });
    }
    return {
      allDay: false,
      startDate: null,
      endDate: null,
      timezone: input.timezone ?? this.options.timezone,
      startAt: input.start.toISOString(),
      endAt: input.end.toISOString(),
    };
  }

  private checkRule(rrule: string | null | undefined): string | null {
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

  async createEvent(input: NewCalendarEvent): Promise<CalendarEvent> {
    const calendar = input.calendarId !== undefined ? this.writableCalendar(input.calendarId) : this.writableCalendar(this.defaultCalendar().id);
    const row = this.store.db
      .insert(events)
      .values({
        calendarId: calendar.id,
        uid: input.uid ?? `${newUuid()}@chief-of-staff`,
        title: input.title.trim(),
        ...this.timing({ ...input, allDay: input.allDay ?? false }),
        rrule: this.checkRule(input.rrule),
        exdates: input.exdates ?? [],
        showAs: input.showAs ?? 'busy',
        status: input.status ?? 'confirmed',
        location: input.location ?? null,
        notes: input.notes ?? null,
        organizerEmail: input.organizerEmail ?? null,
        attendees: fromAttendees(input.attendees ?? []),
        alarms: input.alarms ?? [],
      })
      .returning()
      .get();
    return this.toEvent(row, calendar.name);
  }

  async updateEvent(id: number, patch: CalendarEventPatch): Promise<CalendarEvent> {
    return this.store.writeTransaction(() => {
      const row = this.eventRow(id);
      this.writableCalendar(row.calendarId);
      const target = patch.calendarId !== undefined ? this.writableCalendar(patch.calendarId) : null;
      const placed = this.placement(row);
      const allDay = patch.allDay ?? row.allDay;
      const timesChanged = patch.start !== undefined || patch.end !== undefined || patch.allDay !== undefined || patch.startDate !== undefined || patch.endDate !== undefined;
      const values: Partial<EventInsert> = { updatedAt: new Date().toISOString() };
      if (timesChanged) {
        Object.assign(
          values,
          this.timing({
            start: patch.start ?? placed.start,
            end: patch.end ?? placed.end,
            allDay,
            startDate: patch.startDate ?? (patch.start ? undefined : allDay === row.allDay ? row.startDate : undefined),
            endDate: patch.endDate ?? (patch.end ? undefined : allDay === row.allDay ? row.endDate : undefined),
            timezone: patch.timezone ?? row.timezone,
          }),
        );
      }
      if (target && target.id !== row.calendarId) {
        const clash = this.store.db
          .select({ id: events.id })
          .from(events)
          .where(and(eq(events.calendarId, target.id), eq(events.uid, row.uid), eq(events.recurrenceId, row.recurrenceId)))
          .get();
        if (clash) {
          throw new ProviderError('conflict', `Calendar "${target.name}" already holds an event with the same UID (event ${clash.id}), so event ${id} cannot move there.`, {
            provider: this.name,
            details: { field: 'calendar', existing_event_id: clash.id },
            hint: `Update or delete event ${clash.id} in "${target.name}" instead, or create a new event there.`,
          });
        }
      }
      if (target) values.calendarId = target.id;
      if (patch.title !== undefined) values.title = patch.title.trim();
      if (patch.location !== undefined) values.location = patch.location;
      if (patch.notes !== undefined) values.notes = patch.notes;
      if (patch.attendees !== undefined) values.attendees = fromAttendees(patch.attendees);
      if (patch.organizerEmail !== undefined) values.organizerEmail = patch.organizerEmail;
      if (patch.rrule !== undefined) values.rrule = row.recurrenceId === '' ? this.checkRule(patch.rrule) : null;
      if (patch.exdates !== undefined) values.exdates = patch.exdates;
      if (patch.alarms !== undefined) values.alarms = patch.alarms;
      if (patch.showAs !== undefined) values.showAs = patch.showAs;
      if (patch.status !== undefined) values.status = patch.status;
      const updated = this.store.db.update(events).set(values).where(eq(events.id, id)).returning().get();
      if (target && row.recurrenceId === '') {
        // Overriding instances travel with their series.
        this.store.db
          .update(events)
          .set({ calendarId: target.id })
          .where(and(eq(events.calendarId, row.calendarId), eq(events.uid, row.uid), ne(events.recurrenceId, '')))
          .run();
      }
      return this.toEvent(updated, (target ?? this.calendarRow(updated.calendarId)).name);
    });
  }

  async deleteEvent(id: number, options: { occurrenceStart?: Date } = {}): Promise<void> {
    this.store.writeTransaction(() => {
      const row = this.eventRow(id);
      this.writableCalendar(row.calendarId);
      const master =
        row.recurrenceId === ''
          ? row
          : this.store.db
              .select()
              .from(events)
              .where(and(eq(events.calendarId, row.calendarId), eq(events.uid, row.uid), eq(events.recurrenceId, '')))
              .get();
      if (options.occurrenceStart === undefined && row.recurrenceId === '') {
        this.store.db.delete(events).where(and(eq(events.calendarId, row.calendarId), eq(events.uid, row.uid))).run();
        return;
      }
      // One occurrence: either the one named, or the overriding instance being deleted.
      const occurrence = options.occurrenceStart ?? (row.allDay ? startOfDateInZone(row.recurrenceId.slice(0, 10), this.options.timezone) : new Date(row.recurrenceId));
      if (!master?.rrule) {
        if (row.recurrenceId !== '') {
          this.store.db.delete(events).where(eq(events.id, row.id)).run();
          return;
        }
        throw new ProviderError('invalid', `Event ${id} is not recurring; omit occurrence_start to delete it.`, {
          provider: PROVIDER,
          details: { field: 'occurrence_start' },
        });
      }
      const key = master.allDay ? dateInZone(occurrence, this.options.timezone) : occurrence.toISOString();
      const overrideRow = this.store.db
        .select()
        .from(events)
        .where(and(eq(events.calendarId, master.calendarId), eq(events.uid, master.uid), ne(events.recurrenceId, '')))
        .all()
        .find((o) => this.overrideKey(o.calendarId, o.uid, o.recurrenceId, o.allDay) === this.overrideKey(master.calendarId, master.uid, key, master.allDay));
      if (!overrideRow) {
        const placed = this.placement(master);
        const exists = expandSeries(
          { rrule: master.rrule, start: placed.start, end: placed.end, allDay: master.allDay, startDate: master.startDate, endDate: master.endDate, timezone: master.timezone, exdates: master.exdates },
          { start: new Date(occurrence.getTime() - 60_000), end: new Date(occurrence.getTime() + 60_000) },
          { displayZone: this.options.timezone },
        ).some((o) => this.overrideKey(0, '', o.occurrenceStart, master.allDay) === this.overrideKey(0, '', key, master.allDay));
        if (!exists) throw ProviderError.notFound(PROVIDER, 'Occurrence', `${occurrence.toISOString()} of event ${id}`);
      } else {
        this.store.db.delete(events).where(eq(events.id, overrideRow.id)).run();
      }
      if (!master.exdates.includes(key)) {
        this.store.db
          .update(events)
          .set({ exdates: [...master.exdates, key], updatedAt: new Date().toISOString() })
          .where(eq(events.id, master.id))
          .run();
      }
    });
  }

  // ---- other people's calendars ----------------------------------------------------------------------------

  async freeBusy(emails: readonly string[], range: { start: Date; end: Date }): Promise<Map<string, FreeBusyResult>> {
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    const result = new Map<string, FreeBusyResult>();
    if (wanted.length === 0) return result;
    const owned = this.store.db
      .select()
      .from(calendars)
      .where(sql`lower(${calendars.ownerEmail}) IN (${sql.join(wanted.map((e) => sql`${e}`), sql`, `)})`)
      .all();
    for (const email of wanted) {
      const mine = owned.filter((c) => c.ownerEmail?.toLowerCase() === email);
      if (mine.length === 0) continue;
      const list = await this.listEvents({ ...range, calendarIds: mine.map((c) => c.id) });
      const blocks: BusyBlock[] = list.map((e) => ({
        start: e.start,
        end: e.end,
        allDay: e.allDay,
        startDate: e.startDate,
        endDate: e.endDate,
        showAs: e.showAs,
        status: e.status,
        title: e.title,
      }));
      result.set(email, { email, source: `calendar:${mine.map((c) => c.name).join(',')}`, blocks });
    }
    return result;
  }

  // ---- import and export -----------------------------------------------------------------------------------

  /**
   * Inserts or updates events by (calendar, UID, RECURRENCE-ID); unchanged events are counted as skipped. Runs on
   * prepared statements: imports call it for thousands of events at a time.
   */
  upsertEvents(calendarId: number, records: readonly IcsEventRecord[]): UpsertOutcome {
    const outcome: UpsertOutcome = { imported: 0, updated: 0, skipped: 0 };
    const sqlite = this.store.sqlite;
    const select = sqlite.prepare(`SELECT ${UPSERT_COLUMNS.map((c) => `"${c}"`).join(', ')}, id FROM events WHERE calendar_id = ? AND uid = ? AND recurrence_id = ?`);
    const insert = sqlite.prepare(
      `INSERT INTO events (${UPSERT_COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES (${UPSERT_COLUMNS.map(() => '?').join(', ')})`,
    );
    const update = sqlite.prepare(
      `UPDATE events SET ${UPSERT_COLUMNS.map((c) => `"${c}" = ?`).join(', ')}, updated_at = ? WHERE id = ?`,
    );
    this.store.writeTransaction(() => {
      for (const record of records) {
        const values = upsertValues(calendarId, record);
        const existing = select.get(calendarId, record.uid, record.recurrenceId ?? '') as Record<string, unknown> | undefined;
        if (!existing) {
          insert.run(...values);
          outcome.imported += 1;
        } else if (UPSERT_COLUMNS.every((column, index) => existing[column] === values[index])) {
          outcome.skipped += 1;
        } else {
          update.run(...values, new Date().toISOString(), existing['id']);
          outcome.updated += 1;
        }
      }
    });
    return outcome;
  }

  /** A feed refresh: the calendar's events become the feed's (upserted by UID, the rest removed), all at once. */
  replaceFeedEvents(calendarId: number, records: readonly IcsEventRecord[]): UpsertOutcome & { removed: number } {
    return this.store.writeTransaction(() => {
      const outcome = this.upsertEvents(calendarId, records);
      const removed = this.removeMissing(calendarId, new Set(records.map((record) => record.uid)));
      return { ...outcome, removed };
    });
  }

  /** Removes events of a calendar whose UIDs are not in `keepUids` (feed refresh). Returns how many went. */
  removeMissing(calendarId: number, keepUids: ReadonlySet<string>): number {
    const rows = this.store.db.select({ id: events.id, uid: events.uid }).from(events).where(eq(events.calendarId, calendarId)).all();
    const gone = rows.filter((r) => !keepUids.has(r.uid)).map((r) => r.id);
    if (gone.length > 0) this.store.db.delete(events).where(inArray(events.id, gone)).run();
    return gone.length;
  }

  /**
   * Stored records of one calendar for iCalendar export: series (with their overrides) that have an occurrence
   * in the range, and single events overlapping it; every event when no range is given.
   */
  async exportRecords(calendarId: number, range?: { start: Date; end: Date }): Promise<IcsEventRecord[]> {
    const rows = this.store.db.select().from(events).where(eq(events.calendarId, calendarId)).orderBy(asc(events.startAt), asc(events.id)).all();
    let keep: Set<string> | null = null;
    if (range) {
      const inRange = await this.listEvents({ ...range, calendarIds: [calendarId], includeCancelled: true });
      keep = new Set(inRange.map((e) => e.uid));
    }
    return rows
      .filter((row) => keep === null || keep.has(row.uid))
      .map((row) => {
        const placed = this.placement(row);
        return {
          uid: row.uid,
          recurrenceId: row.recurrenceId === '' ? null : row.recurrenceId,
          title: row.title,
          start: placed.start,
          end: placed.end,
          allDay: row.allDay,
          startDate: row.startDate,
          endDate: row.endDate,
          timezone: row.timezone,
          rrule: row.rrule,
          exdates: row.exdates,
          showAs: row.showAs,
          status: row.status,
          location: row.location,
          notes: row.notes,
          organizerEmail: row.organizerEmail,
          attendees: toAttendees(row),
          alarms: row.alarms,
        };
      });
  }
}
