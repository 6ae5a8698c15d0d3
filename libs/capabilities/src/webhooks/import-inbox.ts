/**
 * The file-drop inbox: `*.json` files in `<inboxDir>/` or `<inboxDir>/<source>/`, each `{source?, event_type,
 * payload?, delivery_id?}` (a file in a source folder takes the folder's name as its source). Each file is imported
 * once and moved to `processed/`; a file that cannot be used goes to `failed/` with a `.error.txt` note saying why.
 * Files changed in the last 2 s wait for the next pass (they may still be being written); a lock file, taken
 * atomically (`inbox-lock.ts`), keeps two processes from importing at once; a database failure leaves the file where it is for the next pass. Events are
 * de-duplicated by (source, delivery id, else a hash of the file).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isToolError, type Logger } from '@chief-of-staff/core';
import { WEBHOOK_SOURCE_PATTERN, type WebhookEventsRepository } from '@chief-of-staff/stores';
import { acquireInboxLock } from './inbox-lock.js';

const SETTLE_MS = 2_000;
const MAX_FILE_BYTES = 256 * 1024;
const LOCK_FILE = '.import.lock';
/** A lock held longer than this was left by a process that died mid-import. */
const STALE_LOCK_MS = 10 * 60_000;

export interface InboxImportResult {
  imported: number;
  duplicates: number;
  failed: number;
  /** Why nothing was looked at (another process holds the lock). */
  skipped?: string;
  /** Ids of the events stored by this pass. */
  eventIds: number[];
}

function uniqueTarget(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const target = join(dir, name);
  return existsSync(target) ? join(dir, `${name.replace(/\.json$/, '')}.${Date.now()}.json`) : target;
}

function quarantine(file: string, inboxDir: string, reason: string): void {
  const target = uniqueTarget(join(inboxDir, 'failed'), basename(file));
  renameSync(file, target);
  writeFileSync(`${target}.error.txt`, `${reason}\n`, { mode: 0o600 });
}

interface InboxFile {
  source: string;
  eventType: string;
  deliveryId: string;
  payload: string;
}

function parseInboxFile(text: string, folderSource: string | undefined): InboxFile | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not valid JSON (${(error as Error).message})`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'the file must hold one JSON object {source, event_type, payload, delivery_id}';
  const record = value as Record<string, unknown>;
  const source = typeof record['source'] === 'string' ? record['source'] : folderSource;
  if (!source || !WEBHOOK_SOURCE_PATTERN.test(source)) return 'a "source" of lower-case letters, digits, ".", "_" or "-" is required (or put the file in a folder named after the source)';
  const eventType = record['event_type'];
  if (typeof eventType !== 'string' || eventType.trim() === '') return '"event_type" is required';
  const payload = record['payload'] === undefined ? '{}' : typeof record['payload'] === 'string' ? record['payload'] : JSON.stringify(record['payload']);
  const deliveryId = typeof record['delivery_id'] === 'string' && record['delivery_id'] !== '' ? record['delivery_id'] : createHash('sha256').update(text).digest('hex');
  return { source, eventType: eventType.trim().slice(0, 200), deliveryId: deliveryId.slice(0, 200), payload };
}

function candidates(inboxDir: string): Array<{ file: string; folderSource?: string }> {
  const found: Array<{ file: string; folderSource?: string }> = [];
  for (const entry of readdirSync(inboxDir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.json')) found.push({ file: join(inboxDir, entry.name) });
    else if (entry.isDirectory() && entry.name !== 'processed' && entry.name !== 'failed' && WEBHOOK_SOURCE_PATTERN.test(entry.name)) {
      for (const inner of readdirSync(join(inboxDir, entry.name), { withFileTypes: true })) {
        if (inner.isFile() && inner.name.endsWith('.json')) found.push({ file: join(inboxDir, entry.name, inner.name), folderSource: entry.name });
      }
    }
  }
  return found.sort((a, b) => a.file.localeCompare(b.file));
}

export async function importInbox(deps: { events: WebhookEventsRepository; inboxDir: string; logger: Logger; nowMs: () => number }): Promise<InboxImportResult> {
  const result: InboxImportResult = { imported: 0, duplicates: 0, failed: 0, eventIds: [] };
  mkdirSync(deps.inboxDir, { recursive: true, mode: 0o700 });
  const lock = acquireInboxLock(join(deps.inboxDir, LOCK_FILE), { nowMs: deps.nowMs(), ttlMs: STALE_LOCK_MS });
  if (lock === undefined) return { ...result, skipped: 'another process is importing the inbox' };
  try {
    for (const { file, folderSource } of candidates(deps.inboxDir)) {
      const stats = statSync(file);
      if (deps.nowMs() - stats.mtimeMs < SETTLE_MS) continue;
      if (stats.size > MAX_FILE_BYTES) {
        quarantine(file, deps.inboxDir, `the file is larger than ${MAX_FILE_BYTES} bytes`);
        result.failed += 1;
        continue;
      }
      const parsed = parseInboxFile(readFileSync(file, 'utf8'), folderSource);
      if (typeof parsed === 'string') {
        quarantine(file, deps.inboxDir, parsed);
        result.failed += 1;
        continue;
      }
      try {
        const { event, duplicate } = await deps.events.insert({ ...parsed, receivedVia: 'inbox' });
        if (duplicate) result.duplicates += 1;
        else {
          result.imported += 1;
          result.eventIds.push(event.id);
        }
      } catch (error) {
        if (isToolError(error)) {
          quarantine(file, deps.inboxDir, error.message);
          result.failed += 1;
          continue;
        }
        // The database is busy or failing: keep the file for the next pass.
        deps.logger.warn({ err: error, file }, 'could not store an inbox event; the file stays for the next pass');
        continue;
      }
      renameSync(file, uniqueTarget(join(deps.inboxDir, 'processed'), basename(file)));
    }
  } finally {
    lock.release();
  }
  return result;
}
