import { describe, expect, it } from '@jest/globals';
import { isToolError } from '@chief-of-staff/core';
import { firstRunAt, nextRunAfter, parseSchedule, ScheduleError } from './next-run.js';

const cron = (expression: string) => parseSchedule('cron', { expression });

/** Occurrences of a cron schedule after `from`, as the engine walks them (each next run from the previous). */
function occurrences(expression: string, from: string, count: number, zone: string): string[] {
  const out: string[] = [];
  let at = firstRunAt(cron(expression), new Date(from), zone) as Date;
  for (let i = 0; i < count; i += 1) {
    out.push(at.toISOString());
    at = nextRunAfter('cron', { expression }, at, at, zone) as Date;
  }
  return out;
}

describe('cron schedules', () => {
  it('runs each local 02:30 once across the spring and autumn changes in Europe/London', () => {
    // 29 March 2026: 01:00 GMT jumps to 02:00 BST; 25 October 2026: 02:00 BST falls back to 01:00 GMT.
    expect(occurrences('30 2 * * *', '2026-03-27T12:00:00Z', 4, 'Europe/London')).toEqual([
      '2026-03-28T02:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-30T01:30:00.000Z',
      '2026-03-31T01:30:00.000Z',
    ]);
    // 01:30 happens twice on 25 October: it runs once.
    expect(occurrences('30 1 * * *', '2026-10-24T12:00:00Z', 3, 'Europe/London')).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z', '2026-10-27T01:30:00.000Z']);
  });

  it('handles the gap and the repeated hour in America/New_York', () => {
    // 8 March 2026: 02:00 EST jumps to 03:00 EDT, so 02:30 does not exist that day: it runs once, at 03:00 right after the gap.
    const spring = occurrences('30 2 * * *', '2026-03-07T12:00:00Z', 3, 'America/New_York');
    expect(spring[0]).toBe('2026-03-08T07:00:00.000Z');
    expect(new Set(spring.map((at) => at.slice(0, 10))).size).toBe(3);
    expect(spring[1]).toBe('2026-03-09T06:30:00.000Z');
    // 1 November 2026: 01:30 occurs twice; one run.
    expect(occurrences('30 1 * * *', '2026-10-31T12:00:00Z', 2, 'America/New_York')).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
  });

  it('skips months without the day, and finds 29 February', () => {
    expect(occurrences('0 9 31 * *', '2026-01-01T00:00:00Z', 3, 'UTC')).toEqual(['2026-01-31T09:00:00.000Z', '2026-03-31T09:00:00.000Z', '2026-05-31T09:00:00.000Z']);
    expect(occurrences('0 0 29 2 *', '2026-01-01T00:00:00Z', 2, 'UTC')).toEqual(['2028-02-29T00:00:00.000Z', '2032-02-29T00:00:00.000Z']);
    expect(occurrences('0 18 L * *', '2026-01-15T00:00:00Z', 2, 'UTC')).toEqual(['2026-01-31T18:00:00.000Z', '2026-02-28T18:00:00.000Z']);
  });

  it('uses standard semantics: day-of-month OR day-of-week, and 7 is Sunday', () => {
    expect(occurrences('0 9 1 * 1', '2026-06-01T00:00:00Z', 3, 'UTC')).toEqual(['2026-06-01T09:00:00.000Z', '2026-06-08T09:00:00.000Z', '2026-06-15T09:00:00.000Z']);
    expect(occurrences('0 9 * * 7', '2026-06-01T00:00:00Z', 1, 'UTC')).toEqual(['2026-06-07T09:00:00.000Z']);
  });

  it('refuses a bad expression with the library\'s reason', () => {
    let error: unknown;
    try {
      cron('61 * * * *');
    } catch (caught) {
      error = caught;
    }
    expect(isToolError(error) && error.code).toBe('INVALID_ARGUMENT');
    expect((error as Error).message).toContain('Invalid value for minute');
  });
});

