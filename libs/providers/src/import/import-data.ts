/**
 * `importData`: the one entry point for loading personal data into the embedded stores — used by the
 * `import_data` tool and by `cos import <kind> <path>`. Idempotent: events by UID, mail by Message-ID, messages
 * by external id. When `allowedRoots` is given the path must lie inside them (docs/security.md#file-roots).
 */
import { lstat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expandHome, UnsafeFileError, unsafeFileReason, type FileReadPolicy } from '@chief-of-staff/core';
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
    // lstat: the checked path itself is never followed through a link.
    info = await lstat(path);
  } catch {
    throw ProviderError.notFound('import', 'File', request.path);
  }
  const policy = { followHardLinks: request.followHardLinks === true };
  if (!info.isDirectory()) {
    // A named pipe would block the reader forever; a link or hard link could reach outside the allowed roots.
    const reason = unsafeFileReason(info, policy);
    if (reason !== undefined) {
      throw new ProviderError('invalid', `path: ${request.path} is refused: ${reason}.`, { provider: 'import', details: { field: 'path' } });
    }
  }
  const wantsDirectory = kind === 'maildir';
  if (wantsDirectory !== info.isDirectory() && !(kind === 'eml' && info.isDirectory())) {
    throw new ProviderError('invalid', `path: ${kind} imports need ${wantsDirectory ? 'a folder' : 'a file'}.`, {
      provider: 'import',
      details: { field: 'path' },
    });
  }
  try {
    return await importChecked(kind, path, policy, request, onProgress);
  } catch (error) {
    // The file changed into a link or a special file between the check above and the open.
    if (error instanceof UnsafeFileError) {
      throw new ProviderError('invalid', `path: ${request.path} is refused: ${error.reason}.`, { provider: 'import', details: { field: 'path' } });
    }
    throw error;
  }
}

async function importChecked(
  kind: ImportKind,
  path: string,
  policy: FileReadPolicy,
  request: ImportRequest & ImportContext,
  onProgress?: ImportProgressListener,
): Promise<ImportResult> {
  const stores = request.providers.local;
  const timezone = request.providers.timezone;
  switch (kind) {
    case 'ics':
      return importIcsFile(
        stores,
        { path, target: request.target, ownerEmail: request.ownerEmail, timezone, selfEmails: request.selfEmails ?? [], policy },
        onProgress,
      );
    case 'mbox':
    case 'maildir':
    case 'eml':
      return importMail(stores.mail, { kind, path, target: request.target, account: request.account, policy }, onProgress);
    case 'messages_jsonl':
    case 'messages_csv':
      return importMessagesFile(
        stores.messages,
        { path, format: kind === 'messages_csv' ? 'csv' : 'jsonl', channel: request.target, timezone, policy },
        onProgress,
      );
  }
}
