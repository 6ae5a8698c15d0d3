import { describe, expect, it } from '@jest/globals';
import { DateTime } from 'luxon';
import { parseDateTimeInZone, wallClockToInstant } from './wall-clock.js';
import { offsetMinutesAt, zoneTransitions } from './zone-offsets.js';

const wc = (iso: string) => {
  const [date, time] = iso.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hour, minute, second: 0 };
};

describe('wall-clock conversions (RFC 5545 §3.3.5)', () => {
  it('places ordinary times with the zone’s offset on either side of a DST change', () => {
    expect(wallClockToInstant(wc('2026-03-07T10:00'), 'America/New_York').toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(wallClockToInstant(wc('2026-03-09T10:00'), 'America/New_York').toISOString()).toBe('2026-03-09T14:00:00.000Z');
    expect(wallClockToInstant(wc('2026-06-01T09:30'), 'Asia/Kolkata').toISOString()).toBe('2026-06-01T04:00:00.000Z');
  });

  it('reads a time in the spring-forward gap with the offset from before the gap', () => {
    expect(wallClockToInstant(wc('2026-03-08T02:30'), 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('takes the first occurrence of a repeated fall-back time', () => {
    expect(wallClockToInstant(wc('2026-11-01T01:30'), 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(wallClockToInstant(wc('2026-10-25T02:30'), 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('agrees with luxon on offsets all year, and finds each transition to the minute', () => {
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3 * 3_600_000 + 17 * 60_000) {
      expect(offsetMinutesAt('Australia/Lord_Howe', ms)).toBe(DateTime.fromMillis(ms, { zone: 'Australia/Lord_Howe' }).offset);
    }
    expect(zoneTransitions('Europe/London', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toEqual([
      { at: Date.UTC(2026, 2, 29, 1), offset: 60 },
      { at: Date.UTC(2026, 9, 25, 1), offset: 0 },
    ]);
  });

  it('parses ISO datetimes with an offset as written and naive ones in the zone', () => {
    expect(parseDateTimeInZone('2026-03-09T10:00:00Z', 'Asia/Tokyo')?.toISOString()).toBe('2026-03-09T10:00:00.000Z');
    expect(parseDateTimeInZone('2026-03-09T10:00+02:00', 'Asia/Tokyo')?.toISOString()).toBe('2026-03-09T08:00:00.000Z');
    expect(parseDateTimeInZone('2026-03-09T10:00', 'Asia/Tokyo')?.toISOString()).toBe('2026-03-09T01:00:00.000Z');
    expect(parseDateTimeInZone('next tuesday', 'Asia/Tokyo')).toBeNull();
  });
});
