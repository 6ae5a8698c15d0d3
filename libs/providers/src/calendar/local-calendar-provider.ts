/**
 * The embedded calendar (docs/reference/tool-catalogue.md#personal-data-providers): calendars and events in the
 * storage port's `CalendarRepository` (SQLite or PostgreSQL, ADR 0070). Series are stored once (RRULE + EXDATEs) with
 * overriding instances as separate rows keyed by RECURRENCE-ID, and expanded inside each query range; all-day events
 * are placed in the user's zone at read time. The rules live here; the repository only stores and reads rows.
 */
import { foldCase, newUuid } from '@chief-of-staff/core';
import { type CalendarRepository, type CalendarRow, type EventChanges, type EventRow, type FeedState, type UpsertOutcome } from '@chief-of-staff/stores';
import { ProviderError } from '../errors/provider-error.js';
import type {
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
import { expandSeries } from './ics/recurrence.js';
import { dateInZone, startOfDateInZone } from './ics/wall-clock.js';
import type { IcsEventRecord } from './ics/write-ics.js';
import {
  checkRule,
  eventTiming,
  fromAttendees,
  overrideKey,
  placement,
  PROVIDER,
  toAttendees,
  toCalendarInfo,
  toEvent,
  upsertRows,
} from './local-calendar-rows.js';

const DAY_MS = 86_400_000;

export interface LocalCalendarOptions {
  /** The user's zone: all-day events are placed in it. */
  timezone: string;
  /** Name of the calendar created on first write when none exists. */
  defaultCalendarName?: string;
}

/** What an import did (the port's type, re-exported for the other local stores' imports). */
export type { UpsertOutcome };

export class LocalCalendarProvider implements CalendarProvider {
  readonly name = 'local';

  constructor(
    private readonly store: CalendarRepository,
    private readonly options: LocalCalendarOptions,
  ) {}

  // ---- calendars -------------------------------------------------------------------------------------------

  async listCalendars(): Promise<CalendarInfo[]> {
    return (await this.store.listCalendars()).map(toCalendarInfo);
  }

  async getCalendar(nameOrId: string | number): Promise<CalendarInfo> {
    return toCalendarInfo(await this.calendarRow(nameOrId));
  }

  private async calendarRow(nameOrId: string | number): Promise<CalendarRow> {
    const key = typeof nameOrId === 'number' ? String(nameOrId) : nameOrId.trim();
    let row: CalendarRow | undefined;
    if (/^\d+$/.test(key)) row = await this.store.calendarById(Number(key));
    row ??= await this.store.calendarByName(key);
    if (!row) {
      const names = await this.store.listCalendars();
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
    const exists = await this.store.calendarByName(name);
    if (exists) throw new ProviderError('conflict', `A calendar named "${name}" already exists.`, { provider: PROVIDER, details: { id: exists.id } });
    const row = await this.store.createCalendar({
      name,
      kind: input.kind ?? 'own',
      ownerEmail: input.ownerEmail?.trim().toLowerCase() ?? null,
      feedUrl: input.feedUrl ?? null,
      readOnly: input.readOnly ?? (input.kind === 'feed' || input.kind === 'person'),
      color: input.color ?? null,
    });
    return toCalendarInfo(row);
  }

  /** The calendar writes go to when none is named: the first writable own calendar, created when missing. */
  async defaultCalendar(): Promise<CalendarInfo> {
    const row = await this.store.firstWritableCalendar();
    if (row) return toCalendarInfo(row);
    return toCalendarInfo(await this.store.ensureCalendar({ name: this.options.defaultCalendarName ?? 'Calendar', kind: 'own' }));
  }

  /** Finds a calendar by name or creates it (imports use this for their target). */
  async ensureCalendar(name: string, defaults: Omit<NewCalendar, 'name'> = {}): Promise<CalendarInfo> {
    const row = await this.store.ensureCalendar({
      name: name.trim(),
      kind: defaults.kind ?? 'own',
      ownerEmail: defaults.ownerEmail?.trim().toLowerCase() ?? null,
      feedUrl: defaults.feedUrl ?? null,
      readOnly: defaults.readOnly ?? false,
      color: defaults.color ?? null,
    });
    return toCalendarInfo(row);
  }

  /** The repository the store lives in (a CalDAV account keeps its object URLs and ETags beside the events). */
  get repository(): CalendarRepository {
    return this.store;
  }

  /** Removes a calendar and its events (a mirrored calendar deleted on its server). */
  async deleteCalendarById(calendarId: number): Promise<void> {
    await this.store.deleteCalendar(calendarId);
  }

  async markSynced(calendarId: number, at: Date): Promise<void> {
    await this.store.markSynced(calendarId, at.toISOString());
  }

  /** What a feed refresh needs to know about a calendar: its address, when it was last fetched, its validators. */
  async feedState(calendarId: number): Promise<FeedState> {
    const row = await this.store.feedState(calendarId);
    if (!row) throw ProviderError.notFound(PROVIDER, 'Calendar', calendarId);
    return row;
  }

  /** Records a feed download: when, from where, and the validators to send next time. */
  async markFeedFetched(calendarId: number, at: Date, feed: { url: string; etag?: string | null; lastModified?: string | null }): Promise<void> {
    await this.store.markFeedFetched(calendarId, at.toISOString(), feed);
  }

  // ---- reading events --------------------------------------------------------------------------------------

  private async calendarNames(): Promise<Map<number, string>> {
    return new Map((await this.store.listCalendars()).map((c) => [c.id, c.name]));
  }

  async listEvents(range: EventRange): Promise<CalendarEvent[]> {
    if (range.calendarIds && range.calendarIds.length === 0) return [];
    const names = await this.calendarNames();
    const rangeStart = range.start.getTime();
    const rangeEnd = range.end.getTime();
    // All-day rows are re-placed in the user's zone, so the SQL window is widened by a day and refined below.
    const { singles, masters, overrides: overrideRows } = await this.store.eventRowsInRange({
      calendarIds: range.calendarIds,
      startsBefore: new Date(rangeEnd + DAY_MS).toISOString(),
      endsAfter: new Date(rangeStart - DAY_MS).toISOString(),
    });
    const result: CalendarEvent[] = [];
    for (const row of singles) {
      const event = toEvent(this.options.timezone, row, names.get(row.calendarId) ?? '');
      if (event.start.getTime() < rangeEnd && event.end.getTime() > rangeStart) result.push(event);
    }
    if (masters.length > 0) {
      const overrides = new Set(overrideRows.map((o) => overrideKey(this.options.timezone, o.calendarId, o.uid, o.recurrenceId, o.allDay)));
      for (const master of masters) {
        const placed = placement(this.options.timezone, master);
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
          if (overrides.has(overrideKey(this.options.timezone, master.calendarId, master.uid, occurrence.occurrenceStart, master.allDay))) continue;
          result.push(toEvent(this.options.timezone, master, names.get(master.calendarId) ?? '', occurrence));
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

  private async eventRow(id: number): Promise<EventRow> {
    const row = await this.store.eventById(id);
    if (!row) throw ProviderError.notFound(PROVIDER, 'Event', id);
    return row;
  }

  async getEvent(id: number): Promise<CalendarEvent> {
    const row = await this.eventRow(id);
    return toEvent(this.options.timezone, row, (await this.calendarRow(row.calendarId)).name);
  }

  // ---- writing events --------------------------------------------------------------------------------------

  private async writableCalendar(id: number): Promise<CalendarRow> {
    const calendar = await this.calendarRow(id);
    if (calendar.readOnly) {
      throw new ProviderError('read_only', `Calendar "${calendar.name}" is read-only.`, {
        provider: PROVIDER,
        hint: 'Choose one of your own calendars (list_calendars shows which are writable).',
        details: { calendar: calendar.name },
      });
    }
    return calendar;
  }

  async createEvent(input: NewCalendarEvent): Promise<CalendarEvent> {
    const calendar = await this.writableCalendar(input.calendarId !== undefined ? input.calendarId : (await this.defaultCalendar()).id);
    const timing = eventTiming(this.options.timezone, { ...input, allDay: input.allDay ?? false });
    const rrule = checkRule(input.rrule);
    const row = await this.store.insertEvent({
      calendarId: calendar.id,
      uid: input.uid ?? `${newUuid()}@chief-of-staff`,
      recurrenceId: '',
      title: input.title.trim(),
      ...timing,
      rrule,
      exdates: input.exdates ?? [],
      showAs: input.showAs ?? 'busy',
      status: input.status ?? 'confirmed',
      location: input.location ?? null,
      notes: input.notes ?? null,
      organizerEmail: input.organizerEmail ?? null,
      attendees: fromAttendees(input.attendees ?? []),
      alarms: input.alarms ?? [],
    });
    return toEvent(this.options.timezone, row, calendar.name);
  }

  async updateEvent(id: number, patch: CalendarEventPatch): Promise<CalendarEvent> {
    const row = await this.eventRow(id);
    await this.writableCalendar(row.calendarId);
    const target = patch.calendarId !== undefined ? await this.writableCalendar(patch.calendarId) : null;
    const placed = placement(this.options.timezone, row);
    const allDay = patch.allDay ?? row.allDay;
    const timesChanged = patch.start !== undefined || patch.end !== undefined || patch.allDay !== undefined || patch.startDate !== undefined || patch.endDate !== undefined;
    const values: EventChanges = {};
    if (timesChanged) {
      Object.assign(
        values,
        eventTiming(this.options.timezone, {
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
      const clash = await this.store.findEvent(target.id, row.uid, row.recurrenceId);
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
    if (patch.rrule !== undefined) values.rrule = row.recurrenceId === '' ? checkRule(patch.rrule) : null;
    if (patch.exdates !== undefined) values.exdates = patch.exdates;
    if (patch.alarms !== undefined) values.alarms = patch.alarms;
    if (patch.showAs !== undefined) values.showAs = patch.showAs;
    if (patch.status !== undefined) values.status = patch.status;
    // Overriding instances travel with their series, in the same transaction as the master.
    const updated = await this.store.updateEvent(id, values, target && row.recurrenceId === '' ? { calendarId: row.calendarId, uid: row.uid } : undefined);
    if (!updated) throw ProviderError.notFound(PROVIDER, 'Event', id);
    return toEvent(this.options.timezone, updated, (target ?? (await this.calendarRow(updated.calendarId))).name);
  }

  async deleteEvent(id: number, options: { occurrenceStart?: Date } = {}): Promise<void> {
    const row = await this.eventRow(id);
    await this.writableCalendar(row.calendarId);
    const master = row.recurrenceId === '' ? row : await this.store.findEvent(row.calendarId, row.uid, '');
    if (options.occurrenceStart === undefined && row.recurrenceId === '') {
      await this.store.deleteSeries(row.calendarId, row.uid);
      return;
    }
    // One occurrence: either the one named, or the overriding instance being deleted.
    const occurrence = options.occurrenceStart ?? (row.allDay ? startOfDateInZone(row.recurrenceId.slice(0, 10), this.options.timezone) : new Date(row.recurrenceId));
    if (!master?.rrule) {
      if (row.recurrenceId !== '') {
        await this.store.deleteEvent(row.id);
        return;
      }
      throw new ProviderError('invalid', `Event ${id} is not recurring; omit occurrence_start to delete it.`, {
        provider: PROVIDER,
        details: { field: 'occurrence_start' },
      });
    }
    const key = master.allDay ? dateInZone(occurrence, this.options.timezone) : occurrence.toISOString();
    const overrideRow = (await this.store.overridesOf(master.calendarId, master.uid)).find(
      (o) => overrideKey(this.options.timezone, o.calendarId, o.uid, o.recurrenceId, o.allDay) === overrideKey(this.options.timezone, master.calendarId, master.uid, key, master.allDay),
    );
    if (!overrideRow) {
      const placed = placement(this.options.timezone, master);
      const exists = expandSeries(
        { rrule: master.rrule, start: placed.start, end: placed.end, allDay: master.allDay, startDate: master.startDate, endDate: master.endDate, timezone: master.timezone, exdates: master.exdates },
        { start: new Date(occurrence.getTime() - 60_000), end: new Date(occurrence.getTime() + 60_000) },
        { displayZone: this.options.timezone },
      ).some((o) => overrideKey(this.options.timezone, 0, '', o.occurrenceStart, master.allDay) === overrideKey(this.options.timezone, 0, '', key, master.allDay));
      if (!exists) throw ProviderError.notFound(PROVIDER, 'Occurrence', `${occurrence.toISOString()} of event ${id}`);
    }
    // The overriding instance (if any) goes and the master's EXDATEs grow in one transaction.
    const exdates = master.exdates.includes(key) ? master.exdates : [...master.exdates, key];
    if (overrideRow || exdates !== master.exdates) await this.store.excludeOccurrence(master.id, exdates, overrideRow?.id);
  }

  // ---- other people's calendars ----------------------------------------------------------------------------

  async freeBusy(emails: readonly string[], range: { start: Date; end: Date }): Promise<Map<string, FreeBusyResult>> {
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    const result = new Map<string, FreeBusyResult>();
    if (wanted.length === 0) return result;
    const owned = await this.store.calendarsOwnedBy(wanted);
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

  /** Inserts or updates events by (calendar, UID, RECURRENCE-ID), in one transaction; unchanged events are counted as skipped. */
  async upsertEvents(calendarId: number, records: readonly IcsEventRecord[]): Promise<UpsertOutcome> {
    return this.store.upsertEvents(calendarId, upsertRows(records));
  }

  /** A feed refresh: the calendar's events become the feed's (upserted by UID, the rest removed), all at once. */
  async replaceFeedEvents(calendarId: number, records: readonly IcsEventRecord[]): Promise<UpsertOutcome & { removed: number }> {
    return this.store.replaceEvents(calendarId, upsertRows(records));
  }

  /**
   * Stored records of one calendar for iCalendar export: series (with their overrides) that have an occurrence
   * in the range, and single events overlapping it; every event when no range is given.
   */
  async exportRecords(calendarId: number, range?: { start: Date; end: Date }): Promise<IcsEventRecord[]> {
    const rows = await this.store.calendarEvents(calendarId);
    let keep: Set<string> | null = null;
    if (range) {
      const inRange = await this.listEvents({ ...range, calendarIds: [calendarId], includeCancelled: true });
      keep = new Set(inRange.map((e) => e.uid));
    }
    return rows
      .filter((row) => keep === null || keep.has(row.uid))
      .map((row) => {
        const placed = placement(this.options.timezone, row);
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
