/**
 * Parses one RFC 5322 message with mailparser into the record the mail store keeps: headers, text and HTML
 * bodies, attachments listed (never stored), thread keys, and read/flag state from the headers mail clients
 * write into mbox files (Status, X-Status, X-Mozilla-Status, X-Gmail-Labels).
 */
import { createHash } from 'node:crypto';
import type { AddressObject, ParsedMail } from 'mailparser';
import type { MailAddress, MailAttachmentInfo } from '../../types/mail.js';

export interface ParsedMailRecord {
  internetMessageId: string;
  threadId: string;
  subject: string;
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  date: Date;
  bodyText: string;
  bodyHtml: string | null;
  snippet: string;
  inReplyTo: string | null;
  references: string[];
  attachments: MailAttachmentInfo[];
  /** Read/flag state when the headers carry it, else undefined. */
  read: boolean | undefined;
  flagged: boolean | undefined;
}

export interface ParseMimeOptions {
  /** Used when the message has no parsable Date header (mbox envelope date, file time). */
  fallbackDate: Date;
}

const SNIPPET_CHARS = 200;

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const result: MailAddress[] = [];
  for (const object of objects) {
    for (const entry of object.value) {
      const members = entry.group ?? [entry];
      for (const member of members) {
        if (!member.address) continue;
        result.push({ name: member.name?.trim() || null, address: member.address.trim().toLowerCase() });
      }
    }
  }
  return result;
}

function messageIds(value: string | string[] | undefined): string[] {
  const raw = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return raw.flatMap((item) => item.match(/<[^<>\s]+>/g) ?? (item.trim() ? [`<${item.trim().replace(/^<|>$/g, '')}>`] : []));
}

function header(mail: ParsedMail, name: string): string | undefined {
  const value = mail.headers.get(name);
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : String(value);
}

/** Read/flag state from client headers; undefined when none says anything. */
export function flagsFromHeaders(get: (name: string) => string | undefined): { read?: boolean; flagged?: boolean } {
  const result: { read?: boolean; flagged?: boolean } = {};
  const gmail = get('x-gmail-labels');
  if (gmail !== undefined) {
    const labels = gmail.split(',').map((label) => label.trim().toLowerCase());
    result.read = !labels.includes('unread');
    result.flagged = labels.includes('starred');
  }
  const mozilla = get('x-mozilla-status');
  if (mozilla !== undefined && /^[0-9a-f]{1,4}$/i.test(mozilla.trim())) {
    const bits = parseInt(mozilla.trim(), 16);
    result.read = (bits & 0x0001) !== 0;
    result.flagged = (bits & 0x0004) !== 0;
  }
  const status = get('status');
  if (status !== undefined) result.read = status.includes('R');
  const xStatus = get('x-status');
  if (xStatus !== undefined) result.flagged = xStatus.includes('F');
  return result;
}

export function makeSnippet(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > SNIPPET_CHARS ? `${collapsed.slice(0, SNIPPET_CHARS - 1)}…` : collapsed;
}

/** A stable Message-ID for messages that lack one, so re-imports stay idempotent. */
export function syntheticMessageId(raw: Buffer): string {
  return `<${createHash('sha256').update(raw).digest('hex').slice(0, 32)}@no-message-id.invalid>`;
}

// mailparser and its dependencies take ~100 ms to load; only imports parse mail, so only they pay for it.
let parser: Promise<typeof import('mailparser')> | undefined;

export async function parseMimeMessage(raw: Buffer, options: ParseMimeOptions): Promise<ParsedMailRecord> {
  const { simpleParser } = await (parser ??= import('mailparser'));
  const mail = await simpleParser(raw, {
    skipImageLinks: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    keepCidLinks: true,
  });
  const internetMessageId = messageIds(mail.messageId)[0] ?? syntheticMessageId(raw);
  const references = messageIds(mail.references);
  const inReplyTo = messageIds(mail.inReplyTo)[0] ?? null;
  const bodyText = (mail.text ?? '').trim();
  const from = addresses(mail.from)[0] ?? { name: null, address: '' };
  const date = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : options.fallbackDate;
  const flags = flagsFromHeaders((name) => header(mail, name));
  return {
    internetMessageId,
    threadId: references[0] ?? inReplyTo ?? internetMessageId,
    subject: (mail.subject ?? '').trim(),
    from,
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    date,
    bodyText,
    bodyHtml: typeof mail.html === 'string' ? mail.html : null,
    snippet: makeSnippet(bodyText),
    inReplyTo,
    references,
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename ?? null,
      contentType: attachment.contentType,
      size: attachment.size,
    })),
    read: flags.read,
    flagged: flags.flagged,
  };
}
