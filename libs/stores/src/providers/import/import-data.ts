/**
 * `importData`: the one entry point for loading personal data into the embedded stores — used by the
 * `import_data` tool and by `cos import <kind> <path>`. Idempotent: events by UID, mail by Message-ID, messages
 * by external id. When `allowedRoots` is given the path must lie inside them (SPEC §10.5).
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expandHome } from '@chief-of-staff/core';
import { ProviderError } from '../errors/provider-error.js';
import { detectMessageFormat } from '../messages/import/read-message-file.js';
import type { ProviderRegistry } from '../registry/provider-registry.js';
import { importIcsFile } from './import-ics.js';
import { importMail } from './import-mail.js';
import { importMessagesFile } from './import-messages.js';
import type { ImportKind, ImportProgressListener, ImportRequest, ImportResult } from './import-types.js';

export interface ImportContext {
  /** Imports always go to the embedded stores (`providers.local`); the registry's zone reads naive times. */
  providers: Pick<ProviderRegistry, 'local' | 'timezone'>;
  /** The user's addresses, to mark the self attendee of imported events. */
  selfEmails?: readonly string[];
  /**
   * Resolves and checks the path before reading (e.g. against `documents.allowedRoots`); returns the real path.
   * Without it the path is only resolved.
   */
  checkPath?: (path: string) => Promise<string>;
}

/** The concrete kind: `messages` becomes `messages_csv` for `.csv` files, else `messages_jsonl`. */
export function resolveImportKind(kind: ImportRequest['kind'], path: string): ImportKind {
  if (kind !== 'messages') return kind;
  return detectMessageFormat(path) === 'csv' ? 'messages_csv' : 'messages_jsonl';
}

export async function importData(request: ImportRequest & ImportContext, onProgress?: ImportProgressListener): Promise<ImportResult> {
  const kind = resolveImportKind(request.kind, request.path);
  const path = request.checkPath ? await request.checkPath(request.path) : resolve(expandHome(request.path));
  let info;
  try {
    info = await stat(path);
  } catch {
    throw ProviderError.notFound('import', 'File', request.path);
  }
  const wantsDirectory = kind === 'maildir';
  if (wantsDirectory !== info.isDirectory() && !(kind === 'eml' && info.isDirectory())) {
    throw new ProviderError('invalid', `path: ${kind} imports need ${wantsDirectory ? 'a folder' : 'a file'}.`, {
      provider: 'import',
      details: { field: 'path' },
    });
  }
  const stores = request.providers.local;
  const timezone = request.providers.timezone;
  switch (kind) {
    case 'ics':
      return importIcsFile(
        stores,
        { path, target: request.target, ownerEmail: request.ownerEmail, timezone, selfEmails: request.selfEmails ?? [] },
        onProgress,
      );
    case 'mbox':
    case 'maildir':
    case 'eml':
      return importMail(stores.database, stores.mail, { kind, path, target: request.target, account: request.account }, onProgress);
    case 'messages_jsonl':
    case 'messages_csv':
      return importMessagesFile(
        stores.database,
        stores.messages,
        { path, format: kind === 'messages_csv' ? 'csv' : 'jsonl', channel: request.target, timezone },
        onProgress,
      );
  }
}
