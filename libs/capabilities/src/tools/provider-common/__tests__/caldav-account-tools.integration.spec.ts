/**
 * The reminder and event tools with a CalDAV account against a real Radicale, starting from a data directory that has
 * never synced: `create_calendar_event` and `create_reminder` put their objects on the server in the account's
 * collection (seen by another client) — not in a local-only calendar or list, as they did before the first sync —
 * `complete_reminder` marks the to-do completed there, and `list_reminders` shows a to-do another client added.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { DAVClient, type DAVCalendar } from 'tsdav';
import { createToolContext, FakeClock, loadConfig, runTool, type AnyToolDefinition, type CosConfig } from '@chief-of-staff/core';
import { openDatabase, openMemoryStore, type CosDatabase } from '@chief-of-staff/sqlite';
import { createProviderRegistry, type ProviderRegistry } from '@chief-of-staff/providers';
import { startRadicale, type RadicaleServer } from '@chief-of-staff/providers/testing';
import { createCalendarEventTool } from '../../calendar/calendar-write-tools.js';
import { completeReminderTool, createReminderTool, listRemindersTool } from '../../reminders/reminder-tools.js';
import { describeWithRadicale } from './describe-with-radicale.js';

const clock = new FakeClock('2026-03-06T15:00:00.000Z', 'UTC');
const TODO_FILTER = [{ 'comp-filter': { _attributes: { name: 'VCALENDAR' }, 'comp-filter': { _attributes: { name: 'VTODO' } } } }];


describeWithRadicale('event and reminder tools with a CalDAV account', () => {
  let radicale: RadicaleServer;
  let other: InstanceType<typeof DAVClient>;
  let tasks: DAVCalendar;
  let dir: string;
  let store: CosDatabase;
  let config: CosConfig;
  let providers: ProviderRegistry;

  const call = async (tool: unknown, args: Record<string, unknown>) => {
    const result = await runTool(tool as AnyToolDefinition, args, createToolContext({ services: { providers, config }, clock }));
    if (!result.ok) throw new Error(`${(tool as AnyToolDefinition).name} failed: ${result.error.code} ${result.error.message}`);
    return result.value;
  };
  /** The to-dos on the server, as another client of the account sees them. */
  const onServer = async () => (await other.fetchCalendarObjects({ calendar: tasks, filters: TODO_FILTER })).map((object) => String(object.data));

  beforeAll(async () => {
    radicale = await startRadicale();
    other = new DAVClient({ serverUrl: radicale.url, credentials: { username: radicale.user, password: radicale.password }, authMethod: 'Basic', defaultAccountType: 'caldav' });
    await other.login();
    await other.makeCalendar({ url: `${radicale.url}${radicale.user}/tasks/`, props: { displayname: 'Tasks' } });
    [tasks] = (await other.fetchCalendars()) as [DAVCalendar];
    dir = mkdtempSync(join(tmpdir(), 'cos-caldav-reminders-'));
    store = openDatabase({ dataDir: dir });
    config = loadConfig({
      env: { COS_DATA_DIR: dir, COS_TIMEZONE: 'UTC' },
      overrides: {
        providers: { calendar: 'caldav', reminders: 'caldav', notifications: 'log' },
        calendar: { caldav: { serverUrl: radicale.url, user: radicale.user, password: 'env:TEST_CALDAV_PASSWORD', syncIntervalSeconds: 1, timeoutMs: 5_000 } },
      },
    });
    providers = createProviderRegistry({ config, memory: openMemoryStore({ database: store }), desktop: null, env: { TEST_CALDAV_PASSWORD: radicale.password } });
  }, 60_000);

  afterAll(async () => {
    store?.close();
    await radicale?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('creates an event in the account\'s calendar on the server before anything was synced', async () => {
    const { event } = (await call(createCalendarEventTool, { title: 'Dentist', start: '2026-03-12T09:00', end: '2026-03-12T09:30' })) as { event: { calendar: string } };
    expect(event.calendar).toBe('Tasks');
    const objects = (await other.fetchCalendarObjects({ calendar: tasks })).map((object) => String(object.data));
    expect(objects.find((text) => text.includes('SUMMARY:Dentist'))).toMatch(/DTSTART:20260312T090000Z/);
  });

  it('creates a reminder on the server and completes it there', async () => {
    const { reminder: created } = (await call(createReminderTool, { title: 'Renew passport', due: '2026-04-01', priority: 'high' })) as { reminder: { id: number; list: string } };
    expect(created.list).toBe('Tasks');
    const todo = (await onServer()).find((text) => text.includes('SUMMARY:Renew passport'));
    expect(todo).toMatch(/DUE;VALUE=DATE:20260401/);
    expect(todo).toMatch(/PRIORITY:1\b/);

    await call(completeReminderTool, { reminder_id: created.id });
    expect((await onServer()).find((text) => text.includes('SUMMARY:Renew passport'))).toMatch(/STATUS:COMPLETED/);
  });

  it('lists a to-do another client added on the server', async () => {
    const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//other//EN', 'BEGIN:VTODO', 'UID:visa@example.org', 'DTSTAMP:20260301T000000Z', 'DUE;VALUE=DATE:20260320', 'SUMMARY:Apply for the visa', 'END:VTODO', 'END:VCALENDAR', ''].join('\r\n');
    await other.createCalendarObject({ calendar: tasks, filename: 'visa.ics', iCalString: ics });
    // Reads re-sync once the mirror is older than syncIntervalSeconds (1 s here).
    await new Promise((done) => setTimeout(done, 1_100));
    const listed = (await call(listRemindersTool, { status: 'open' })) as { items: Array<{ title: string; list: string }> };
    expect(listed.items.map((item) => [item.title, item.list])).toContainEqual(['Apply for the visa', 'Tasks']);
  });
});
