import { describe, expect, it } from '@jest/globals';
import { addDaysToDate, isValidDateOnly } from '../time/dates.js';
import { isValidTimeZone } from '../time/time-zone.js';
import { createSystemClock, FakeClock } from './clock.js';

describe('clocks', () => {
  it('computes today in the user time zone, not UTC', () => {
    // 22:30 UTC on 14 Jan is already 15 Jan in Jerusalem (UTC+2) and still 14 Jan in New York.
    expect(new FakeClock('2026-01-14T22:30:00Z', 'Asia/Jerusalem').today()).toBe('2026-01-15');
    expect(new FakeClock('2026-01-14T22:30:00Z', 'America/New_York').today()).toBe('2026-01-14');
  });

  it('moves only when told to', () => {
    const clock = new FakeClock('2026-03-01T00:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-01T00:00:00.000Z');
    clock.advanceDays(2);
    clock.advance(1_000);
    expect(clock.now().toISOString()).toBe('2026-03-03T00:00:01.000Z');
  });

  it('reads the real time from the system clock', () => {
    const clock = createSystemClock('UTC');
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
    expect(clock.today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('dates', () => {
  it('accepts only real calendar dates', () => {
    expect(isValidDateOnly('2028-02-29')).toBe(true);
    expect(isValidDateOnly('2026-02-29')).toBe(false);
    expect(isValidDateOnly('2026-02-30')).toBe(false);
    expect(isValidDateOnly('2026-2-3')).toBe(false);
    expect(isValidDateOnly('2026-12-31T00:00')).toBe(false);
  });

  it('adds days across month and year ends', () => {
    expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDate('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('validates IANA zone names', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});
