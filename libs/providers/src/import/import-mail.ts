/**
 * Imports mail from an mbox file (streamed), a Maildir tree, or `.eml` files (one file or a folder of them).
 * Messages already in the target mailbox (same Message-ID) are skipped before parsing, so re-imports are cheap
 * and never duplicate. Parsed messages are written in batches, one transaction each.
 */
import { readRegularFile, UnsafeFileError, type FileReadPolicy } from '@chief-of-staff/core';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { LocalMailProvider } from '../mail/local-mail-provider.js';
import { LOCAL_MAIL_ACCOUNT } from '../mail/local-mail-provider.js';
import { parseMimeMessage, syntheticMessageId, type ParsedMailRecord } from '../mail/mime/parse-mime.js';
import { splitMbox } from '../mail/mime/split-mbox.js';
import { readMaildir } from '../mail/mime/read-maildir.js';
import { ProviderError } from '../errors/provider-error.js';
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

/** One import in progress: where it writes, its totals, and how it reports. */
interface MailImport {
  mail: LocalMailProvider;
  options: MailImportOptions;
  account: string;
  mailboxName: string | null;
  policy: FileReadPolicy;
  totals: ImportAccumulator;
  writer: MailWriter;
  report: (fraction: number | null) => void;
}

type MessageFlags = { read?: boolean; flagged?: boolean; isDraft?: boolean };

export async function importMail(
  mail: LocalMailProvider,
  options: MailImportOptions,
  onProgress?: ImportProgressListener,
): Promise<ImportResult> {
  const account = (options.kind === 'maildir' ? options.target : options.account)?.trim() || LOCAL_MAIL_ACCOUNT;
  const mailboxName = options.kind === 'maildir' ? null : options.target?.trim() || 'INBOX';
  const totals = new ImportAccumulator(options.kind, mailboxName ? `${account}/${mailboxName}` : account);
  const run: MailImport = {
    mail,
    options,
    account,
    mailboxName,
    policy: options.policy ?? {},
    totals,
    writer: new MailWriter(mail, totals),
    report: (fraction) =>
      onProgress?.({ kind: options.kind, done: totals.done, fraction, message: `${totals.imported} imported, ${totals.skipped} already known` }),
  };
  if (options.kind === 'mbox') await importMbox(run);
  else if (options.kind === 'maildir') await importMaildir(run);
  else await importEml(run);
  await run.writer.flush();
  run.report(1);
  return totals.result();
}

async function importMbox(run: MailImport): Promise<void> {
  const size = (await stat(run.options.path)).size;
  const mailbox = await run.mail.ensureMailbox(run.account, run.mailboxName as string);
  let count = 0;
  for await (const entry of splitMbox(run.options.path, run.policy)) {
    await handleMessage(run, entry.raw, mailbox.id, `byte ${entry.offset}`, entry.envelopeDate ?? new Date(0), {});
    count += 1;
    if (count % 200 === 0) run.report(size > 0 ? entry.offset / size : null);
  }
  if (count === 0) run.totals.warn('No messages found: the file does not look like an mbox (messages start with a "From " line).');
}

async function importMaildir(run: MailImport): Promise<void> {
  let entries;
  try {
    const listing = await readMaildir(run.options.path);
    entries = listing.entries;
    for (const skip of listing.skipped) run.totals.warn(`Skipped ${skip.path}: ${skip.reason}.`);
  } catch {
    throw new ProviderError('invalid', 'The folder is not a Maildir (it needs cur/ and new/ subfolders).', { provider: 'import', details: { field: 'path' } });
  }
  const mailboxes = new Map<string, number>();
  for (const [index, entry] of entries.entries()) {
    let mailboxId = mailboxes.get(entry.mailbox);
    if (mailboxId === undefined) {
      mailboxId = (await run.mail.ensureMailbox(run.account, entry.mailbox)).id;
      mailboxes.set(entry.mailbox, mailboxId);
    }
    const file = await readMessage(run, entry.path);
    if (file) await handleMessage(run, file.content, mailboxId, entry.path, file.stats.mtime, { read: entry.read, flagged: entry.flagged, isDraft: entry.draft });
    if ((index + 1) % 200 === 0) run.report((index + 1) / entries.length);
  }
}

async function importEml(run: MailImport): Promise<void> {
  const path = run.options.path;
  const info = await stat(path);
  const files = info.isDirectory()
    ? (await readdir(path, { withFileTypes: true }))
        // Dirent types are the entries' own: links and special files are not `isFile()`.
        .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.eml'))
        .map((e) => join(path, e.name))
        .sort()
    : [path];
  const mailbox = await run.mail.ensureMailbox(run.account, run.mailboxName as string);
  for (const [index, file] of files.entries()) {
    const read = await readMessage(run, file);
    if (read) await handleMessage(run, read.content, mailbox.id, file, read.stats.mtime, {});
    if ((index + 1) % 200 === 0) run.report((index + 1) / files.length);
  }
  if (files.length === 0) run.totals.warn('No .eml files found in the folder.');
}

async function handleMessage(run: MailImport, raw: Buffer, mailboxId: number, where: string, fallbackDate: Date, flags: MessageFlags): Promise<void> {
  if (await run.writer.known(mailboxId, raw)) return;
  let record: ParsedMailRecord;
  try {
    const parsed = await parseMimeMessage(raw, { fallbackDate });
    // Maildir file-name flags are the client's current state; they win over stale Status headers.
    record = { ...parsed, read: flags.read ?? parsed.read, flagged: flags.flagged ?? parsed.flagged };
  } catch {
    run.totals.error(where, 'the message could not be parsed');
    return;
  }
  // Outside the try: a failed write is the store's error, not a parse error.
  await run.writer.add({ mailboxId, record, read: false, flagged: false, isDraft: flags.isDraft ?? false });
}

/** Reads one message file, or records why it was refused and returns undefined. */
async function readMessage(run: MailImport, path: string) {
  try {
    return await readRegularFile(path, run.policy);
  } catch (error) {
    if (error instanceof UnsafeFileError) run.totals.warn(`Skipped ${path}: ${error.reason}.`);
    else run.totals.error(path, `the file could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return undefined;
  }
}
