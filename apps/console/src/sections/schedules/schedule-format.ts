/**
 * How the Schedules pages word a task's schedule, a run's duration and its result: short text a person reads at a
 * glance, with times in their own zone and results in words (never raw JSON or code words like `pending_execution`).
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

/** The fields a result summary names; the rest are counted. */
const RESULT_FIELDS_SHOWN = 6;
const numbers = new Intl.NumberFormat('en-GB');

/** `pending_execution` → `pending execution`: a code word as a person reads it. */
function words(text: string): string {
  return /^[a-z0-9]+(?:_[a-z0-9]+)+$/.test(text) ? text.replaceAll('_', ' ') : text;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'number') return numbers.format(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return words(value.length > 80 ? `${value.slice(0, 79)}…` : value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const simple = value.every((item) => typeof item === 'string' || typeof item === 'number');
    if (!simple) return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
    const named = value.slice(0, 3).map(valueText).join(', ');
    return value.length > 3 ? `${named} and ${value.length - 3} more` : named;
  }
  const fields = Object.keys(value as object).length;
  return `${fields} ${fields === 1 ? 'detail' : 'details'}`;
}

/**
 * A handler's result in words: its `text` or `summary` when it has one, else its fields named one by one
 * (`rules evaluated 3 · notified 1 · failures: none`), never raw JSON; cut to the preview size.
 */
export function resultPreview(result: unknown): string {
  if (result === undefined || result === null) return '';
  let text: string;
  if (typeof result === 'string') text = result;
  else if (typeof result === 'object' && typeof (result as { text?: unknown }).text === 'string') text = (result as { text: string }).text;
  else if (typeof result === 'object' && typeof (result as { summary?: unknown }).summary === 'string') text = (result as { summary: string }).summary;
  else if (typeof result === 'object' && !Array.isArray(result)) {
    const entries = Object.entries(result as Record<string, unknown>);
    const shown = entries.slice(0, RESULT_FIELDS_SHOWN).map(([key, value]) => `${words(key)}: ${valueText(value)}`);
    if (entries.length > RESULT_FIELDS_SHOWN) shown.push(`and ${entries.length - RESULT_FIELDS_SHOWN} more`);
    text = shown.join(' · ');
  } else text = valueText(result);
  return text.length > RESULT_PREVIEW_CHARS ? `${text.slice(0, RESULT_PREVIEW_CHARS)}…` : text;
}
