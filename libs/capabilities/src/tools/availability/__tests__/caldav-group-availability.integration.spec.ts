/**
 * find_group_availability with a CalDAV account against a real Radicale: a colleague's calendar that the account may
 * read (a Radicale rights file) gives her busy time live from the server — recurrences expanded, a transparent event
 * free, nothing of hers synced locally — a change she makes shows on the next call, and with the server down the
 * tool answers from the local copy and says it may be out of date.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { DAVClient, type DAVCalendar } from 'tsdav';
import { createToolContext, FakeClock, loadConfig, runTool, type AnyToolDefinition, type CosConfig } from '@chief-of-staff/core';
import { openDatabase, openMemoryStore, type CosDatabase } from '@chief-of-staff/sqlite';
import { createProviderRegistry, type CalendarProvider, type ProviderRegistry } from '@chief-of-staff/providers';
import { startRadicale, type RadicaleServer } from '@chief-of-staff/providers/testing';
import { findGroupAvailabilityTool } from '../find-group-availability-tool.js';
import { describeWithRadicale } from '../../provider-common/__tests__/describe-with-radicale.js';

/** Everyone keeps their own collections; `test` may also read Dana's work calendar. */
const RIGHTS = `
[test-reads-dana]
user: test
collection: dana/work
permissions: r

[root]
user: .+
collection:
permissions: R

[principal]
user: .+
collection: {user}
permissions: RW

[calendars]
user: .+
collection: {user}/[^/]+
permissions: rw
`;

const ics = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//group//EN', 'BEGIN:VEVENT', 'DTSTAMP:20260301T000000Z', ...lines, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
/** Daily 10:00–11:00 UTC from Monday 9 March, three times. */
const REVIEW = (hour: string) => ics('UID:review@example.org', `DTSTART:20260309T${hour}0000Z`, `DTEND:20260309T${String(Number(hour) + 1).padStart(2, '0')}0000Z`, 'RRULE:FREQ=DAILY;COUNT=3', 'SUMMARY:Design review');
const FYI = ics('UID:fyi@example.org', 'DTSTART:20260309T140000Z', 'DTEND:20260309T150000Z', 'TRANSP:TRANSPARENT', 'SUMMARY:Conference talk (optional)');

const clock = new FakeClock('2026-03-06T15:00:00.000Z', 'UTC');
const ARGS = { participants: ['dana@example.com'], start_date: '2026-03-09', end_date: '2026-03-11', duration_minutes: 30, max_suggestions: 20 };


