/**
 * The behaviour of `CalendarRepository` that users notice (calendars found by name without case, listed in code point
 * order; events written and read back as stored; imports that update and never duplicate; feed refreshes; series
 * edits committed together; a CalDAV account's mirror), written once against the port and run against every adapter
 * (SQLite in `@chief-of-staff/stores`, PostgreSQL in `@chief-of-staff/postgres`): ADR 0070.
 */
import type { CalendarRepository, EventUpsert, NewEventRow } from '../../personal-data/calendar-repository.js';
import { contractJest, describeRepositoryContract, type OpenRepository } from './contract-jest.js';

const START = '2026-03-02T08:00:00.000Z';

/** A timed event of an import, an hour from `start`. */
function timed(uid: string, start: string, fields: Partial<EventUpsert> = {}): EventUpsert {
  return {
    uid,
    recurrenceId: '',
    title: uid,
    startAt: start,
    endAt: new Date(Date.parse(start) + 3_600_000).toISOString(),
    allDay: false,
    startDate: null,
    endDate: null,
    timezone: 'Europe/Paris',
    rrule: null,
    exdates: [],
    showAs: 'busy',
    status: 'confirmed',
    location: null,
    notes: null,
    organizerEmail: null,
    attendees: [],
    alarms: [],
    ...fields,
  };
}

function newEvent(calendarId: number, uid: string, start: string, fields: Partial<EventUpsert> = {}): NewEventRow {
  return { calendarId, ...timed(uid, start, fields) };
}

/**
 * Whether `work` was refused. The database's own error (a unique key) differs between adapters, and the SQLite
 * driver's error is not an `Error` of Jest's realm, so `rejects.toThrow()` cannot judge it.
 */
async function refused(work: Promise<unknown>): Promise<boolean> {
  try {
    await work;
    return false;
  } catch {
    return true;
  }
}

