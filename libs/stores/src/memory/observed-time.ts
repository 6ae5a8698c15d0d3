/**
 * When a fact was said or observed (`observed_at`, docs/reference/data-model.md#tables) and the `since`/`until` window
 * of a fact search (docs/reference/algorithms.md#fact-ranking). A time is either a day (`YYYY-MM-DD`: the source gave
 * no time of day, and none is invented) or a moment stored as UTC ISO-8601 with milliseconds and `Z`, the form of
 * `created_at`. Both sort as text, so the window is compared as text by both storage adapters and here.
 */
import { isSupportedInstant, isValidDateOnly, SUPPORTED_YEARS_TEXT, ToolError } from '@chief-of-staff/core';
import { assertDateOnly } from '../db/validation.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// A moment: date, `T` or a space, hours and minutes, optional seconds and fraction, optional zone.
const MOMENT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A day as given, or a moment in UTC. A moment without a zone is read as UTC (a conversation export rarely names
 * one, and the server's own zone would make the same input mean different moments on different machines).
 */
export function normaliseObservedTime(field: string, value: string): string {
  const text = value.trim();
  if (DATE_ONLY.test(text)) return assertDateOnly(field, text);
  const moment = MOMENT.exec(text);
  if (moment !== null && isValidDateOnly(moment[1] ?? '')) {
    const [, day, hours, minutes, seconds = '00', fraction = '', zone = 'Z'] = moment;
    const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
    const millis = (fraction.slice(1) + '000').slice(0, 3);
    const parsed = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}${offset}`);
    if (!Number.isNaN(parsed.getTime())) {
      if (!isSupportedInstant(parsed)) {
        throw ToolError.invalidArgument(field, `${JSON.stringify(value)} is outside the supported range (${SUPPORTED_YEARS_TEXT}).`, 'Use a time between 1900 and 2200.');
      }
      return parsed.toISOString();
    }
  }
  throw ToolError.invalidArgument(
    field,
    `${JSON.stringify(value)} is not a date or a date and time.`,
    'Use YYYY-MM-DD (e.g. 2023-05-08) or ISO-8601 with a time (e.g. 2023-05-08T13:56:00Z; without a zone it is read as UTC).',
  );
}

/** True for a stored day (`YYYY-MM-DD`), false for a stored moment. */
export function isObservedDay(value: string): boolean {
  return DATE_ONLY.test(value);
}

/**
 * A search window on the time a fact was observed (its `observed_at`, or its `created_at` when that is unknown), as
 * text bounds every adapter applies the same way (`observedWithin`). A day counts as the whole day, on either side:
 * `until: 2023-05-08` keeps everything observed that day, and a fact observed "on 2023-05-08" is kept by
 * `since: 2023-05-08T15:00Z`.
 */
export interface ObservedWindow {
  /** Kept: time ≥ `from`, or time = `fromDay` (a fact known only to the day of a `since` moment). */
  from?: string;
  fromDay?: string;
  /** Kept: time < `before` (the day after an `until` day), or time ≤ `through` (an `until` moment). */
  before?: string;
  through?: string;
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The window of `since`/`until` (either may be absent); undefined when neither is given. */
export function observedWindow(since: string | undefined, until: string | undefined): ObservedWindow | undefined {
  if (since === undefined && until === undefined) return undefined;
  const window: ObservedWindow = {};
  const from = since === undefined ? undefined : normaliseObservedTime('since', since);
  const to = until === undefined ? undefined : normaliseObservedTime('until', until);
  if (from !== undefined) {
    window.from = from;
    if (!isObservedDay(from)) window.fromDay = from.slice(0, 10);
  }
  if (to !== undefined) {
    if (isObservedDay(to)) window.before = nextDay(to);
    else window.through = to;
  }
  // Compared by day when either is a day: `since: 2023-05-08T15:00Z, until: 2023-05-08` is a valid window.
  const precision = from !== undefined && to !== undefined && (isObservedDay(from) || isObservedDay(to)) ? 10 : undefined;
  if (from !== undefined && to !== undefined && from.slice(0, precision) > to.slice(0, precision)) {
    throw ToolError.invalidArgument('since', `${since} is after until ${until}.`, 'Give a since that is not later than until.');
  }
  return window;
}

/** The time a fact counts as observed at: `observed_at`, or `created_at` when the source gave none. */
export function observedTime(fact: { observedAt: string | null; createdAt: string }): string {
  return fact.observedAt ?? fact.createdAt;
}

/** Whether a fact's observed time falls in the window (the adapters' SQL applies the same test). */
export function observedWithin(fact: { observedAt: string | null; createdAt: string }, window: ObservedWindow): boolean {
  const time = observedTime(fact);
  if (window.from !== undefined && !(time >= window.from || time === window.fromDay)) return false;
  if (window.before !== undefined && !(time < window.before)) return false;
  if (window.through !== undefined && !(time <= window.through)) return false;
  return true;
}
