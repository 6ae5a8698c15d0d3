/**
 * Imports mail from an mbox file (streamed), a Maildir tree, or `.eml` files (one file or a folder of them).
 * Messages already in the target mailbox (same Message-ID) are skipped before parsing, so re-imports are cheap
 * and never duplicate. Parsed messages are written in batches, one transaction each.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { LocalMailProvider } from '../mail/local-mail-provider.js';
import { LOCAL_MAIL_ACCOUNT } from '../mail/local-mail-provider.js';
import { parseMimeMessage, syntheticMessageId, type ParsedMailRecord } from '../mail/mime/parse-mime.js';
import { splitMbox } from '../mail/mime/split-mbox.js';
import { readMaildir } from '../mail/mime/read-maildir.js';
import { ProviderError } from '../errors/provider-error.js';
import { readRegularFile, UnsafeFileError, type FileReadPolicy } from '@chief-of-staff/stores';
import { ImportAccumulator } from './import-accumulator.js';
import type { ImportKind, ImportProgressListener, ImportResult } from './import-types.js';

const BATCH = 250;
const HEADER_SCAN_BYTES = 64 * 1024;

interface Pending {
  mailboxId: number;
  record: ParsedMailRecord;
  read: boolean;
  flagged: boolean;
  isDraft: boolean;
}

/** The Message-ID in the header block, without parsing the message (unfolded, first occurrence). */
export function peekMessageId(raw: Buffer): string | null {
  const head = raw.subarray(0, HEADER_SCAN_BYTES).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const headers = (end === -1 ? head : head.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const match = /^message-id:\s*(<[^<>\s]+>)/im.exec(headers);
  return match?.[1] ?? null;
}

class MailWriter {
  private pending: Pending[] = [];

  constructor(
    private readonly mail: LocalMailProvider,
    private readonly totals: ImportAccumulator,
  ) {}

  /** True when the message is already stored (counted as skipped). */
  async known(mailboxId: number, raw: Buffer): Promise<boolean> {
    const id = peekMessageId(raw) ?? syntheticMessageId(raw);
    if (this.pending.some((p) => p.mailboxId === mailboxId && p.record.internetMessageId === id) || (await this.mail.hasMessage(mailboxId, id))) {
      this.totals.skipped += 1;
      return true;
    }
    return false;
  }

  async add(item: Pending): Promise<void> {
    this.pending.push(item);
    if (this.pending.length >= BATCH) await this.flush();
  }

  /** Writes the pending messages in one call (one transaction). */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    for (const imported of await this.mail.importMessages(batch)) {
      if (imported) this.totals.imported += 1;
      else this.totals.skipped += 1;
    }
  }
}

export interface MailImportOptions {
  kind: Extract<ImportKind, 'mbox' | 'maildir' | 'eml'>;
  path: string;
  target?: string;
  account?: string;
  /** How message files are opened (hard links refused unless `documents.followHardLinks`). */
  policy?: FileReadPolicy;
}

export async function importMail(
  mail: LocalMailProvider,
  options: MailImportOptions,
  onProgress?: ImportProgressListener,
): Promise<ImportResult> {
  const account = (options.kind === 'maildir' ? options.target : options.account)?.trim() || LOCAL_MAIL_ACCOUNT;
  const mailboxName = options.kind === 'maildir' ? null : options.target?.trim() || 'INBOX';
  const totals = new ImportAccumulator(options.kind, mailboxName ? `${account}/${mailboxName}` : account);
  const writer = new MailWriter(mail, totals);
  const report = (fraction: number | null) =>
    onProgress?.({ kind: options.kind, done: totals.done, fraction, message: `${totals.imported} imported, ${totals.skipped} already known` });

  const handle = async (raw: Buffer, mailboxId: number, where: string, fallbackDate: Date, flags: { read?: boolean; flagged?: boolean; isDraft?: boolean }) => {
    if (await writer.known(mailboxId, raw)) return;
    let record: ParsedMailRecord;
    try {
      const parsed = await parseMimeMessage(raw, { fallbackDate });
      // Maildir file-name flags are the client's current state; they win over stale Status headers.
      record = { ...parsed, read: flags.read ?? parsed.read, flagged: flags.flagged ?? parsed.flagged };
    } catch {
      totals.error(where, 'the message could not be parsed');
      return;
    }
    // Outside the try: a failed write is the store's error, not a parse error.
    await writer.add({ mailboxId, record, read: false, flagged: false, isDraft: flags.isDraft ?? false });
  };

  const policy = options.policy ?? {};
  /** Reads one message file, or records why it was refused and returns undefined. */
  const readMessage = async (path: string) => {
    try {
      return await readRegularFile(path, policy);
    } catch (error) {
      if (error instanceof UnsafeFileError) totals.warn(`Skipped ${path}: ${error.reason}.`);
      else totals.error(path, `the file could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      return undefined;
    }
  };

  if (options.kind === 'mbox') {
    const size = (await stat(options.path)).size;
    const mailbox = await mail.ensureMailbox(account, mailboxName as string);
    let count = 0;
    for await (const entry of splitMbox(options.path, policy)) {
      await handle(entry.raw, mailbox.id, `byte ${entry.offset}`, entry.envelopeDate ?? new Date(0), {});
      count += 1;
      if (count % 200 === 0) report(size > 0 ? entry.offset / size : null);
    }
    if (count === 0) totals.warn('No messages found: the file does not look like an mbox (messages start with a "From " line).');
  } else if (options.kind === 'maildir') {
    let entries;
    try {
      const listing = await readMaildir(options.path);
      entries = listing.entries;
      for (const skip of listing.skipped) totals.warn(`Skipped ${skip.path}: ${skip.reason}.`);
    } catch {
      throw new ProviderError('invalid', 'The folder is not a Maildir (it needs cur/ and new/ subfolders).', { provider: 'import', details: { field: 'path' } });
    }
    const mailboxes = new Map<string, number>();
    for (const [index, entry] of entries.entries()) {
      let mailboxId = mailboxes.get(entry.mailbox);
      if (mailboxId === undefined) {
        mailboxId = (await mail.ensureMailbox(account, entry.mailbox)).id;
        mailboxes.set(entry.mailbox, mailboxId);
      }
      const file = await readMessage(entry.path);
      if (file) await handle(file.content, mailboxId, entry.path, file.stats.mtime, { read: entry.read, flagged: entry.flagged, isDraft: entry.draft });
      if ((index + 1) % 200 === 0) report((index + 1) / entries.length);
    }
  } else {
    const info = await stat(options.path);
    const files = info.isDirectory()
      ? (await readdir(options.path, { withFileTypes: true }))
          // Dirent types are the entries' own: links and special files are not `isFile()`.
          .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.eml'))
          .map((e) => join(options.path, e.name))
          .sort()
      : [options.path];
    const mailbox = await mail.ensureMailbox(account, mailboxName as string);
    for (const [index, file] of files.entries()) {
      const read = await readMessage(file);
      if (read) await handle(read.content, mailbox.id, file, read.stats.mtime, {});
      if ((index + 1) % 200 === 0) report((index + 1) / files.length);
    }
    if (files.length === 0) totals.warn('No .eml files found in the folder.');
  }
  await writer.flush();
  report(1);
  return totals.result();
}
