import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { importData } from '../import/import-data.js';
import { findOpenSlots } from '../availability/open-slots.js';
import { exportCalendarIcs } from '../calendar/export-calendar.js';
import { parseIcs } from '../calendar/ics/parse-ics.js';
import { isProviderError } from '../errors/provider-error.js';
import { TEAM_CALENDAR_ICS } from '@chief-of-staff/stores/testing';
import { providerTestEnv, type ProviderTestEnv } from './provider-test-env.js';

const FIXTURE = TEAM_CALENDAR_ICS;
const ZONE = 'America/New_York';
const self = { emails: ['dana@example.com'] };

function hm(instant: Date): string {
  return instant.toLocaleTimeString('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' });
}

describe('a real .ics file in the local calendar', () => {
  let env: ProviderTestEnv;
  beforeAll(async () => {
    env = providerTestEnv();
    const result = await importData({ kind: 'ics', path: FIXTURE, providers: env.providers, selfEmails: ['dana@example.com'] });
    expect(result).toMatchObject({ kind: 'ics', target: 'Work', imported: 9, updated: 0, skipped: 0, errorCount: 0 });
  });
  afterAll(() => env.close());

  const week = { start: new Date('2026-03-09T04:00:00Z'), end: new Date('2026-03-17T04:00:00Z') };

  it('re-importing the same file changes nothing', async () => {
    const again = await importData({ kind: 'ics', path: FIXTURE, providers: env.providers, selfEmails: ['dana@example.com'] });
    expect(again).toMatchObject({ imported: 0, updated: 0, skipped: 9 });
  });

  it('expands the weekly series across the DST change, with its moved and cancelled occurrences', async () => {
    const calendar = env.providers.require('calendar');
    const list = await calendar.listEvents({ start: new Date('2026-02-01T00:00:00Z'), end: new Date('2026-04-15T00:00:00Z') });
    const sync = list.filter((e) => e.uid === 'team-sync@example.com');
    expect(sync.map((e) => `${e.start.toISOString()} ${e.title}`)).toEqual([
      '2026-02-23T15:00:00.000Z Team sync',
      '2026-03-02T15:00:00.000Z Team sync',
      '2026-03-09T14:00:00.000Z Team sync',
      '2026-03-16T18:00:00.000Z Team sync (moved)',
      '2026-03-30T14:00:00.000Z Team sync',
    ]);
    expect(sync.map((e) => hm(e.start))).toEqual(['10:00', '10:00', '10:00', '14:00', '10:00']);
    expect(sync.every((e) => e.recurring)).toBe(true);
    expect(list.some((e) => e.status === 'cancelled')).toBe(false);
  });

  it('lists the events of one day in order, with the all-day ones placed in the user zone', async () => {
    const list = await env.providers.require('calendar').listEvents({ ...week, includeCancelled: true });
    expect(list.map((e) => e.title)).toEqual([
      'Team sync',
      'London stand-up',
      'Vendor call',
      'Budget review',
      '1:1 with Chris',
      'Offsite planning day',
      'Vacation',
      'Team sync (moved)',
    ]);
    const vacation = list.find((e) => e.title === 'Vacation');
    expect(vacation).toMatchObject({ allDay: true, startDate: '2026-03-12', endDate: '2026-03-14' });
    expect(vacation?.start.toISOString()).toBe('2026-03-12T04:00:00.000Z');
  });

  it('finds the right open slots: hard blocks, tentative invites soft, declined and cancelled ignored, OOO days blocked', async () => {
    const events = await env.providers.require('calendar').listEvents(week);
    const base = {
      events,
      startDate: '2026-03-09',
      endDate: '2026-03-16',
      timezone: ZONE,
      workingHoursStart: '08:00',
      workingHoursEnd: '18:00',
      durationMinutes: 30,
      includeWeekends: false,
      blockOooAllDay: true,
      self,
    };
    const soft = findOpenSlots({ ...base, includeSoftBlocks: true }).slots;
    const byDate = (slots: typeof soft) =>
      Object.fromEntries(
        [...new Set(slots.map((s) => s.date))].map((date) => [
          date,
          slots.filter((s) => s.date === date).map((s) => `${hm(s.start)}-${hm(s.end)}${s.softConflicts.length ? ` ~${s.softConflicts.join('|')}` : ''}`),
        ]),
      );
    expect(byDate(soft)).toEqual({
      '2026-03-09': ['08:00-10:00', '11:00-12:00', '12:30-18:00 ~Vendor call'],
      '2026-03-10': ['08:00-18:00'],
      '2026-03-11': ['08:00-18:00'],
      '2026-03-16': ['08:00-14:00', '15:00-18:00'],
    });
    const hard = findOpenSlots({ ...base, includeSoftBlocks: false }).slots.filter((s) => s.date === '2026-03-09');
    expect(hard.map((s) => `${hm(s.start)}-${hm(s.end)}`)).toEqual(['08:00-10:00', '11:00-12:00', '12:30-13:00', '14:00-18:00']);
  });

  it('exports the calendar and reads back the same occurrences', async () => {
    const calendar = env.providers.require('calendar');
    const exported = await exportCalendarIcs(env.providers.local.calendar, 'work', { now: new Date('2026-03-01T00:00:00Z') });
    expect(exported).toMatchObject({ calendar: 'Work', events: 8 });
    expect(exported.ics).toContain('BEGIN:VTIMEZONE');
    const path = join(env.dir, 'round-trip.ics');
    writeFileSync(path, exported.ics);
    const reparsed = parseIcs(exported.ics, { timezone: ZONE, selfEmails: ['dana@example.com'] });
    expect(reparsed.events.find((e) => e.uid === 'team-sync@example.com' && !e.recurrenceId)).toMatchObject({
      rrule: expect.stringContaining('FREQ=WEEKLY'),
      timezone: ZONE,
      exdates: ['2026-03-23T14:00:00.000Z'],
    });
    await importData({ kind: 'ics', path, target: 'Round trip', providers: env.providers });
    const [original, copy] = await Promise.all(
      ['Work', 'Round trip'].map(async (name) => {
        const id = (await calendar.getCalendar(name)).id;
        return (await calendar.listEvents({ start: new Date('2026-02-01T00:00:00Z'), end: new Date('2026-04-15T00:00:00Z'), calendarIds: [id], includeCancelled: true })).map(
          (e) => `${e.start.toISOString()}|${e.end.toISOString()}|${e.title}|${e.showAs}|${e.status}|${e.attendees.map((a) => a.response).join(',')}`,
        );
      }),
    );
    expect(copy).toEqual(original);
  });

  it('cancels one occurrence, edits a series and refuses writes to a read-only calendar', async () => {
    const calendar = env.providers.require('calendar');
    const work = await calendar.getCalendar('Work');
    const first = (await calendar.listEvents({ start: new Date('2026-03-09T00:00:00Z'), end: new Date('2026-03-10T00:00:00Z'), calendarIds: [work.id] })).find(
      (e) => e.title === 'Team sync',
    );
    if (!first) throw new Error('series missing');
    await calendar.deleteEvent(first.id, { occurrenceStart: first.start });
    const after = await calendar.listEvents({ start: new Date('2026-02-01T00:00:00Z'), end: new Date('2026-04-15T00:00:00Z'), calendarIds: [work.id] });
    expect(after.filter((e) => e.uid === 'team-sync@example.com').map((e) => e.start.toISOString().slice(0, 10))).toEqual(['2026-02-23', '2026-03-02', '2026-03-16', '2026-03-30']);

    const missing = await calendar.deleteEvent(first.id, { occurrenceStart: new Date('2026-03-10T14:00:00Z') }).catch((e: unknown) => e);
    expect(isProviderError(missing) && missing.kind).toBe('not_found');

    const renamed = await calendar.updateEvent(first.id, { title: 'Team sync (new name)' });
    expect(renamed.recurring).toBe(true);

    await importData({ kind: 'ics', path: FIXTURE, target: 'Maya', ownerEmail: 'maya@example.com', providers: env.providers });
    const maya = await calendar.getCalendar('maya');
    expect(maya).toMatchObject({ kind: 'person', ownerEmail: 'maya@example.com', readOnly: true });
    const denied = await calendar.createEvent({ calendarId: maya.id, title: 'x', start: new Date('2026-03-20T15:00:00Z'), end: new Date('2026-03-20T16:00:00Z') }).catch((e: unknown) => e);
    expect(isProviderError(denied) && denied.kind).toBe('read_only');
  });

  it('serves free/busy for people whose calendars it holds, and nothing for others', async () => {
    const calendar = env.providers.require('calendar');
    const busy = await calendar.freeBusy?.(['Maya@Example.com', 'nobody@example.com'], week);
    expect([...(busy?.keys() ?? [])]).toEqual(['maya@example.com']);
    expect(busy?.get('maya@example.com')?.blocks.map((b) => b.title)).toContain('Team sync');
  });

  it('imported the to-do into the default reminder list', async () => {
    const reminders = env.providers.require('reminders');
    expect(await reminders.list({ status: 'open' })).toEqual([
      expect.objectContaining({ title: 'Submit expenses', dueDate: '2026-03-06', priority: 'high', list: 'Reminders' }),
    ]);
  });
});