describe('interval schedules', () => {
  it('does not drift over 1,000 ticks however late each tick notices the run', () => {
    const config = { minutes: 15 };
    let scheduled = firstRunAt(parseSchedule('interval', config), new Date('2026-03-01T00:00:00Z'), 'UTC') as Date;
    expect(scheduled.toISOString()).toBe('2026-03-01T00:15:00.000Z');
    for (let tick = 0; tick < 1_000; tick += 1) {
      // The tick that runs it comes 0–29 s late.
      const now = new Date(scheduled.getTime() + ((tick * 7_919) % 30_000));
      scheduled = nextRunAfter('interval', config, scheduled, now, 'UTC') as Date;
    }
    expect(scheduled.toISOString()).toBe(new Date(Date.parse('2026-03-01T00:15:00Z') + 1_000 * 15 * 60_000).toISOString());
  });

  it('coalesces runs missed during downtime into one, on the original grid', () => {
    const next = nextRunAfter('interval', { hours: 1 }, new Date('2026-03-01T08:00:00Z'), new Date('2026-03-01T13:20:00Z'), 'UTC');
    expect(next?.toISOString()).toBe('2026-03-01T14:00:00.000Z');
  });

  it('needs at least a minute', () => {
    expect(() => parseSchedule('interval', { minutes: 0 })).toThrow('at least 1 minute');
  });

  it('refuses intervals and dates that are out of bounds, saying what the bound is', () => {
    const refusal = (type: string, config: Record<string, unknown>): string => {
      try {
        parseSchedule(type, config);
      } catch (error) {
        expect(isToolError(error) && error.code).toBe('INVALID_ARGUMENT');
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal('interval', { days: 1e12 })).toContain('at most 366 days');
    expect(refusal('interval', { days: 367 })).toContain('at most 366 days');
    expect(refusal('interval', { hours: 1e9 })).toContain('at most 8784 hours');
    expect(refusal('interval', { minutes: 1e15 })).toContain('at most 527040 minutes');
    expect(refusal('interval', { days: 366, hours: 1 })).toContain('at most 366 days');
    expect(refusal('interval', { hours: 1, start_at: '+275760-01-01T00:00:00Z' })).toContain('between the years 2000 and 2199');
    expect(refusal('once', { run_at: '9999-01-01T00:00:00Z' })).toContain('between the years 2000 and 2199');
    expect(refusal('interval', { days: 366 })).toBe('accepted');
  });

  it('reports a stored interval beyond the bounds, or a stored next run that is not a date, as a ScheduleError', () => {
    expect(() => nextRunAfter('interval', { days: 1e12 }, new Date('2026-03-01T08:00:00Z'), new Date('2026-03-01T08:00:01Z'), 'UTC')).toThrow(ScheduleError);
    expect(() => nextRunAfter('interval', { hours: 1 }, new Date('not a date'), new Date(), 'UTC')).toThrow(ScheduleError);
    expect(() => nextRunAfter('cron', { expression: '0 8 * * *' }, new Date(), new Date(), 'Mars/Olympus')).toThrow(ScheduleError);
  });
});

/** Runs of an interval schedule from its first, each next one computed from the previous as the engine does. */
function intervalRuns(config: Record<string, unknown>, from: string, count: number, zone: string): string[] {
  const out: string[] = [];
  let at = firstRunAt(parseSchedule('interval', config), new Date(from), zone) as Date;
  for (let i = 0; i < count; i += 1) {
    out.push(at.toISOString());
    // The tick notices each run a few seconds late.
    at = nextRunAfter('interval', config, at, new Date(at.getTime() + 5_000), zone) as Date;
  }
  return out;
}

describe('interval schedules in days keep the local time across daylight-saving changes', () => {
  it('a daily 08:00 in Europe/London stays at 08:00 local in March and October', () => {
    // 29 March 2026 the clocks go forward (08:00 BST is 07:00 UTC); 25 October they go back.
    expect(intervalRuns({ days: 1, start_at: '2026-03-27T08:00' }, '2026-03-26T12:00:00Z', 4, 'Europe/London')).toEqual([
      '2026-03-27T08:00:00.000Z',
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
    expect(intervalRuns({ days: 1, start_at: '2026-10-24T08:00' }, '2026-10-23T12:00:00Z', 3, 'Europe/London')).toEqual([
      '2026-10-24T07:00:00.000Z',
      '2026-10-25T08:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('a daily 08:00 in America/New_York stays at 08:00 local in March and November', () => {
    expect(intervalRuns({ days: 1, start_at: '2026-03-07T08:00' }, '2026-03-06T12:00:00Z', 3, 'America/New_York')).toEqual([
      '2026-03-07T13:00:00.000Z',
      '2026-03-08T12:00:00.000Z',
      '2026-03-09T12:00:00.000Z',
    ]);
    expect(intervalRuns({ days: 1, start_at: '2026-10-31T08:00' }, '2026-10-30T12:00:00Z', 3, 'America/New_York')).toEqual([
      '2026-10-31T12:00:00.000Z',
      '2026-11-01T13:00:00.000Z',
      '2026-11-02T13:00:00.000Z',
    ]);
  });

  it('a task created without start_at keeps its creation wall time, and days plus hours add calendar days then elapsed hours', () => {
    // Created at 08:00 GMT on Saturday 28 March: a day later it is 08:00 BST, an hour earlier in UTC.
    expect(intervalRuns({ days: 1 }, '2026-03-28T08:00:00Z', 2, 'Europe/London')).toEqual(['2026-03-29T07:00:00.000Z', '2026-03-30T07:00:00.000Z']);
    expect(intervalRuns({ days: 1, hours: 2, start_at: '2026-03-28T06:00' }, '2026-03-27T00:00:00Z', 3, 'Europe/London')).toEqual([
      '2026-03-28T06:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T09:00:00.000Z',
    ]);
  });

  it('coalesces runs missed across a change onto the local grid', () => {
    // Last run Friday 27 March 08:00 GMT; the worker comes back on Tuesday 31st at 10:00 BST.
    const next = nextRunAfter('interval', { days: 1 }, new Date('2026-03-27T08:00:00Z'), new Date('2026-03-31T09:00:00Z'), 'Europe/London');
    expect(next?.toISOString()).toBe('2026-04-01T07:00:00.000Z');
  });
});

describe('once schedules', () => {
  it('runs at its time (a naive time is read in the zone) and never again', () => {
    expect(firstRunAt(parseSchedule('once', { run_at: '2026-07-01T09:00' }), new Date('2026-06-01T00:00:00Z'), 'Europe/London')?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(nextRunAfter('once', { run_at: '2026-07-01T09:00:00Z' }, new Date('2026-07-01T09:00:00Z'), new Date('2026-07-01T09:00:05Z'), 'UTC')).toBeNull();
  });

  it('reports a stored schedule that cannot be computed', () => {
    expect(() => nextRunAfter('cron', { expression: 'not a cron' }, new Date(), new Date(), 'UTC')).toThrow(ScheduleError);
  });
});
