/**
 * Schedule maths: when a task runs first, and when it runs next. The next run is always computed from the schedule
 * (the previous scheduled time, or the cron expression), never from when a tick happened to notice it, so runs do
 * not drift; runs missed while no worker was up coalesce into one. An interval's `days` are calendar days in the
task's zone (a daily 08:00 stays at 08:00 local across daylight-saving changes); its hours and minutes are elapsed
time. Cron expressions go through croner with standard
 * semantics (day-of-month OR day-of-week when both are restricted; 0 and 7 are Sunday) in the task's zone, so each
 * local occurrence runs once across daylight-saving changes.
 */
import { Cron } from 'croner';
import { DateTime } from 'luxon';
import { ToolError } from '@chief-of-staff/core';
import { UNREADABLE_STORED_JSON } from '@chief-of-staff/stores';
import {
  cronConfigSchema,
  EARLIEST_SCHEDULE_YEAR,
  intervalConfigSchema,
  intervalMs,
  LATEST_SCHEDULE_YEAR,
  onceConfigSchema,
  type IntervalConfig,
  type Schedule,
} from './schedule-configs.js';

/** A schedule that cannot produce a next run; the engine disables its task with this message. */
export class ScheduleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScheduleError';
  }
}

/** Parses a stored or requested schedule; INVALID_ARGUMENT names what is wrong (the cron library's reason included). */
export function parseSchedule(type: string, config: unknown): Schedule {
  const schema = type === 'interval' ? intervalConfigSchema : type === 'cron' ? cronConfigSchema : type === 'once' ? onceConfigSchema : undefined;
  if (!schema) throw ToolError.invalidArgument('schedule_type', `"${type}" is not a schedule type.`, 'Use one of: interval, cron, once.');
  const parsed = schema.safeParse(config ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `.${issue.path.join('.')}` : '';
    throw ToolError.invalidArgument(`schedule_config${where}`, issue?.message ?? 'is not valid.', exampleFor(type));
  }
  const schedule = { type, config: parsed.data } as Schedule;
  if (schedule.type === 'cron') cronOf(schedule.config.expression, 'UTC');
  const instant = schedule.type === 'interval' ? schedule.config.start_at : schedule.type === 'once' ? schedule.config.run_at : undefined;
  if (instant !== undefined && parseInstant(instant, 'UTC') === undefined) {
    const field = schedule.type === 'interval' ? 'start_at' : 'run_at';
    throw ToolError.invalidArgument(
      `schedule_config.${field}`,
      `"${instant}" is not an ISO-8601 date and time between the years ${EARLIEST_SCHEDULE_YEAR} and ${LATEST_SCHEDULE_YEAR}.`,
      'For example 2026-03-09T08:00:00Z, or 2026-03-09T08:00 in the task\'s time zone.',
    );
  }
  return schedule;
}

function exampleFor(type: string): string {
  if (type === 'interval') return 'For example {"hours": 2} or {"minutes": 30, "start_at": "2026-03-09T08:00:00Z"}.';
  if (type === 'cron') return 'For example {"expression": "30 7 * * 1-5"} (07:30 on weekdays).';
  return 'For example {"run_at": "2026-03-09T08:00:00Z"}.';
}

function cronOf(expression: string, timezone: string): Cron {
  try {
    return new Cron(expression, { timezone, paused: true, mode: '5-part' });
  } catch (error) {
    throw ToolError.invalidArgument(
      'schedule_config.expression',
      `"${expression}" is not a valid cron expression: ${error instanceof Error ? error.message : String(error)}.`,
      'Use 5 fields: minute hour day-of-month month day-of-week, e.g. "30 7 * * 1-5".',
    );
  }
}

/** An instant from ISO text with an offset, or naive text read in `timezone`; undefined when invalid or out of range. */
export function parseInstant(text: string, timezone: string): Date | undefined {
  const withZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const parsed = withZone ? DateTime.fromISO(text, { setZone: true }) : DateTime.fromISO(text, { zone: timezone });
  if (!parsed.isValid || parsed.year < EARLIEST_SCHEDULE_YEAR || parsed.year > LATEST_SCHEDULE_YEAR) return undefined;
  return parsed.toJSDate();
}

