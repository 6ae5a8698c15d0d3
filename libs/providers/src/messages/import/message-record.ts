/**
 * The portable message record accepted by `cos import messages` (JSON lines or CSV), and its normalisation:
 * field aliases of common exports are accepted, times become instants, and a message without an id gets a
 * stable one so re-imports do not duplicate.
 */
import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';

export interface ImportedMessage {
  externalId: string;
  conversationId: string;
  conversationTitle: string | null;
  channel: string;
  senderHandle: string;
  senderName: string | null;
  isFromMe: boolean;
  text: string;
  sentAt: Date;
  participants: string[];
}

/** Accepted keys for each field, first match wins. */
const ALIASES = {
  id: ['id', 'message_id', 'external_id', 'guid'],
  conversation: ['conversation', 'conversation_id', 'thread', 'thread_id', 'chat', 'chat_id'],
  conversationTitle: ['conversation_title', 'thread_title', 'chat_name', 'title'],
  channel: ['channel', 'service', 'platform', 'source'],
  sender: ['sender', 'sender_handle', 'from', 'handle', 'author'],
  senderName: ['sender_name', 'from_name', 'author_name', 'name'],
  isFromMe: ['is_from_me', 'from_me', 'outgoing', 'sent_by_me'],
  text: ['text', 'body', 'message', 'content'],
  date: ['date', 'sent_at', 'timestamp', 'time', 'datetime'],
  participants: ['participants', 'members'],
} as const;

export class MessageRecordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MessageRecordError';
  }
}

function pick(record: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) {
    if (record[key] !== undefined && record[key] !== null && record[key] !== '') return record[key];
  }
  return undefined;
}

function asString(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const str = (typeof value === 'string' ? value : String(value)).trim();
  return str === '' ? null : str;
}

function asBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return ['true', '1', 'yes', 'y'].includes(String(value ?? '').trim().toLowerCase());
}

/** ISO-8601 (a naive time is read in `timezone`), `YYYY-MM-DD HH:MM:SS`, or epoch seconds/milliseconds. */
function asDate(value: unknown, timezone: string): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,13}(\.\d+)?$/.test(value.trim()))) {
    const n = Number(value);
    // Up to eleven digits are seconds; more are milliseconds.
    return new Date(n < 1e11 ? n * 1000 : n);
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  for (const parsed of [DateTime.fromISO(text, { zone: timezone }), DateTime.fromSQL(text, { zone: timezone })]) {
    if (parsed.isValid) return parsed.toJSDate();
  }
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => asString(v)).filter((v): v is string => v !== null);
  const str = asString(value);
  return str ? str.split(/[;,]/).map((part) => part.trim()).filter(Boolean) : [];
}

/** Normalises one record; throws `MessageRecordError` naming the missing or bad field. */
export function normalizeMessageRecord(
  record: Record<string, unknown>,
  defaults: { channel: string; timezone: string },
): ImportedMessage {
  const text = asString(pick(record, ALIASES.text));
  if (text === null) throw new MessageRecordError('missing "text"');
  const rawDate = pick(record, ALIASES.date);
  if (rawDate === undefined) throw new MessageRecordError('missing "date"');
  const sentAt = asDate(rawDate, defaults.timezone);
  if (!sentAt) throw new MessageRecordError(`"date" is not a date: ${String(rawDate).slice(0, 40)}`);
  const isFromMe = asBoolean(pick(record, ALIASES.isFromMe));
  const senderHandle = asString(pick(record, ALIASES.sender)) ?? (isFromMe ? 'me' : null);
  if (senderHandle === null) throw new MessageRecordError('missing "sender"');
  const channel = asString(pick(record, ALIASES.channel))?.toLowerCase() ?? defaults.channel;
  const participants = asList(pick(record, ALIASES.participants));
  const conversationId =
    asString(pick(record, ALIASES.conversation)) ??
    (participants.length > 0 ? [...participants].sort().join(',') : isFromMe ? 'me' : senderHandle);
  const externalId =
    asString(pick(record, ALIASES.id)) ??
    createHash('sha256')
      .update([channel, conversationId, senderHandle, sentAt.toISOString(), text].join('\u0000'))
      .digest('hex')
      .slice(0, 32);
  return {
    externalId,
    conversationId,
    conversationTitle: asString(pick(record, ALIASES.conversationTitle)),
    channel,
    senderHandle,
    senderName: asString(pick(record, ALIASES.senderName)),
    isFromMe,
    text,
    sentAt,
    participants,
  };
}
