/**
 * Reads a messages export: JSON lines (one object per line; a JSON array file is accepted too) or CSV with a
 * header row. Bad records are reported with their line number and skipped; good ones are yielded in order.
 */
import { closeSync, createReadStream, openSync, readFileSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse as parseCsv } from 'csv-parse';
import { MessageRecordError, normaliseMessageRecord, type ImportedMessage } from './message-record.js';

export type MessageFileFormat = 'jsonl' | 'csv';

export type MessageFileItem =
  | { ok: true; line: number; message: ImportedMessage }
  | { ok: false; line: number; error: string };

/** `csv` for `.csv` files, else JSON lines. */
export function detectMessageFormat(path: string): MessageFileFormat {
  return path.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl';
}

interface Defaults {
  channel: string;
  timezone: string;
}

function normalise(record: unknown, line: number, defaults: Defaults): MessageFileItem {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { ok: false, line, error: 'not an object' };
  }
  try {
    return { ok: true, line, message: normaliseMessageRecord(record as Record<string, unknown>, defaults) };
  } catch (error) {
    if (error instanceof MessageRecordError) return { ok: false, line, error: error.message };
    throw error;
  }
}

function firstNonBlankChar(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(1024);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString('utf8').replace(/^\uFEFF/, '').trimStart().slice(0, 1);
  } finally {
    closeSync(fd);
  }
}

async function* readJsonLines(path: string, defaults: Defaults): AsyncGenerator<MessageFileItem> {
  if (firstNonBlankChar(path) === '[') {
    let records: unknown;
    try {
      records = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      yield { ok: false, line: 1, error: 'the file starts with "[" but is not a JSON array' };
      return;
    }
    let index = 0;
    for (const record of records as unknown[]) yield normalise(record, (index += 1), defaults);
    return;
  }
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      yield { ok: false, line: lineNumber, error: 'not valid JSON' };
      continue;
    }
    yield normalise(record, lineNumber, defaults);
  }
}

async function* readCsv(path: string, defaults: Defaults): AsyncGenerator<MessageFileItem> {
  const parser = createReadStream(path).pipe(
    parseCsv({ columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), bom: true, relax_column_count: true, skip_empty_lines: true }),
  );
  let line = 1;
  for await (const record of parser) {
    line += 1;
    yield normalise(record, line, defaults);
  }
}

/**
 * Yields every record of a messages export. `channel` is used when a record names none; naive times are read in
 * `timezone`.
 */
export function readMessageFile(
  path: string,
  options: { format?: MessageFileFormat; channel?: string; timezone: string },
): AsyncGenerator<MessageFileItem> {
  const format = options.format ?? detectMessageFormat(path);
  const defaults = { channel: options.channel ?? 'imported', timezone: options.timezone };
  return format === 'csv' ? readCsv(path, defaults) : readJsonLines(path, defaults);
}
