import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { isProviderError } from '../../errors/provider-error.js';
import { parseIcs } from './parse-ics.js';
import { expandSeries } from './recurrence.js';
import { TEAM_CALENDAR_ICS } from '@chief-of-staff/stores/testing';

const fixture = readFileSync(TEAM_CALENDAR_ICS, 'utf8');
const options = { timezone: 'America/New_York', selfEmails: ['dana@example.com'] };

describe('parseIcs', () => {
  const parsed = parseIcs(fixture, options);
  const byUid = (uid: string) => parsed.events.filter((e) => e.uid === uid);

  it('reads the calendar name, every event and the to-do', () => {
    expect(parsed.calendarName).toBe('Work');
    expect(parsed.events).toHaveLength(8);
    expect(parsed.todos).toEqual([
      expect.objectContaining({ uid: 'todo-expenses@example.com', title: 'Submit expenses', dueDate: '2026-03-06', priority: 'high', completed: false }),
    ]);
    expect(parsed.warnings).toEqual([]);
  });

  it('keeps the series rule, its EXDATE as an instant, alarms and attendees with PARTSTAT', () => {
    const [master, override] = byUid('team-sync@example.com');
    expect(master).toMatchObject({
      recurrenceId: null,
      rrule: 'FREQ=WEEKLY;COUNT=6;BYDAY=MO',
      timezone: 'America/New_York',
      start: new Date('2026-02-23T15:00:00.000Z'),
      exdates: ['2026-03-23T14:00:00.000Z'],
      alarms: [10],
      organizerEmail: 'maya@example.com',
    });
    expect(master?.attendees).toEqual([
      { email: 'maya@example.com', name: 'Maya Lopez', response: 'accepted', isSelf: false },
      { email: 'dana@example.com', name: 'Dana Reed', response: 'accepted', isSelf: true },
    ]);
    expect(override).toMatchObject({ recurrenceId: '2026-03-16T14:00:00.000Z', title: 'Team sync (moved)', rrule: null });
  });

  it('reads all-day dates, Windows zone names through their VTIMEZONE, and other IANA zones', () => {
    expect(byUid('vacation@example.com')[0]).toMatchObject({ allDay: true, startDate: '2026-03-12', endDate: '2026-03-14' });
    expect(byUid('declined-review@example.com')[0]).toMatchObject({
      start: new Date('2026-03-09T19:00:00.000Z'),
      timezone: 'America/New_York',
    });
    expect(byUid('london-standup@example.com')[0]?.start).toEqual(new Date('2026-03-09T16:00:00.000Z'));
    expect(byUid('cancelled-1on1@example.com')[0]?.status).toBe('cancelled');
    expect(byUid('vendor-call@example.com')[0]?.attendees[0]).toMatchObject({ response: 'tentative', isSelf: true });
  });

  it('rejects text that is not iCalendar with an invalid provider error', () => {
    let thrown: unknown;
    try {
      parseIcs('hello world', options);
    } catch (error) {
      thrown = error;
    }
    expect(isProviderError(thrown) && thrown.kind).toBe('invalid');
  });
});

describe('expandSeries', () => {
  const master = parseIcs(fixture, options).events[0];
  if (!master?.rrule) throw new Error('fixture changed');
  const series = { ...master, rrule: master.rrule };

  it('keeps a weekly 10:00 meeting at 10:00 local across the DST change and drops EXDATEs', () => {
    const occurrences = expandSeries(series, { start: new Date('2026-02-01T00:00:00Z'), end: new Date('2026-05-01T00:00:00Z') }, { displayZone: 'America/New_York' });
    expect(occurrences.map((o) => o.start.toISOString())).toEqual([
      '2026-02-23T15:00:00.000Z',
      '2026-03-02T15:00:00.000Z',
      '2026-03-09T14:00:00.000Z',
      '2026-03-16T14:00:00.000Z',
      '2026-03-30T14:00:00.000Z',
    ]);
    expect(occurrences.every((o) => o.end.getTime() - o.start.getTime() === 3_600_000)).toBe(true);
  });

  it('returns only occurrences overlapping the range', () => {
    const occurrences = expandSeries(series, { start: new Date('2026-03-09T14:30:00Z'), end: new Date('2026-03-17T00:00:00Z') }, { displayZone: 'America/New_York' });
    expect(occurrences.map((o) => o.start.toISOString())).toEqual(['2026-03-09T14:00:00.000Z', '2026-03-16T14:00:00.000Z']);
  });

  it('honours a UTC UNTIL in zones east of UTC (last occurrence included)', () => {
    const occurrences = expandSeries(
      {
        rrule: 'FREQ=DAILY;UNTIL=20260105T010000Z',
        start: new Date('2026-01-01T01:00:00Z'),
        end: new Date('2026-01-01T02:00:00Z'),
        allDay: false,
        startDate: null,
        endDate: null,
        timezone: 'Asia/Tokyo',
        exdates: [],
      },
      { start: new Date('2025-12-01T00:00:00Z'), end: new Date('2026-02-01T00:00:00Z') },
      { displayZone: 'UTC' },
    );
    expect(occurrences).toHaveLength(5);
  });

  it('expands all-day series by date in the display zone', () => {
    const occurrences = expandSeries(
      { rrule: 'FREQ=YEARLY', start: new Date(0), end: new Date(0), allDay: true, startDate: '2024-03-03', endDate: '2024-03-05', timezone: null, exdates: ['2026-03-03'] },
      { start: new Date('2024-01-01T00:00:00Z'), end: new Date('2028-01-01T00:00:00Z') },
      { displayZone: 'Europe/Paris' },
    );
    expect(occurrences.map((o) => [o.startDate, o.endDate])).toEqual([
      ['2024-03-03', '2024-03-05'],
      ['2025-03-03', '2025-03-05'],
      ['2027-03-03', '2027-03-05'],
    ]);
    expect(occurrences[0]?.start.toISOString()).toBe('2024-03-02T23:00:00.000Z');
  });
});
