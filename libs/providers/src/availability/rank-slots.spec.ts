import { describe, expect, it } from '@jest/globals';
import { mutualSlots, participantBusyIntervals } from './mutual-slots.js';
import type { OpenSlot } from './open-slots.js';
import { bufferScore, parsePreferredTimes, rankSlots, SCORE_WEIGHTS, timeOfDayScore } from './rank-slots.js';

const ZONE = 'Europe/Berlin';
const at = (local: string) => new Date(`${local}:00+01:00`);
const slot = (from: string, to: string): OpenSlot => ({
  start: at(from),
  end: at(to),
  date: from.slice(0, 10),
  dayOfWeek: '',
  durationMinutes: (at(to).getTime() - at(from).getTime()) / 60_000,
  softConflicts: [],
});

describe('slot ranking (placement and weighted score)', () => {
  it('weights sum to one in the documented proportions', () => {
    expect(SCORE_WEIGHTS).toEqual({ preferred: 0.3, back_to_back: 0.25, time_of_day: 0.2, proximity: 0.15, buffer: 0.1 });
  });

  it('scores each part as specified', () => {
    expect([9 * 60 + 30, 10 * 60 + 59, 11 * 60 + 30, 12 * 60, 13 * 60 + 29, 14 * 60 + 59, 8 * 60, 16 * 60 + 59, 17 * 60, 7 * 60 + 59].map(timeOfDayScore)).toEqual([
      1, 1, 0.5, 0, 0, 1, 0.5, 0.5, 0, 0,
    ]);
    expect([bufferScore(30), bufferScore(60), bufferScore(200)]).toEqual([0.3, 1, 1]);
    expect(bufferScore(45)).toBeCloseTo(0.65, 10);
    expect(parsePreferredTimes('morning')).toEqual({ startMinute: 480, endMinute: 720 });
    expect(parsePreferredTimes(' 14:00-16:30 ')).toEqual({ startMinute: 840, endMinute: 990 });
    expect(parsePreferredTimes(undefined)).toBeNull();
    expect(() => parsePreferredTimes('evening')).toThrow(/morning/);
    expect(() => parsePreferredTimes('16:00-14:00')).toThrow();
  });

  it('places the meeting 15 minutes in when the slot has room, and ranks by the weighted score', () => {
    const slots = [
      { start: at('2026-02-23T08:00'), end: at('2026-02-23T08:30'), date: '2026-02-23', durationMinutes: 30 },
      { start: at('2026-02-24T09:15'), end: at('2026-02-24T11:00'), date: '2026-02-24', durationMinutes: 105 },
      { start: at('2026-02-25T13:30'), end: at('2026-02-25T14:15'), date: '2026-02-25', durationMinutes: 45 },
    ];
    const ranked = rankSlots(slots, {
      durationMinutes: 30,
      timezone: ZONE,
      preferred: parsePreferredTimes('morning'),
      myBlocking: [{ start: at('2026-02-25T12:30').getTime(), end: at('2026-02-25T13:30').getTime() }],
      maxSuggestions: 5,
    });
    expect(ranked.map((r) => [r.suggestedStart.toISOString(), r.score, r.scoreParts])).toEqual([
      // 09:30 start: preferred 1, no neighbours 1, prime time 1, middle day 0.5, long slot 1.
      ['2026-02-24T08:30:00.000Z', 0.925, { preferred: 1, back_to_back: 1, time_of_day: 1, proximity: 0.5, buffer: 1 }],
      // 08:00: preferred 1, 1, shoulder 0.5, first day 1, 30-min slot 0.3.
      ['2026-02-23T07:00:00.000Z', 0.83, { preferred: 1, back_to_back: 1, time_of_day: 0.5, proximity: 1, buffer: 0.3 }],
      // 13:30 right after a meeting: not preferred, back-to-back 0.2, prime 1, last day 0, 45 min → 0.65.
      ['2026-02-25T12:30:00.000Z', 0.315, { preferred: 0, back_to_back: 0.2, time_of_day: 1, proximity: 0, buffer: 0.65 }],
    ]);
    expect(ranked[0]?.suggestedEnd.toISOString()).toBe('2026-02-24T09:00:00.000Z');
    expect(rankSlots(slots, { durationMinutes: 30, timezone: ZONE, preferred: null, myBlocking: [], maxSuggestions: 1 })).toHaveLength(1);
  });

  it('breaks score ties by the earlier slot', () => {
    const same = [
      { start: at('2026-02-23T10:00'), end: at('2026-02-23T10:30'), date: '2026-02-23', durationMinutes: 30 },
      { start: at('2026-02-23T09:30'), end: at('2026-02-23T10:00'), date: '2026-02-23', durationMinutes: 30 },
    ];
    const ranked = rankSlots(same, { durationMinutes: 30, timezone: ZONE, preferred: null, myBlocking: [], maxSuggestions: 5 });
    expect(ranked.map((r) => r.start.toISOString())).toEqual(['2026-02-23T08:30:00.000Z', '2026-02-23T09:00:00.000Z']);
  });
});

describe('mutual slots', () => {
  it('subtracts every participant’s busy time (busy, oof, tentative) and keeps fragments long enough', () => {
    const busyA = participantBusyIntervals(
      [
        { start: at('2026-02-23T10:00'), end: at('2026-02-23T11:00'), allDay: false, startDate: null, endDate: null, showAs: 'busy', status: 'confirmed', title: 'A1' },
        { start: at('2026-02-23T13:00'), end: at('2026-02-23T14:00'), allDay: false, startDate: null, endDate: null, showAs: 'free', status: 'confirmed', title: 'A2' },
        { start: at('2026-02-23T15:00'), end: at('2026-02-23T16:00'), allDay: false, startDate: null, endDate: null, showAs: 'busy', status: 'cancelled', title: 'A3' },
      ],
      ZONE,
    );
    const busyB = participantBusyIntervals(
      [
        { start: at('2026-02-23T11:10'), end: at('2026-02-23T12:00'), allDay: false, startDate: null, endDate: null, showAs: 'tentative', status: 'confirmed', title: 'B1' },
        { start: at('2026-02-24T00:00'), end: at('2026-02-25T00:00'), allDay: true, startDate: '2026-02-24', endDate: '2026-02-25', showAs: 'busy', status: 'confirmed', title: 'Out of office' },
        { start: at('2026-02-25T00:00'), end: at('2026-02-26T00:00'), allDay: true, startDate: '2026-02-25', endDate: '2026-02-26', showAs: 'busy', status: 'confirmed', title: 'Birthday' },
      ],
      ZONE,
    );
    const mine = [slot('2026-02-23T09:00', '2026-02-23T17:00'), slot('2026-02-24T09:00', '2026-02-24T17:00'), slot('2026-02-25T09:00', '2026-02-25T10:00')];
    const result = mutualSlots(mine, [busyA, busyB], 30, { includeWeekends: false, timezone: ZONE });
    expect(result.map((s) => `${s.start.toISOString()}/${s.durationMinutes}`)).toEqual([
      '2026-02-23T08:00:00.000Z/60',
      '2026-02-23T11:00:00.000Z/300',
      '2026-02-25T08:00:00.000Z/60',
    ]);
  });
});
