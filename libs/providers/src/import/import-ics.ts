/** Imports an iCalendar file: events into a calendar (created when missing), to-dos into the default list. */
import { openRegularFile, type FileReadPolicy } from '@chief-of-staff/core';
import { basename, extname } from 'node:path';
import { ProviderError } from '../errors/provider-error.js';
import { parseIcs } from '../calendar/ics/parse-ics.js';
import type { LocalStores } from '../registry/provider-registry.js';
import { ImportAccumulator } from './import-accumulator.js';
import type { ImportProgressListener, ImportResult } from './import-types.js';

const MAX_ICS_BYTES = 100 * 1024 * 1024;

export interface IcsImportOptions {
  path: string;
  target?: string;
  ownerEmail?: string;
  timezone: string;
  selfEmails: readonly string[];
  policy?: FileReadPolicy;
}

export async function importIcsFile(stores: LocalStores, options: IcsImportOptions, onProgress?: ImportProgressListener): Promise<ImportResult> {
  const { handle, stats } = await openRegularFile(options.path, options.policy);
  let text: string;
  try {
    if (stats.size > MAX_ICS_BYTES) {
      throw new ProviderError('invalid', `The file is larger than ${MAX_ICS_BYTES / 1024 / 1024} MiB.`, { provider: 'import', details: { field: 'path' } });
    }
    text = await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
  const parsed = parseIcs(text, { timezone: options.timezone, selfEmails: options.selfEmails });
  const name = options.target?.trim() || parsed.calendarName || basename(options.path, extname(options.path));
  const owner = options.ownerEmail?.trim().toLowerCase();
  const calendar = await stores.calendar.ensureCalendar(name, owner ? { kind: 'person', ownerEmail: owner, readOnly: true } : {});
  const totals = new ImportAccumulator('ics', calendar.name);
  for (const warning of parsed.warnings) totals.warn(warning);
  const events = await stores.calendar.upsertEvents(calendar.id, parsed.events);
  totals.imported += events.imported;
  totals.updated += events.updated;
  totals.skipped += events.skipped;
  onProgress?.({ kind: 'ics', done: totals.done, fraction: parsed.todos.length > 0 ? 0.5 : 1, message: `${parsed.events.length} events` });
  if (parsed.todos.length > 0) {
    const list = await stores.reminders.defaultList();
    const todos = await stores.reminders.upsertTodos(list.id, parsed.todos);
    totals.imported += todos.imported;
    totals.updated += todos.updated;
    totals.skipped += todos.skipped;
    onProgress?.({ kind: 'ics', done: totals.done, fraction: 1, message: `${parsed.todos.length} to-dos into "${list.name}"` });
  }
  return totals.result();
}
