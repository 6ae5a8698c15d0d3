/** Small text helpers for human output: one-line snippets, local times, colour only on a terminal. */
import { styleText } from 'node:util';

type Style = 'bold' | 'dim' | 'green' | 'yellow' | 'red' | 'cyan';

/** Colours `text` when `stream` is a terminal and NO_COLOR is unset; plain text otherwise. */
export function paint(style: Style, text: string, stream: NodeJS.WriteStream = process.stdout): string {
  if (!stream.isTTY || (process.env['NO_COLOR'] ?? '') !== '') return text;
  return styleText(style, text);
}

/** Whitespace collapsed to single spaces and cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

/** `YYYY-MM-DD HH:mm` in the user's zone, for timestamps people read; the input when it is not a date. */
export function localDateTime(iso: string, zone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** "1 file" / "3 files". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
