/**
 * CalDAV sync against a real Radicale (Debian `radicale`; `bash tools/test-servers/install.sh`): the first sync of a
 * calendar holding 2,000 events (events/s), and a re-sync after one event changed on the server.
 * `npm run bench -- caldav`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAVClient, type DAVCalendar } from 'tsdav';
import { openDatabase, openMemoryStore, type CosDatabase } from '@chief-of-staff/sqlite';
import { createProviderRegistry } from '../../registry/provider-registry.js';
import type { CalDavCalendarProvider } from './caldav-calendar-provider.js';
import { startRadicale, type RadicaleServer } from '../../testing/radicale-server.js';

const EVENTS = 2_000;
let radicale: RadicaleServer | undefined;
let admin: InstanceType<typeof DAVClient> | undefined;
let collection: DAVCalendar | undefined;
let account: { dir: string; store: CosDatabase; calendar: CalDavCalendarProvider } | undefined;
let initialMs = 0;
const resyncMs: number[] = [];
let edits = 0;

function event(index: number, title = `Meeting ${index}`): string {
  const start = new Date(Date.UTC(2026, 0, 5, 9) + index * 3_600_000 * 5);
  const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//bench//caldav//EN',
    'BEGIN:VEVENT',
    `UID:bench-${index}@example.org`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(new Date(start.getTime() + 1_800_000))}`,
    ...(index % 20 === 0 ? ['RRULE:FREQ=WEEKLY;COUNT=10'] : []),
    `SUMMARY:${title}`,
    `LOCATION:Room ${index % 12}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export const benchmarks = [
  {
    name: `caldav: first sync of a calendar with ${EVENTS.toLocaleString('en-US')} events from Radicale`,
    iterations: 1,
    time: 0,
    setup: async () => {
      radicale = await startRadicale();
      admin = new DAVClient({ serverUrl: radicale.url, credentials: { username: radicale.user, password: radicale.password }, authMethod: 'Basic', defaultAccountType: 'caldav' });
      await admin.login();
      await admin.makeCalendar({ url: `${admin.account?.homeUrl ?? `${radicale.url}${radicale.user}/`}bench/`, props: { displayname: 'Bench' } });
      [collection] = (await admin.fetchCalendars()) as DAVCalendar[];
      if (!collection) throw new Error('the bench calendar was not created');
      const target = collection;
      for (let i = 0; i < EVENTS; i += 8) {
        await Promise.all(
          Array.from({ length: Math.min(8, EVENTS - i) }, (_, k) => admin?.createCalendarObject({ calendar: target, filename: `bench-${i + k}.ics`, iCalString: event(i + k) })),
        );
      }
    },
    fn: async () => {
      if (!radicale) throw new Error('Radicale did not start');
      const dir = mkdtempSync(join(tmpdir(), 'cos-bench-caldav-'));
      const store = openDatabase({ dataDir: dir });
      const calendar = createProviderRegistry({
        config: {
          timezone: 'UTC',
          user: { name: 'Bench', email: 'bench@example.com', handles: [] },
          providers: { calendar: 'caldav', reminders: 'local', mail: 'local', messages: 'local', notifications: 'log' },
          notifications: {},
          messages: {},
          calendar: { feeds: [], caldav: { serverUrl: radicale.url, user: radicale.user, password: 'env:BENCH_CALDAV_PASSWORD', syncIntervalSeconds: 3600, timeoutMs: 60_000 } },
        },
        memory: openMemoryStore({ database: store }),
        desktop: null,
        env: { BENCH_CALDAV_PASSWORD: radicale.password },
      }).require('calendar') as CalDavCalendarProvider;
      account = { dir, store, calendar };
      const started = performance.now();
      const [result] = await calendar.sync();
      initialMs = performance.now() - started;
      if (result?.fetched !== EVENTS) throw new Error(`synced ${result?.fetched} objects, expected ${EVENTS}`);
    },
    metrics: () => ({ sync_ms: Math.round(initialMs), events_per_s: Math.round(EVENTS / (initialMs / 1000)) }),
  },
  {
    name: `caldav: re-sync after one event changed among ${EVENTS.toLocaleString('en-US')}`,
    iterations: 5,
    time: 0,
    fn: async (run?: { warmup: boolean }) => {
      if (!account || !admin || !collection) throw new Error('the first sync did not run');
      edits += 1;
      const target = collection;
      const [object] = await admin.fetchCalendarObjects({ calendar: target, objectUrls: [new URL(`bench-${edits}.ics`, target.url).href] });
      if (!object) throw new Error('object missing');
      await admin.updateCalendarObject({ calendarObject: { ...object, data: event(edits, `Moved meeting ${edits}`) } });
      const started = performance.now();
      const [result] = await account.calendar.sync();
      if (!run?.warmup) resyncMs.push(performance.now() - started);
      if (result?.fetched !== 1) throw new Error(`re-sync parsed ${result?.fetched} objects, expected 1`);
    },
    teardown: async () => {
      account?.store.close();
      if (account) rmSync(account.dir, { recursive: true, force: true });
      account = undefined;
      await radicale?.dispose();
      radicale = undefined;
    },
    metrics: () => {
      const sorted = [...resyncMs].sort((a, b) => a - b);
      return { resync_p50_ms: sorted[Math.floor(sorted.length / 2)] ?? NaN, resync_max_ms: sorted.at(-1) ?? NaN };
    },
  },
];
