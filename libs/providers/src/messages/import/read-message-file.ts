/**
 * Reads a messages export: JSON lines (one object per line; a JSON array file is accepted too) or CSV with a
 * header row. Bad records are reported with their line number and skipped; good ones are yielded in order.
 */
import { openRegularFile, type FileReadPolicy } from '@chief-of-staff/core';
import { createInterface } from 'node:readline';
import { parse as parseCsv } from 'csv-parse';
import { MessageRecordError, normalizeMessageRecord, type ImportedMessage } from './message-record.js';

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

function normalizeRecord(record: unknown, line: number, defaults: Defaults): MessageFileItem {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { ok: false, line, error: 'not an object' };
  }
  try {
    return { ok: true, line, message: normalizeMessageRecord(record as Record<string, unknown>, defaults) };
  } catch (error) {
    if (error instanceof MessageRecordError) return { ok: false, line, error: error.message };
    throw error;
  }
}

async function* readJsonLines(path: string, defaults: Defaults, policy: FileReadPolicy): AsyncGenerator<MessageFileItem> {
  const { handle } = await openRegularFile(path, policy);
  let firstChar: string;
  try {
    const buffer = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    firstChar = buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').trimStart().slice(0, 1);
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (firstChar === '[') {
    let records: unknown;
    try {
      records = JSON.parse(await handle.readFile('utf8'));
    } catch {
      yield { ok: false, line: 1, error: 'the file starts with "[" but is not a JSON array' };
      return;
    } finally {
      await handle.close();
    }
    let index = 0;
    for (const record of records as unknown[]) yield normalizeRecord(record, (index += 1), defaults);
    return;
  }
  // The stream reads from the start (not from the handle's position) and closes the handle when done.
  const lines = createInterface({ input: handle.createReadStream({ encoding: 'utf8', start: 0 }), crlfDelay: Infinity });
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
    yield normalizeRecord(record, lineNumber, defaults);
  }
}

async function* readCsv(path: string, defaults: Defaults, policy: FileReadPolicy): AsyncGenerator<MessageFileItem> {
  const { handle } = await openRegularFile(path, policy);
  const parser = handle.createReadStream().pipe(
    parseCsv({ columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), bom: true, relax_column_count: true, skip_empty_lines: true }),
  );
  let line = 1;
  for await (const record of parser) {
    line += 1;
    yield normalizeRecord(record, line, defaults);
  }
}

/**
 * Yields every record of a messages export. `channel` is used when a record names none; naive times are read in
 * `timezone`.
 */
export function readMessageFile(
  path: string,
  options: { format?: MessageFileFormat; channel?: string; timezone: string; policy?: FileReadPolicy },
): AsyncGenerator<MessageFileItem> {
  const policy = options.policy ?? {};
  const format = options.format ?? detectMessageFormat(path);
  const defaults = { channel: options.channel ?? 'imported', timezone: options.timezone };
  return format === 'csv' ? readCsv(path, defaults, policy) : readJsonLines(path, defaults, policy);
}
