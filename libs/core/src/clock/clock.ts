/**
 * Injectable time. Code never calls `new Date()` for decisions; it asks a `Clock`, so tests can pin and move
 * time, and "today" is always computed in the user's time zone (docs/reference/conventions.md#time).
 */
import { formatDateInZone } from '../time/time-zone.js';

export interface Clock {
  /** The current instant. */
  now(): Date;
  /** The user's IANA time zone. */
  readonly timezone: string;
  /** Today's date (`YYYY-MM-DD`) in the user's time zone. */
  today(): string;
}

/**
 * The system clock in `timezone`, which may be given as a function: the system time zone costs ~15–20 ms to resolve
 * (ICU's date formatting data), and many commands never ask for it.
 */
export function createSystemClock(timezone: string | (() => string)): Clock {
  let zone = typeof timezone === 'string' ? timezone : undefined;
  const resolveZone = (): string => (zone ??= (timezone as () => string)());
  return {
    get timezone() {
      return resolveZone();
    },
    now: () => new Date(),
    today() {
      return formatDateInZone(new Date(), resolveZone());
    },
  };
}

/** A clock for tests: time stands still until moved. */
export class FakeClock implements Clock {
  private current: number;
  readonly timezone: string;

  constructor(start: Date | string = '2026-01-15T09:00:00.000Z', timezone = 'UTC') {
    this.current = new Date(start).getTime();
    if (Number.isNaN(this.current)) throw new RangeError(`FakeClock: invalid start time ${String(start)}`);
    this.timezone = timezone;
  }

  now(): Date {
    return new Date(this.current);
  }

  today(): string {
    return formatDateInZone(this.now(), this.timezone);
  }

  set(instant: Date | string): void {
    this.current = new Date(instant).getTime();
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }

  advanceDays(days: number): void {
    this.advance(days * 86_400_000);
  }
}
