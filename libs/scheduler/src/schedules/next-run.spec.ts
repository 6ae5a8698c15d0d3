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
