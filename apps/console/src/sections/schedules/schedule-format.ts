/**
 * How the Schedules pages word a task's schedule, a run's duration and its result: short text a person reads at a
 * glance, with times in their own zone.
 */
import { formatLocalTime } from '../../page-kit/format-local-time.js';

/** The fields of a task the schedule is described from (list_scheduled_tasks' items). */
export interface ScheduleFields {
  readonly schedule_type: string;
  readonly schedule_config: Record<string, unknown>;
  readonly timezone: string | null;
}

/** A run's result is whatever its handler returned: shown as text, cut to this many characters. */
export const RESULT_PREVIEW_CHARS = 400;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** `every 2 hours`, `cron 30 7 * * 1-5 (Asia/Jerusalem)`, `once, Mon 9 Mar, 08:00`. */
export function describeSchedule(task: ScheduleFields, timeZone: string): string {
  const config = task.schedule_config;
  const zone = task.timezone ? ` (${task.timezone})` : '';
  if (task.schedule_type === 'interval') {
    const parts = (['days', 'hours', 'minutes'] as const)
      .filter((unit) => typeof config[unit] === 'number' && (config[unit] as number) > 0)
      .map((unit) => plural(config[unit] as number, unit.slice(0, -1)));
    return parts.length === 0 ? 'interval' : `every ${parts.join(' ')}`;
  }
  if (task.schedule_type === 'cron') return `cron ${typeof config['expression'] === 'string' ? config['expression'] : '?'}${zone}`;
  if (task.schedule_type === 'once') {
    return typeof config['run_at'] === 'string' ? `once, ${formatLocalTime(config['run_at'], task.timezone ?? timeZone)}` : 'once';
  }
  return task.schedule_type;
}

/** `850 ms`, `12.4 s`, `3 min 5 s`; an unfinished run has none. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1_000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** A handler's result as text: its `text` or `summary` when it has one, else compact JSON; cut to the preview size. */
export function resultPreview(result: unknown): string {
  if (result === undefined || result === null) return '';
  let text: string;
  if (typeof result === 'string') text = result;
  else if (typeof result === 'object' && typeof (result as { text?: unknown }).text === 'string') text = (result as { text: string }).text;
  else if (typeof result === 'object' && typeof (result as { summary?: unknown }).summary === 'string') text = (result as { summary: string }).summary;
  else text = JSON.stringify(result);
  return text.length > RESULT_PREVIEW_CHARS ? `${text.slice(0, RESULT_PREVIEW_CHARS)}…` : text;
}