describeWithRadicale('find_group_availability with a CalDAV account', () => {
  let radicale: RadicaleServer;
  let dana: InstanceType<typeof DAVClient>;
  let danaWork: DAVCalendar;
  let dir: string;
  let store: CosDatabase;
  let config: CosConfig;
  let providers: ProviderRegistry;

  const find = async () => {
    const result = await runTool(findGroupAvailabilityTool as unknown as AnyToolDefinition, ARGS, createToolContext({ services: { providers, config }, clock }));
    if (!result.ok) throw new Error(`find_group_availability failed: ${result.error.code} ${result.error.message}`);
    return result.value as {
      suggestions: { start: string; end: string }[];
      participants: { email: string; status: string; source: string | null }[];
      warnings?: string[];
    };
  };
  /** The mutual free time found, per day, as `MM-DD HH:MM–HH:MM`. */
  const freeTime = (result: Awaited<ReturnType<typeof find>>) =>
    result.suggestions.map((slot) => `${slot.start.slice(5, 10)} ${slot.start.slice(11, 16)}–${slot.end.slice(11, 16)}`).sort();

  beforeAll(async () => {
    radicale = await startRadicale({ extraUsers: ['dana'], rights: RIGHTS });
    dana = new DAVClient({ serverUrl: radicale.url, credentials: { username: 'dana', password: radicale.passwords['dana'] as string }, authMethod: 'Basic', defaultAccountType: 'caldav' });
    await dana.login();
    await dana.makeCalendar({ url: `${radicale.url}dana/work/`, props: { displayname: 'Dana work' } });
    [danaWork] = (await dana.fetchCalendars()) as [DAVCalendar];
    await dana.createCalendarObject({ calendar: danaWork, filename: 'review.ics', iCalString: REVIEW('10') });
    await dana.createCalendarObject({ calendar: danaWork, filename: 'fyi.ics', iCalString: FYI });

    dir = mkdtempSync(join(tmpdir(), 'cos-caldav-group-'));
    store = openDatabase({ dataDir: dir });
    config = loadConfig({
      env: { COS_DATA_DIR: dir, COS_TIMEZONE: 'UTC' },
      overrides: {
        user: { name: 'Test User', email: 'test@example.com' },
        providers: { calendar: 'caldav', notifications: 'log' },
        calendar: {
          caldav: {
            serverUrl: radicale.url,
            user: radicale.user,
            password: 'env:TEST_CALDAV_PASSWORD',
            syncIntervalSeconds: 3600,
            timeoutMs: 5_000,
            people: [{ email: 'Dana@Example.com', calendars: ['/dana/work/'] }],
          },
        },
      },
    });
    providers = createProviderRegistry({ config, memory: openMemoryStore({ database: store }), desktop: null, env: { TEST_CALDAV_PASSWORD: radicale.password } });
    // An older local copy of Dana's calendar (say an import): used only when the server cannot be asked.
    const calendar = providers.require('calendar') as CalendarProvider;
    const imported = await calendar.createCalendar({ name: 'Dana (imported)', kind: 'person', ownerEmail: 'dana@example.com', readOnly: false });
    await calendar.createEvent({ calendarId: imported.id, title: 'Old busy time', start: new Date('2026-03-09T16:00:00Z'), end: new Date('2026-03-09T17:00:00Z') });
  }, 60_000);

  afterAll(async () => {
    store?.close();
    await radicale?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("subtracts the colleague's busy time read from the server: recurrences busy, the transparent event free", async () => {
    const result = await find();
    expect(result.participants).toEqual([expect.objectContaining({ email: 'dana@example.com', status: 'ok', source: 'caldav:calendar-query' })]);
    expect(freeTime(result)).toEqual(['03-09 08:00–10:00', '03-09 11:00–18:00', '03-10 08:00–10:00', '03-10 11:00–18:00', '03-11 08:00–10:00', '03-11 11:00–18:00']);
    expect(result.warnings).toBeUndefined();
    // Dana's calendar was read, not synced: the account's calendars are its own (none) and the local import.
    expect((await (providers.require('calendar') as CalendarProvider).listCalendars()).map((calendar) => calendar.name)).not.toContain('Dana work');
  });

  it('sees a change made on the server on the next call', async () => {
    const [review] = (await dana.fetchCalendarObjects({ calendar: danaWork })).filter((object) => String(object.data).includes('review@example.org'));
    if (!review) throw new Error('review object missing');
    await dana.updateCalendarObject({ calendarObject: { ...review, data: REVIEW('15') } });
    expect(freeTime(await find())).toEqual(['03-09 08:00–15:00', '03-09 16:00–18:00', '03-10 08:00–15:00', '03-10 16:00–18:00', '03-11 08:00–15:00', '03-11 16:00–18:00']);
  });

  it('answers from the local copy when the server is down, and says it may be out of date', async () => {
    await radicale.stop();
    try {
      const result = await find();
      expect(result.participants).toEqual([expect.objectContaining({ email: 'dana@example.com', status: 'ok', source: 'calendar:Dana (imported)' })]);
      expect(freeTime(result)).toEqual(['03-09 08:00–16:00', '03-09 17:00–18:00', '03-10 08:00–18:00', '03-11 08:00–18:00']);
      expect(result.warnings).toEqual([expect.stringMatching(/^Calendars may be out of date: The CalDAV server 127\.0\.0\.1:\d+ could not be reached\./)]);
    } finally {
      await radicale.start();
    }
    const back = await find();
    expect(back.participants[0]?.source).toBe('caldav:calendar-query');
    expect(back.warnings).toBeUndefined();
  });
});
