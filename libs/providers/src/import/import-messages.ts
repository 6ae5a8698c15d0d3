/** Imports a messages export (JSON lines or CSV) into the local messages store, in batched transactions. */
import type { FileReadPolicy } from '@chief-of-staff/core';
import type { LocalMessageProvider } from '../messages/local-message-provider.js';
import type { ImportedMessage } from '../messages/import/message-record.js';
import { readMessageFile, type MessageFileFormat } from '../messages/import/read-message-file.js';
import { ImportAccumulator } from './import-accumulator.js';
import type { ImportProgressListener, ImportResult } from './import-types.js';

const BATCH = 1_000;

export interface MessagesImportOptions {
  path: string;
  format: MessageFileFormat;
  /** Channel for records that name none. */
  channel?: string;
  timezone: string;
  policy?: FileReadPolicy;
}

export async function importMessagesFile(
  messages: LocalMessageProvider,
  options: MessagesImportOptions,
  onProgress?: ImportProgressListener,
): Promise<ImportResult> {
  const kind = options.format === 'csv' ? 'messages_csv' : 'messages_jsonl';
  const totals = new ImportAccumulator(kind, options.channel ?? 'imported');
  let batch: ImportedMessage[] = [];
  const flush = async () => {
    const items = batch;
    batch = [];
    // One call, one transaction per batch.
    const stored = await messages.importMessages(items);
    totals.imported += stored.imported;
    totals.skipped += stored.skipped;
    onProgress?.({ kind, done: totals.done, fraction: null, message: `${totals.imported} imported, ${totals.skipped} already known` });
  };
  for await (const item of readMessageFile(options.path, { format: options.format, channel: options.channel, timezone: options.timezone, policy: options.policy })) {
    if (!item.ok) {
      totals.error(`line ${item.line}`, item.error);
      continue;
    }
    batch.push(item.message);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return totals.result();
}
