/**
 * The calendar repository contract (ADR 0070) against the PostgreSQL adapter: one throw-away server for the file, a
 * fresh database per test, sorting text by language (so a missing `COLLATE "C"` shows). Also what only PostgreSQL
 * has: text that cannot hold U+0000.
 */
import { expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import type { CalendarRepository } from '@chief-of-staff/stores';
import { describeCalendarRepositoryContract, toolErrorOf } from '@chief-of-staff/stores/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { createPostgresCalendarRepository } from './calendar-repository.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('calendar', { languageSorted: true });

describeWithPostgres('on PostgreSQL', () => {
  describeCalendarRepositoryContract('PostgreSQL', databases.opener(createPostgresCalendarRepository));
});

describeWithPostgres('the calendar repository on PostgreSQL only', () => {
  it('lets several writers import the same file at once: every row once, each counted new by exactly one of them', async () => {
    const clock = new FakeClock('2026-03-02T08:00:00.000Z');
    const database = await databases.open(8);
    try {
      const writers = Array.from({ length: 4 }, () => createPostgresCalendarRepository(database, clock));
      const calendar = await (writers[0] as CalendarRepository).ensureCalendar({ name: 'Shared' });
      const rows = Array.from({ length: 300 }, (_, i) => ({
        uid: `e${i}@x`,
        recurrenceId: '',
        title: `event ${i}`,
        startAt: new Date(Date.parse('2026-03-02T00:00:00.000Z') + i * 3_600_000).toISOString(),
        endAt: new Date(Date.parse('2026-03-02T00:30:00.000Z') + i * 3_600_000).toISOString(),
        allDay: false,
        startDate: null,
        endDate: null,
        timezone: 'UTC',
        rrule: null,
        exdates: [],
        showAs: 'busy' as const,
        status: 'confirmed' as const,
        location: null,
        notes: null,
        organizerEmail: null,
        attendees: [],
        alarms: [],
      }));
      const outcomes = await Promise.all(writers.map((writer) => writer.upsertEvents(calendar.id, rows)));
      expect(outcomes.reduce((sum, outcome) => sum + outcome.imported, 0)).toBe(300);
      expect(outcomes.reduce((sum, outcome) => sum + outcome.updated, 0)).toBe(0);
      expect(outcomes.reduce((sum, outcome) => sum + outcome.skipped, 0)).toBe(900);
      expect(await (writers[1] as CalendarRepository).calendarEvents(calendar.id)).toHaveLength(300);
    } finally {
      await database.close();
    }
  });

  it('refuses a NUL character in a calendar or an event, naming the field, before anything is written', async () => {
    const opened = await databases.opener(createPostgresCalendarRepository)(new FakeClock('2026-03-02T08:00:00.000Z'));
    try {
      const store = opened.repository;
      expect((await toolErrorOf(store.createCalendar({ name: 'a\u0000b' }))).message).toMatch(/^name:/);
      const calendar = await store.createCalendar({ name: 'Work' });
      const row = {
        uid: 'a@x',
        recurrenceId: '',
        title: 'ok',
        startAt: '2026-03-02T09:00:00.000Z',
        endAt: '2026-03-02T10:00:00.000Z',
        allDay: false,
        startDate: null,
        endDate: null,
        timezone: null,
        rrule: null,
        exdates: [],
        showAs: 'busy' as const,
        status: 'confirmed' as const,
        location: null,
        notes: null,
        organizerEmail: null,
        attendees: [],
        alarms: [],
      };
      expect(await toolErrorOf(store.upsertEvents(calendar.id, [row, { ...row, uid: 'b@x', notes: 'x\u0000' }]))).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^notes:/) });
      expect(await store.calendarEvents(calendar.id)).toEqual([]);
      const event = await store.insertEvent({ ...row, calendarId: calendar.id });
      expect((await toolErrorOf(store.updateEvent(event.id, { title: '\u0000' }))).message).toMatch(/^title:/);
      expect(await store.findEvent(calendar.id, 'a\u0000', '')).toBeUndefined();
    } finally {
      await opened.close();
    }
  });
});
