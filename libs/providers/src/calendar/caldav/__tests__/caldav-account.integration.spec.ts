/**
 * A CalDAV account against a real Radicale: a recurring event synced and changed on the server, events created,
 * changed and deleted through the provider and seen on the server, deletions on the server followed, and a server
 * that is down answered from the synced copy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { DAVClient, type DAVCalendar } from 'tsdav';
import { openDatabase, openMemoryStore, type CosDatabase } from '@chief-of-staff/sqlite';
import { createProviderRegistry, type ProviderConfig } from '../../../registry/provider-registry.js';
import type { CalDavCalendarProvider } from '../caldav-calendar-provider.js';
import type { CalDavReminderProvider } from '../caldav-reminder-provider.js';
import { describeWithRadicale } from './describe-with-radicale.js';
import { startRadicale, type RadicaleServer } from '../../../testing/radicale-server.js';

const STANDUP = (title: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//caldav//EN',
    'BEGIN:VEVENT',
    'UID:standup@example.org',
    'DTSTAMP:20261101T000000Z',
    'DTSTART:20261130T090000Z',
    'DTEND:20261130T091500Z',
    'RRULE:FREQ=WEEKLY;COUNT=4',
    `SUMMARY:${title}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const LUNCH = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//caldav//EN', 'BEGIN:VEVENT', 'UID:lunch@example.org', 'DTSTAMP:20261101T000000Z', 'DTSTART:20261202T120000Z', 'DTEND:20261202T130000Z', 'SUMMARY:Lunch with Maya', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');

const RANGE = { start: new Date('2026-11-29T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') };

describeWithRadicale('CalDAV account', () => {
  let radicale: RadicaleServer;
  let admin: InstanceType<typeof DAVClient>;
  let work: DAVCalendar;
  let dir: string;
  let store: CosDatabase;
  let calendar: CalDavCalendarProvider;
  let reminders: CalDavReminderProvider;

  const config = (password = 'env:TEST_CALDAV_PASSWORD'): ProviderConfig => ({
    timezone: 'UTC',
    user: { name: 'Test User', email: 'test@example.com', handles: [] },
    providers: { calendar: 'caldav', reminders: 'caldav', mail: 'local', messages: 'local', notifications: 'log' },
    notifications: {},
    messages: {},
    calendar: { feeds: [], caldav: { serverUrl: radicale.url, user: radicale.user, password, syncIntervalSeconds: 3600, timeoutMs: 10_000 } },
  });
  /** The collection as the server describes it now (with its current ctag). */
  const refreshWork = async () => {
    const [found] = await admin.fetchCalendars();
    if (!found) throw new Error('the test calendar is missing');
    work = found;
  };
  const serverObjects = async () => (await admin.fetchCalendarObjects({ calendar: work })).map((object) => String(object.data));
  const titles = async () => (await calendar.listEvents(RANGE)).map((event) => `${event.title} ${event.start.toISOString().slice(0, 10)}`);

  beforeAll(async () => {
    radicale = await startRadicale();
    admin = new DAVClient({ serverUrl: radicale.url, credentials: { username: radicale.user, password: radicale.password }, authMethod: 'Basic', defaultAccountType: 'caldav' });
    await admin.login();
    const home = admin.account?.homeUrl ?? `${radicale.url}${radicale.user}/`;
    await admin.makeCalendar({ url: `${home}work/`, props: { displayname: 'Work' } });
    await refreshWork();
    await admin.createCalendarObject({ calendar: work, filename: 'standup.ics', iCalString: STANDUP('Standup') });
    await admin.createCalendarObject({ calendar: work, filename: 'lunch.ics', iCalString: LUNCH });
    dir = mkdtempSync(join(tmpdir(), 'cos-caldav-'));
    store = openDatabase({ dataDir: dir });
    const registry = createProviderRegistry({ config: config(), memory: openMemoryStore({ database: store }), desktop: null, env: { TEST_CALDAV_PASSWORD: radicale.password } });
    calendar = registry.require('calendar') as CalDavCalendarProvider;
    reminders = registry.require('reminders') as CalDavReminderProvider;
  }, 60_000);

  afterAll(async () => {
    store?.close();
    await radicale?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('syncs a recurring event, and sees it change on the server after a re-sync', async () => {
    expect(await calendar.sync()).toEqual([{ calendar: 'Work', changed: true, fetched: 2, removed: 0 }]);
    expect(await titles()).toEqual(['Standup 2026-11-30', 'Lunch with Maya 2026-12-02', 'Standup 2026-12-07', 'Standup 2026-12-14', 'Standup 2026-12-21']);
    // Nothing changed: the collection is not listed again.
    expect(await calendar.sync()).toEqual([{ calendar: 'Work', changed: false, fetched: 0, removed: 0 }]);

    const [standup] = (await admin.fetchCalendarObjects({ calendar: work })).filter((object) => String(object.data).includes('standup@example.org'));
    if (!standup) throw new Error('standup object missing');
    await admin.updateCalendarObject({ calendarObject: { ...standup, data: STANDUP('Team standup') } });
    await refreshWork();
    expect(await calendar.sync()).toEqual([{ calendar: 'Work', changed: true, fetched: 1, removed: 0 }]);
    expect((await titles()).filter((title) => title.startsWith('Team standup'))).toHaveLength(4);
    expect(await calendar.listCalendars()).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Work', provider: 'caldav', readOnly: false })]));
  });

  it('creates, changes and deletes events on the server', async () => {
    const info = await calendar.getCalendar('Work');
    const created = await calendar.createEvent({ calendarId: info.id, title: 'Board meeting', start: new Date('2026-12-09T14:00:00Z'), end: new Date('2026-12-09T15:00:00Z'), location: 'Room 4' });
    expect((await serverObjects()).find((text) => text.includes('SUMMARY:Board meeting'))).toContain('LOCATION:Room 4');

    await calendar.updateEvent(created.id, { title: 'Board meeting (moved)', start: new Date('2026-12-10T14:00:00Z'), end: new Date('2026-12-10T15:00:00Z') });
    const moved = (await serverObjects()).find((text) => text.includes('Board meeting'));
    expect(moved).toContain('SUMMARY:Board meeting (moved)');
    expect(moved).toContain('DTSTART:20261210T140000Z');

    await calendar.deleteEvent(created.id);
    expect((await serverObjects()).some((text) => text.includes('Board meeting'))).toBe(false);
    expect((await titles()).some((title) => title.startsWith('Board meeting'))).toBe(false);
    // Our own writes do not come back as changes.
    await refreshWork();
    const resync = await calendar.sync();
    expect(resync[0]).toMatchObject({ removed: 0 });
    expect(await titles()).toHaveLength(5);
  });

  it('follows deletions made on the server, and answers from the synced copy when the server is down', async () => {
    const [lunch] = (await admin.fetchCalendarObjects({ calendar: work })).filter((object) => String(object.data).includes('lunch@example.org'));
    if (!lunch) throw new Error('lunch object missing');
    await admin.deleteCalendarObject({ calendarObject: lunch });
    expect(await calendar.sync()).toEqual([expect.objectContaining({ calendar: 'Work', removed: 1 })]);
    expect((await titles()).some((title) => title.startsWith('Lunch'))).toBe(false);

    await radicale.stop();
    try {
      await expect(calendar.sync()).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringContaining('could not be reached') });
      expect(await titles()).toHaveLength(4);
      expect(calendar.staleness()).toMatch(/^Calendars may be out of date: The CalDAV server 127\.0\.0\.1:\d+ could not be reached\. Showing them as synced at /);
    } finally {
      await radicale.start();
    }
    await calendar.sync();
    expect(calendar.staleness()).toBeUndefined();
  });

  it('mirrors to-do lists, and creates, completes and deletes to-dos on the server', async () => {
    const todo = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//caldav//EN', 'BEGIN:VTODO', 'UID:todo-budget@example.org', 'DTSTAMP:20261101T000000Z', 'DUE;VALUE=DATE:20261205', 'SUMMARY:Send the budget', 'END:VTODO', 'END:VCALENDAR', ''].join('\r\n');
    await admin.createCalendarObject({ calendar: work, filename: 'todo-budget.ics', iCalString: todo });
    await refreshWork();
    expect(await reminders.sync()).toEqual([expect.objectContaining({ list: 'Work', changed: true, fetched: 1 })]);
    expect((await reminders.list({ status: 'open' })).map((item) => [item.title, item.list, item.dueDate])).toEqual([['Send the budget', 'Work', '2026-12-05']]);

    const created = await reminders.create({ title: 'Book the offsite venue', dueDate: '2026-12-12', priority: 'high' });
    expect(created.list).toBe('Work');
    const todoFilter = [{ 'comp-filter': { _attributes: { name: 'VCALENDAR' }, 'comp-filter': { _attributes: { name: 'VTODO' } } } }];
    const onServer = async () => (await admin.fetchCalendarObjects({ calendar: work, filters: todoFilter })).map((object) => String(object.data));
    expect((await onServer()).find((text) => text.includes('SUMMARY:Book the offsite venue'))).toBeDefined();

    await reminders.complete(created.id, true);
    expect((await onServer()).find((text) => text.includes('SUMMARY:Book the offsite venue'))).toMatch(/STATUS:COMPLETED/);

    await reminders.delete(created.id);
    expect((await onServer()).some((text) => text.includes('Book the offsite venue'))).toBe(false);
    expect((await onServer()).some((text) => text.includes('Send the budget'))).toBe(true);
  });

  it('names a wrong password as an authentication failure', async () => {
    const badDir = mkdtempSync(join(tmpdir(), 'cos-caldav-auth-'));
    const badStore = openDatabase({ dataDir: badDir });
    try {
      const bad = createProviderRegistry({ config: config(), memory: openMemoryStore({ database: badStore }), desktop: null, env: { TEST_CALDAV_PASSWORD: 'wrong' } }).require('calendar') as CalDavCalendarProvider;
      await expect(bad.checkConnection()).rejects.toMatchObject({ kind: 'auth', hint: expect.stringContaining('calendar.caldav.password') });
      expect(await calendar.checkConnection()).toMatch(/^test on 127\.0\.0\.1:\d+: 1 calendars$/);
    } finally {
      badStore.close();
      rmSync(badDir, { recursive: true, force: true });
    }
  });
});
