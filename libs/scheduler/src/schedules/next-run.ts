/**
 * Schedule maths: when a task runs first, and when it runs next. The next run is always computed from the schedule
 * (the previous scheduled time, or the cron expression), never from when a tick happened to notice it, so runs do
 * not drift; runs missed while no worker was up coalesce into one. Cron expressions go through croner with standard
 * semantics (day-of-month OR day-of-week when both are restricted; 0 and 7 are Sunday) in the task's zone, so each
 * local occurrence runs once across daylight-saving changes.
 */
import { Cron } from 'croner';
import { DateTime } from 'luxon';
import { ToolError } from '@chief-of-staff/core';
import { cronConfigSchema, intervalConfigSchema, intervalMs, onceConfigSchema, type Schedule } from './schedule-configs.js';

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

/** An instant from ISO text with an offset, or naive text read in `timezone`. */
export function parseInstant(text: string, timezone: string): Date | undefined {
  const withZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const parsed = withZone ? DateTime.fromISO(text, { setZone: true }) : DateTime.fromISO(text, { zone: timezone });
  return parsed.isValid ? parsed.toJSDate() : undefined;
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
      return start ? nextIntervalRun(start, intervalMs(schedule.config), now) : new Date(now.getTime() + intervalMs(schedule.config));
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

/** previous + k·interval for the smallest k that lands after `now` (missed runs coalesce; no drift). */
function nextIntervalRun(previous: Date, stepMs: number, now: Date): Date {
  const behind = now.getTime() - previous.getTime();
  const steps = behind < 0 ? 1 : Math.floor(behind / stepMs) + 1;
  return new Date(previous.getTime() + steps * stepMs);
}

/**
 * The run after the occurrence scheduled at `scheduledAt`, as seen at `now`; null when the schedule is finished
 * (a `once` task). Throws `ScheduleError` when the stored schedule cannot be computed.
 */
export function nextRunAfter(type: string, config: unknown, scheduledAt: Date, now: Date, timezone: string): Date | null {
  let schedule: Schedule;
  try {
    schedule = parseSchedule(type, config);
  } catch (error) {
    throw new ScheduleError(error instanceof Error ? error.message : String(error));
  }
  switch (schedule.type) {
    case 'interval':
      return nextIntervalRun(scheduledAt, intervalMs(schedule.config), now);
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