/** Declares the calendar repository contract as a jest `describe` block named after the adapter. */
export function describeCalendarRepositoryContract(name: string, open: OpenRepository<CalendarRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('CalendarRepository', name, open, START, ({ clock, repository }) => {
    it('creates calendars with their defaults, finds them by id or by folded name, and lists them in code point order', async () => {
      const store = repository();
      const work = await store.createCalendar({ name: 'Work' });
      expect(work).toEqual({
        id: expect.any(Number),
        name: 'Work',
        provider: 'local',
        kind: 'own',
        ownerEmail: null,
        feedUrl: null,
        feedEtag: null,
        feedLastModified: null,
        readOnly: false,
        color: null,
        lastSyncedAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      await store.createCalendar({ name: 'Straße', kind: 'person', ownerEmail: 'ana@example.com', readOnly: true, color: '#ff0000' });
      await store.createCalendar({ name: 'après' });
      await store.createCalendar({ name: 'zebra' });
      expect((await store.listCalendars()).map((c) => c.name)).toEqual(['Straße', 'Work', 'après', 'zebra']);
      expect((await store.calendarById(work.id))?.name).toBe('Work');
      expect(await store.calendarById(work.id + 1000)).toBeUndefined();
      expect((await store.calendarByName('WORK'))?.id).toBe(work.id);
      expect((await store.calendarByName('STRASSE'))?.name).toBe('Straße');
      expect((await store.calendarByName('APRÈS'))?.name).toBe('après');
      expect(await store.calendarByName('Wor')).toBeUndefined();
      expect(await store.calendarByName('a\u0000b')).toBeUndefined();
      expect(await refused(store.createCalendar({ name: 'Work' }))).toBe(true);
      expect(await store.listCalendars()).toHaveLength(4);
    });

    it('ensures a calendar once (whatever the case of its name) and finds the first writable own calendar', async () => {
      const store = repository();
      expect(await store.firstWritableCalendar()).toBeUndefined();
      const feed = await store.ensureCalendar({ name: 'Holidays', kind: 'feed', feedUrl: 'https://example.com/h.ics', readOnly: true });
      expect(feed).toMatchObject({ name: 'Holidays', kind: 'feed', readOnly: true, feedUrl: 'https://example.com/h.ics' });
      expect((await store.ensureCalendar({ name: 'HOLIDAYS' })).id).toBe(feed.id);
      expect(await store.firstWritableCalendar()).toBeUndefined();
      const own = await store.ensureCalendar({ name: 'Calendar' });
      await store.ensureCalendar({ name: 'Second' });
      expect((await store.firstWritableCalendar())?.id).toBe(own.id);
      expect(await store.listCalendars()).toHaveLength(3);
    });

    it('keeps a feed’s state and a sync time, and finds calendars by their owner’s address without case', async () => {
      const store = repository();
      const feed = await store.ensureCalendar({ name: 'Team', kind: 'person', ownerEmail: 'Bob@Example.com', readOnly: true });
      expect(await store.feedState(feed.id)).toEqual({ kind: 'person', feedUrl: null, lastSyncedAt: null, etag: null, lastModified: null });
      await store.markFeedFetched(feed.id, '2026-03-02T09:00:00.000Z', { url: 'https://example.com/t.ics', etag: '"v1"', lastModified: 'Mon, 02 Mar 2026 08:00:00 GMT' });
      await store.markFeedFetched(feed.id, '2026-03-02T10:00:00.000Z', { url: 'https://example.com/t.ics' });
      expect(await store.feedState(feed.id)).toEqual({
        kind: 'person',
        feedUrl: 'https://example.com/t.ics',
        lastSyncedAt: '2026-03-02T10:00:00.000Z',
        etag: '"v1"',
        lastModified: 'Mon, 02 Mar 2026 08:00:00 GMT',
      });
      await store.markSynced(feed.id, '2026-03-02T11:00:00.000Z');
      expect((await store.calendarById(feed.id))?.lastSyncedAt).toBe('2026-03-02T11:00:00.000Z');
      expect(await store.feedState(feed.id + 1000)).toBeUndefined();
      expect((await store.calendarsOwnedBy(['bob@example.com', 'eve@example.com'])).map((c) => c.id)).toEqual([feed.id]);
      expect(await store.calendarsOwnedBy([])).toEqual([]);
    });

    it('writes an event and reads it back as stored; a second row with the same UID and RECURRENCE-ID is refused', async () => {
      const store = repository();
      const calendar = await store.createCalendar({ name: 'Work' });
      const written = await store.insertEvent(
        newEvent(calendar.id, 'standup@x', '2026-03-02T09:00:00.000Z', {
          title: 'Standup',
          rrule: 'FREQ=DAILY;COUNT=5',
          exdates: ['2026-03-04T09:00:00.000Z'],
          location: 'Room 1',
          notes: 'Daily',
          organizerEmail: 'ana@example.com',
          attendees: [{ email: 'bob@example.com', name: 'Bob', response: 'accepted', is_self: false }, { email: 'me@example.com', response: 'needs_action', is_self: true }],
          alarms: [10, 0],
          showAs: 'tentative',
        }),
      );
      expect(written).toEqual({
        id: expect.any(Number),
        calendarId: calendar.id,
        uid: 'standup@x',
        recurrenceId: '',
        title: 'Standup',
        startAt: '2026-03-02T09:00:00.000Z',
        endAt: '2026-03-02T10:00:00.000Z',
        allDay: false,
        startDate: null,
        endDate: null,
        timezone: 'Europe/Paris',
        rrule: 'FREQ=DAILY;COUNT=5',
        exdates: ['2026-03-04T09:00:00.000Z'],
        showAs: 'tentative',
        status: 'confirmed',
        location: 'Room 1',
        notes: 'Daily',
        organizerEmail: 'ana@example.com',
        attendees: [{ email: 'bob@example.com', name: 'Bob', response: 'accepted', is_self: false }, { email: 'me@example.com', response: 'needs_action', is_self: true }],
        alarms: [10, 0],
        remoteHref: null,
        remoteEtag: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(await store.eventById(written.id)).toEqual(written);
      expect(await store.findEvent(calendar.id, 'standup@x', '')).toEqual(written);
      expect(await store.findEvent(calendar.id, 'standup@x', '2026-03-03T09:00:00.000Z')).toBeUndefined();
      expect(await store.eventById(written.id + 1000)).toBeUndefined();
      const allDay = await store.insertEvent(
        newEvent(calendar.id, 'trip@x', '2026-03-10T00:00:00.000Z', { allDay: true, startDate: '2026-03-10', endDate: '2026-03-12', timezone: null }),
      );
      expect(allDay).toMatchObject({ allDay: true, startDate: '2026-03-10', endDate: '2026-03-12', timezone: null });
      expect(await refused(store.insertEvent(newEvent(calendar.id, 'standup@x', '2026-03-05T09:00:00.000Z')))).toBe(true);
    });

    it('reads the rows of a range: single events overlapping it, series starting before its end, and their overrides', async () => {
      const store = repository();
      const work = await store.createCalendar({ name: 'Work' });
      const home = await store.createCalendar({ name: 'Home' });
      await store.upsertEvents(work.id, [
        timed('before@x', '2026-03-01T08:00:00.000Z'),
        timed('inside@x', '2026-03-05T08:00:00.000Z'),
        timed('after@x', '2026-03-20T08:00:00.000Z'),
        timed('weekly@x', '2026-02-02T08:00:00.000Z', { rrule: 'FREQ=WEEKLY' }),
        timed('weekly@x', '2026-03-09T10:00:00.000Z', { recurrenceId: '2026-03-09T08:00:00.000Z', title: 'moved' }),
        timed('later@x', '2026-04-01T08:00:00.000Z', { rrule: 'FREQ=DAILY' }),
      ]);
      await store.upsertEvents(home.id, [timed('home@x', '2026-03-06T08:00:00.000Z'), timed('weekly@x', '2026-03-01T08:00:00.000Z', { rrule: 'FREQ=DAILY' })]);
      const range = { startsBefore: '2026-03-15T00:00:00.000Z', endsAfter: '2026-03-03T00:00:00.000Z' };
      const all = await store.eventRowsInRange(range);
      expect(all.singles.map((e) => e.uid).sort()).toEqual(['home@x', 'inside@x', 'weekly@x']);
      expect(all.singles.find((e) => e.uid === 'weekly@x')?.title).toBe('moved');
      expect(all.masters.map((e) => `${e.calendarId === work.id ? 'work' : 'home'}:${e.uid}`).sort()).toEqual(['home:weekly@x', 'work:weekly@x']);
      expect(all.overrides).toEqual([{ calendarId: work.id, uid: 'weekly@x', recurrenceId: '2026-03-09T08:00:00.000Z', allDay: false }]);
      const homeOnly = await store.eventRowsInRange({ ...range, calendarIds: [home.id] });
      expect(homeOnly.singles.map((e) => e.uid)).toEqual(['home@x']);
      expect(homeOnly.masters.map((e) => e.uid)).toEqual(['weekly@x']);
      expect(homeOnly.overrides).toEqual([]);
      const none = await store.eventRowsInRange({ ...range, startsBefore: '2026-01-01T00:00:00.000Z' });
      expect(none).toEqual({ singles: [], masters: [], overrides: [] });
    });

    it('imports by (calendar, UID, RECURRENCE-ID): new rows, changed rows and unchanged rows counted, nothing duplicated', async () => {
      const store = repository();
      const calendar = await store.createCalendar({ name: 'Imported' });
      const other = await store.createCalendar({ name: 'Other' });
      const rows = [
        timed('a@x', '2026-03-03T09:00:00.000Z', { attendees: [{ email: 'bob@example.com', name: 'Bob', response: 'accepted', is_self: false }] }),
        timed('b@x', '2026-03-04T09:00:00.000Z', { allDay: true, startDate: '2026-03-04', endDate: '2026-03-05', timezone: null }),
        timed('s@x', '2026-03-02T09:00:00.000Z', { rrule: 'FREQ=DAILY', exdates: ['2026-03-05T09:00:00.000Z'], alarms: [15] }),
        timed('s@x', '2026-03-03T11:00:00.000Z', { recurrenceId: '2026-03-03T09:00:00.000Z' }),
      ];
      expect(await store.upsertEvents(calendar.id, rows)).toEqual({ imported: 4, updated: 0, skipped: 0 });
      const first = await store.calendarEvents(calendar.id);
      clock().advance(60_000);
      expect(await store.upsertEvents(calendar.id, rows)).toEqual({ imported: 0, updated: 0, skipped: 4 });
      expect(await store.calendarEvents(calendar.id)).toEqual(first);
      const changed = [{ ...rows[0], title: 'a renamed' } as EventUpsert, ...rows.slice(1, 3), { ...rows[3], exdates: ['x'] } as EventUpsert, timed('c@x', '2026-03-01T09:00:00.000Z')];
      expect(await store.upsertEvents(calendar.id, changed)).toEqual({ imported: 1, updated: 2, skipped: 2 });
      const after = await store.calendarEvents(calendar.id);
      expect(after.map((e) => `${e.uid}|${e.recurrenceId}|${e.title}`)).toEqual([
        'c@x||c@x',
        's@x||s@x',
        'a@x||a renamed',
        's@x|2026-03-03T09:00:00.000Z|s@x',
        'b@x||b@x',
      ]);
      expect(after.find((e) => e.uid === 'a@x')?.updatedAt).toBe('2026-03-02T08:01:00.000Z');
      expect(after.find((e) => e.uid === 'b@x')).toMatchObject({ allDay: true, startDate: '2026-03-04', endDate: '2026-03-05' });
      expect(after.find((e) => e.uid === 's@x' && e.recurrenceId === '')).toMatchObject({ exdates: ['2026-03-05T09:00:00.000Z'], alarms: [15] });
      // The same key twice in one import: the later row wins, counted as an update (or skipped when identical).
      expect(await store.upsertEvents(other.id, [timed('d@x', '2026-03-06T09:00:00.000Z'), timed('d@x', '2026-03-06T10:00:00.000Z')])).toEqual({ imported: 1, updated: 1, skipped: 0 });
      expect(await store.upsertEvents(other.id, [timed('e@x', '2026-03-06T09:00:00.000Z'), timed('e@x', '2026-03-06T09:00:00.000Z')])).toEqual({ imported: 1, updated: 0, skipped: 1 });
      expect((await store.calendarEvents(other.id)).map((e) => `${e.uid} ${e.startAt}`)).toEqual(['e@x 2026-03-06T09:00:00.000Z', 'd@x 2026-03-06T10:00:00.000Z']);
      expect(await store.upsertEvents(other.id, [])).toEqual({ imported: 0, updated: 0, skipped: 0 });
    });

    it('imports a large batch in one call', async () => {
      const store = repository();
      const calendar = await store.createCalendar({ name: 'Big' });
      const rows = Array.from({ length: 2500 }, (_, i) => timed(`e${i}@x`, new Date(Date.parse('2026-01-01T00:00:00.000Z') + i * 3_600_000).toISOString()));
      expect(await store.upsertEvents(calendar.id, rows)).toEqual({ imported: 2500, updated: 0, skipped: 0 });
      expect(await store.upsertEvents(calendar.id, rows)).toEqual({ imported: 0, updated: 0, skipped: 2500 });
      expect(await store.calendarEvents(calendar.id)).toHaveLength(2500);
    });

    it('replaces a feed’s events: upserted by UID, the rest of that calendar removed', async () => {
      const store = repository();
      const feed = await store.ensureCalendar({ name: 'Feed', kind: 'feed', readOnly: true });
      const mine = await store.createCalendar({ name: 'Mine' });
      await store.upsertEvents(mine.id, [timed('gone@x', '2026-03-03T09:00:00.000Z')]);
      expect(await store.replaceEvents(feed.id, [timed('gone@x', '2026-03-03T09:00:00.000Z'), timed('kept@x', '2026-03-04T09:00:00.000Z')])).toEqual({
        imported: 2,
        updated: 0,
        skipped: 0,
        removed: 0,
      });
      expect(await store.replaceEvents(feed.id, [timed('kept@x', '2026-03-04T10:00:00.000Z'), timed('new@x', '2026-03-05T09:00:00.000Z')])).toEqual({
        imported: 1,
        updated: 1,
        skipped: 0,
        removed: 1,
      });
      expect((await store.calendarEvents(feed.id)).map((e) => e.uid)).toEqual(['kept@x', 'new@x']);
      expect((await store.calendarEvents(mine.id)).map((e) => e.uid)).toEqual(['gone@x']);
      expect(await store.replaceEvents(feed.id, [])).toMatchObject({ imported: 0, removed: 2 });
      expect(await store.calendarEvents(feed.id)).toEqual([]);
    });

    it('updates an event, moving a series with its overrides; excludes an occurrence; deletes events, series and calendars', async () => {
      const store = repository();
      const work = await store.createCalendar({ name: 'Work' });
      const home = await store.createCalendar({ name: 'Home' });
      await store.upsertEvents(work.id, [
        timed('s@x', '2026-03-02T09:00:00.000Z', { rrule: 'FREQ=DAILY' }),
        timed('s@x', '2026-03-03T10:00:00.000Z', { recurrenceId: '2026-03-03T09:00:00.000Z' }),
        timed('s@x', '2026-03-04T10:00:00.000Z', { recurrenceId: '2026-03-04T09:00:00.000Z' }),
        timed('one@x', '2026-03-05T09:00:00.000Z'),
      ]);
      const master = await store.findEvent(work.id, 's@x', '');
      if (!master) throw new Error('the series was imported');
      clock().advance(60_000);
      const moved = await store.updateEvent(master.id, { calendarId: home.id, title: 'Series', location: 'Here', exdates: ['2026-03-06T09:00:00.000Z'] }, { calendarId: work.id, uid: 's@x' });
      expect(moved).toMatchObject({ id: master.id, calendarId: home.id, title: 'Series', location: 'Here', exdates: ['2026-03-06T09:00:00.000Z'], updatedAt: '2026-03-02T08:01:00.000Z' });
      expect((await store.overridesOf(home.id, 's@x')).map((e) => e.recurrenceId).sort()).toEqual(['2026-03-03T09:00:00.000Z', '2026-03-04T09:00:00.000Z']);
      expect(await store.overridesOf(work.id, 's@x')).toEqual([]);
      expect(await store.updateEvent(master.id + 1000, { title: 'nobody' })).toBeUndefined();
      const override = (await store.overridesOf(home.id, 's@x')).find((e) => e.recurrenceId === '2026-03-03T09:00:00.000Z');
      await store.excludeOccurrence(master.id, ['2026-03-06T09:00:00.000Z', '2026-03-03T09:00:00.000Z'], override?.id);
      expect((await store.eventById(master.id))?.exdates).toEqual(['2026-03-06T09:00:00.000Z', '2026-03-03T09:00:00.000Z']);
      expect((await store.overridesOf(home.id, 's@x')).map((e) => e.recurrenceId)).toEqual(['2026-03-04T09:00:00.000Z']);
      const single = await store.findEvent(work.id, 'one@x', '');
      await store.deleteEvent(single?.id ?? 0);
      expect(await store.calendarEvents(work.id)).toEqual([]);
      await store.deleteSeries(home.id, 's@x');
      expect(await store.calendarEvents(home.id)).toEqual([]);
      await store.upsertEvents(home.id, [timed('h@x', '2026-03-05T09:00:00.000Z')]);
      await store.deleteCalendar(home.id);
      expect(await store.calendarById(home.id)).toBeUndefined();
      expect((await store.eventRowsInRange({ startsBefore: '2027-01-01T00:00:00.000Z', endsAfter: '2025-01-01T00:00:00.000Z' })).singles).toEqual([]);
    });

    it('mirrors a CalDAV collection: linked calendars, server objects with their ETags, replaced and removed objects', async () => {
      const store = repository();
      const local = await store.createCalendar({ name: 'Local', readOnly: true });
      const mirror = await store.ensureCalendar({ name: 'Server' });
      expect(await store.linkedCalendars()).toEqual([]);
      expect(await store.lastCalDavSync()).toBeUndefined();
      await store.linkCalendar(mirror.id, 'https://dav.example.com/cal/work/');
      await store.linkCalendar(local.id, 'https://dav.example.com/cal/home/');
      expect(await store.linkedCalendars()).toEqual([
        { id: local.id, name: 'Local', url: 'https://dav.example.com/cal/home/' },
        { id: mirror.id, name: 'Server', url: 'https://dav.example.com/cal/work/' },
      ]);
      expect(await store.calendarById(local.id)).toMatchObject({ provider: 'caldav', readOnly: false });
      expect(await store.linkedCalendar('https://dav.example.com/cal/work/')).toEqual({ id: mirror.id, name: 'Server', ctag: null });
      expect(await store.linkedCalendar('https://dav.example.com/cal/none/')).toBeUndefined();
      await store.saveCtag(mirror.id, 'ctag-1', '2026-03-02T09:00:00.000Z');
      await store.saveCtag(local.id, null, '2026-03-02T08:30:00.000Z');
      expect(await store.linkedCalendar('https://dav.example.com/cal/work/')).toEqual({ id: mirror.id, name: 'Server', ctag: 'ctag-1' });
      expect(await store.lastCalDavSync()).toBe('2026-03-02T09:00:00.000Z');

      const a = 'https://dav.example.com/cal/work/a.ics';
      const b = 'https://dav.example.com/cal/work/b.ics';
      await store.storeRemoteObject(mirror.id, { href: a, etag: '"a1"' }, [timed('a@x', '2026-03-03T09:00:00.000Z', { rrule: 'FREQ=DAILY' }), timed('a@x', '2026-03-04T10:00:00.000Z', { recurrenceId: '2026-03-04T09:00:00.000Z' })], false);
      await store.storeRemoteObject(mirror.id, { href: b, etag: null }, [timed('b@x', '2026-03-05T09:00:00.000Z')], false);
      const byHref = async () => (await store.remoteObjects(mirror.id)).sort((x, y) => (x.href < y.href ? -1 : 1));
      expect(await byHref()).toEqual([
        { href: a, etag: '"a1"', uid: 'a@x' },
        { href: b, etag: null, uid: 'b@x' },
      ]);
      expect(await store.remoteObjectOf(mirror.id, 'a@x')).toEqual({ href: a, etag: '"a1"', uid: 'a@x' });
      expect(await store.remoteObjectOf(mirror.id, 'c@x')).toBeUndefined();
      // The object changed on the server: its old rows go (the override is no longer in it), the new ones take its ETag.
      await store.storeRemoteObject(mirror.id, { href: a, etag: '"a2"' }, [timed('a@x', '2026-03-03T09:30:00.000Z', { rrule: 'FREQ=DAILY' })], true);
      expect((await store.calendarEvents(mirror.id)).map((e) => `${e.uid}|${e.recurrenceId}|${e.startAt}|${e.remoteEtag}`)).toEqual([
        'a@x||2026-03-03T09:30:00.000Z|"a2"',
        'b@x||2026-03-05T09:00:00.000Z|null',
      ]);
      await store.setRemoteObject(mirror.id, 'b@x', b, '"b2"');
      expect((await store.remoteObjectOf(mirror.id, 'b@x'))?.etag).toBe('"b2"');
      expect(await store.removeRemoteObjects(mirror.id, [b, 'https://dav.example.com/cal/work/none.ics'])).toBe(1);
      expect(await store.removeRemoteObjects(mirror.id, [])).toBe(0);
      expect((await store.calendarEvents(mirror.id)).map((e) => e.uid)).toEqual(['a@x']);
    });
  });
}
