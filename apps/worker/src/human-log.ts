/**
 * Human-readable worker logs for a terminal: pino writes JSON lines, and this destination turns each into
 * `08:15:02 INFO  worker started  pid=4242 health=http://127.0.0.1:8788/healthz`, with the time in the user's zone,
 * the error's message (and its stack for errors) under the line. Logs that are piped or collected stay JSON.
 */
import type { LoggerOptions } from '@chief-of-staff/core';

type DestinationStream = NonNullable<LoggerOptions['destination']>;

/** Where the formatted lines go (stderr in the worker; a buffer in tests). */
export interface LineSink {
  write(text: string): unknown;
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<string, string> = { WARN: '\u001b[33m', ERROR: '\u001b[31m', FATAL: '\u001b[31m', DEBUG: '\u001b[2m', TRACE: '\u001b[2m' };
// Fields every line carries, or that the line itself already shows.
const HIDDEN = new Set(['level', 'time', 'msg', 'name', 'pid', 'hostname', 'err', 'v']);

function valueText(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) || value === '' ? JSON.stringify(value) : value;
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value);
}

function clockTime(iso: unknown, zone: string): string {
  const at = typeof iso === 'string' || typeof iso === 'number' ? new Date(iso) : new Date();
  if (!Number.isFinite(at.getTime())) return String(iso);
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(at);
}

/** One pino JSON line as a human line (plus the error beneath it); a line that is not JSON is passed through. */
export function formatLogLine(line: string, options: { timezone: string; colour?: boolean }): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = LEVELS[Number(entry['level'])] ?? String(entry['level']);
  const fields = Object.entries(entry)
    .filter(([key, value]) => !HIDDEN.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${valueText(value)}`);
  const paint = (text: string) => (options.colour && COLOURS[level] ? `${COLOURS[level]}${text}\u001b[0m` : text);
  const head = `${clockTime(entry['time'], options.timezone)} ${paint(level.padEnd(5))} ${String(entry['msg'] ?? '')}${fields.length > 0 ? `  ${fields.join(' ')}` : ''}`;
  const lines = [head];
  const err = entry['err'] as { message?: unknown; stack?: unknown } | undefined;
  if (err && typeof err === 'object') {
    const detail = Number(entry['level']) >= 50 && typeof err.stack === 'string' ? err.stack : String(err.message ?? '');
    if (detail) lines.push(...detail.split('\n').map((text) => `    ${text}`));
  }
  return `${lines.join('\n')}\n`;
}

/** A pino destination writing human lines to `sink`. */
export function humanLogDestination(sink: LineSink, options: { timezone: string; colour?: boolean }): DestinationStream {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line.trim() !== '') sink.write(formatLogLine(line, options));
    },
  };
}

/** Human lines on a terminal unless `--json-logs`; JSON when stderr is piped unless `--pretty-logs`. */
export function chooseLogFormat(argv: readonly string[], stderrIsTty: boolean): 'json' | 'human' {
  if (argv.includes('--json-logs')) return 'json';
  if (argv.includes('--pretty-logs')) return 'human';
  return stderrIsTty ? 'human' : 'json';
}