/** The first run of a new (or re-enabled, or edited) task; null when it will never run. */
export function firstRunAt(schedule: Schedule, now: Date, timezone: string): Date | null {
  switch (schedule.type) {
    case 'interval': {
      const start = schedule.config.start_at === undefined ? undefined : parseInstant(schedule.config.start_at, timezone);
      if (schedule.config.start_at !== undefined && start === undefined) {
        throw ToolError.invalidArgument('schedule_config.start_at', 'is not an ISO-8601 date and time.', 'For example 2026-03-09T08:00:00Z.');
      }
      if (start && start.getTime() > now.getTime()) return start;
      return start ? nextIntervalRun(start, schedule.config, now, timezone) : addIntervals(now, schedule.config, 1, timezone);
    }
    case 'cron':
      return cronOf(schedule.config.expression, timezone).nextRun(now);
    case 'once': {
      const at = parseInstant(schedule.config.run_at, timezone);
      if (!at) throw ToolError.invalidArgument('schedule_config.run_at', 'is not an ISO-8601 date and time.', 'For example 2026-03-09T08:00:00Z.');
      return at;
    }
  }
}

/**
 * `anchor` plus `steps` intervals. Days are added on the calendar in `timezone` (local wall time is kept when the
 * clocks change); hours and minutes are elapsed time. Without days this is plain arithmetic.
 */
function addIntervals(anchor: Date, config: IntervalConfig, steps: number, timezone: string): Date {
  if (!config.days) return new Date(anchor.getTime() + steps * intervalMs(config));
  return DateTime.fromJSDate(anchor, { zone: timezone })
    .plus({ days: steps * config.days, hours: steps * (config.hours ?? 0), minutes: steps * (config.minutes ?? 0) })
    .toJSDate();
}

/** anchor + k·interval for the smallest k ≥ 1 that lands after `now` (missed runs coalesce; no drift). */
function nextIntervalRun(anchor: Date, config: IntervalConfig, now: Date, timezone: string): Date {
  const behind = now.getTime() - anchor.getTime();
  // The elapsed-time estimate is off by at most an hour per clock change: settle it by stepping.
  let steps = behind < 0 ? 1 : Math.floor(behind / intervalMs(config)) + 1;
  while (steps > 1 && addIntervals(anchor, config, steps - 1, timezone).getTime() > now.getTime()) steps -= 1;
  while (addIntervals(anchor, config, steps, timezone).getTime() <= now.getTime()) steps += 1;
  return addIntervals(anchor, config, steps, timezone);
}

/**
 * The run after the occurrence scheduled at `scheduledAt`, as seen at `now`; null when the schedule is finished
 * (a `once` task). Throws `ScheduleError` — and nothing else — when the stored schedule cannot be computed (a row
 * edited by hand, a zone that no longer exists), so the engine can disable that one task and carry on.
 */
export function nextRunAfter(type: string, config: unknown, scheduledAt: Date, now: Date, timezone: string): Date | null {
  if (config !== null && typeof config === 'object' && UNREADABLE_STORED_JSON in config) throw new ScheduleError('its stored schedule_config is not valid JSON');
  let next: Date | null;
  try {
    next = computeNextRun(parseSchedule(type, config), scheduledAt, now, timezone);
  } catch (error) {
    if (error instanceof ScheduleError) throw error;
    throw new ScheduleError(error instanceof Error ? error.message : String(error));
  }
  if (next !== null && !isStorable(next)) throw new ScheduleError(`the next run falls outside the years ${EARLIEST_SCHEDULE_YEAR}–${LATEST_SCHEDULE_YEAR}`);
  return next;
}

function computeNextRun(schedule: Schedule, scheduledAt: Date, now: Date, timezone: string): Date | null {
  if (!Number.isFinite(scheduledAt.getTime())) throw new ScheduleError('its stored next run is not a date');
  // The zone matters to cron and to calendar days only; checked there, so plain intervals pay nothing for it.
  const usesZone = schedule.type === 'cron' || (schedule.type === 'interval' && Boolean(schedule.config.days));
  if (usesZone && !DateTime.now().setZone(timezone).isValid) throw new ScheduleError(`"${timezone}" is not an IANA time zone`);
  switch (schedule.type) {
    case 'interval': {
      const start = schedule.config.start_at === undefined ? undefined : parseInstant(schedule.config.start_at, timezone);
      // Counting from start_at keeps a time that fell in a daylight-saving gap on its intended wall time afterwards.
      const anchor = start && start.getTime() <= scheduledAt.getTime() ? start : scheduledAt;
      return nextIntervalRun(anchor, schedule.config, now, timezone);
    }
    case 'cron': {
      const from = scheduledAt.getTime() > now.getTime() ? scheduledAt : now;
      const next = cronOf(schedule.config.expression, timezone).nextRun(from);
      if (!next) throw new ScheduleError(`the cron expression "${schedule.config.expression}" has no future run`);
      return next;
    }
    case 'once':
      return null;
  }
}

function isStorable(at: Date): boolean {
  const year = at.getUTCFullYear();
  return Number.isFinite(at.getTime()) && year >= EARLIEST_SCHEDULE_YEAR && year <= LATEST_SCHEDULE_YEAR + 1;
}
