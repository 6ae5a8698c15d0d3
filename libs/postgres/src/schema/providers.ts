/**
 * The providers' local stores on PostgreSQL: calendars and events, reminder lists and reminders, mailboxes, mail
 * messages, their sync state and the outbox, conversations and messages — column for column as in the SQLite schema.
 * Where SQLite keeps FTS5 tables (`mail_messages_fts`, `messages_fts`), the rows carry `search_terms` (written by the
 * adapter, the unicode61 tokens of the same columns) and a `tsvector` generated from them with the `simple`
 * configuration. Markers that are not instants stay text: an event's `recurrence_id` (`''` for a series master), an
 * HTTP `Last-Modified`, IMAP's UIDVALIDITY and mod-sequence.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CalendarRow, EventRow, ReminderRecord } from '@chief-of-staff/stores';
import { createdAtColumn, idColumn, isoTimestamp, principalColumn, tsvector, updatedAtColumn } from './columns.js';

/** An attendee in `events.attendees` (the SQLite schema's EventAttendee). */
export interface EventAttendee {
  email: string;
  name?: string;
  response: 'needs_action' | 'accepted' | 'declined' | 'tentative';
  is_self: boolean;
}

/** An address in `to` / `cc` (the SQLite schema's MailAddress). */
export interface MailAddress {
  name?: string;
  address: string;
}

/** An attachment's description (the SQLite schema's MailAttachmentMeta). */
export interface MailAttachmentMeta {
  filename: string;
  content_type: string;
  size_bytes: number;
}

export const calendars = pgTable(
  'calendars',
  {
    principalId: principalColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    provider: text('provider').notNull().default('local'),
    kind: text('kind').$type<CalendarRow['kind']>().notNull().default('own'),
    ownerEmail: text('owner_email'),
    feedUrl: text('feed_url'),
    feedEtag: text('feed_etag'),
    /** An HTTP date as the feed sent it. */
    feedLastModified: text('feed_last_modified'),
    readOnly: boolean('read_only').notNull().default(false),
    color: text('color'),
    lastSyncedAt: isoTimestamp('last_synced_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('calendars_name_uq').on(t.name, t.principalId)],
);

export const events = pgTable(
  'events',
  {
    principalId: principalColumn(),
    id: idColumn(),
    calendarId: bigint('calendar_id', { mode: 'number' })
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    /** `''` for a series master or a single event (so the unique key holds for them too), else the original start. */
    recurrenceId: text('recurrence_id').notNull().default(''),
    title: text('title').notNull(),
    startAt: isoTimestamp('start_at').notNull(),
    endAt: isoTimestamp('end_at').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    timezone: text('timezone'),
    rrule: text('rrule'),
    exdates: jsonb('exdates').$type<string[]>().notNull().default([]),
    showAs: text('show_as').$type<EventRow['showAs']>().notNull().default('busy'),
    status: text('status').$type<EventRow['status']>().notNull().default('confirmed'),
    location: text('location'),
    notes: text('notes'),
    organizerEmail: text('organizer_email'),
    attendees: jsonb('attendees').$type<EventAttendee[]>().notNull().default([]),
    alarms: jsonb('alarms').$type<number[]>().notNull().default([]),
    remoteHref: text('remote_href'),
    remoteEtag: text('remote_etag'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('events_calendar_uid_recurrence_uq').on(t.calendarId, t.uid, t.recurrenceId),
    index('events_calendar_start_idx').on(t.calendarId, t.startAt),
    index('events_start_at_idx').on(t.startAt),
  ],
);

export const reminderLists = pgTable(
  'reminder_lists',
  {
    principalId: principalColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    color: text('color'),
    isDefault: boolean('is_default').notNull().default(false),
    remoteUrl: text('remote_url'),
    remoteCtag: text('remote_ctag'),
    lastSyncedAt: isoTimestamp('last_synced_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('reminder_lists_name_uq').on(t.name, t.principalId)],
);

export const reminders = pgTable(
  'reminders',
  {
    principalId: principalColumn(),
    id: idColumn(),
    listId: bigint('list_id', { mode: 'number' })
      .notNull()
      .references(() => reminderLists.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    title: text('title').notNull(),
    notes: text('notes'),
    dueDate: date('due_date', { mode: 'string' }),
    dueAt: isoTimestamp('due_at'),
    priority: text('priority').$type<ReminderRecord['priority']>().notNull().default('none'),
    completed: boolean('completed').notNull().default(false),
    completedAt: isoTimestamp('completed_at'),
    remoteHref: text('remote_href'),
    remoteEtag: text('remote_etag'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('reminders_list_uid_uq').on(t.listId, t.uid),
    index('reminders_completed_due_date_idx').on(t.completed, t.dueDate),
  ],
);

export const mailboxes = pgTable(
  'mailboxes',
  {
    principalId: principalColumn(),
    id: idColumn(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    /** inbox, sent, drafts, archive, trash or other (the stores' MAILBOX_ROLES). */
    role: text('role').notNull().default('other'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('mailboxes_account_name_uq').on(t.account, t.name, t.principalId)],
);

export const mailMessages = pgTable(
  'mail_messages',
  {
    principalId: principalColumn(),
    id: idColumn(),
    mailboxId: bigint('mailbox_id', { mode: 'number' })
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    threadId: text('thread_id'),
    subject: text('subject').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    fromAddress: text('from_address').notNull().default(''),
    to: jsonb('to').$type<MailAddress[]>().notNull().default([]),
    cc: jsonb('cc').$type<MailAddress[]>().notNull().default([]),
    date: isoTimestamp('date').notNull(),
    bodyText: text('body_text').notNull().default(''),
    bodyHtml: text('body_html'),
    snippet: text('snippet').notNull().default(''),
    read: boolean('read').notNull().default(false),
    flagged: boolean('flagged').notNull().default(false),
    isDraft: boolean('is_draft').notNull().default(false),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    attachments: jsonb('attachments').$type<MailAttachmentMeta[]>().notNull().default([]),
    remoteUid: bigint('remote_uid', { mode: 'number' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /** The unicode61 tokens of subject, from_name, from_address, `to` (its JSON text) and body_text (`mail_messages_fts`), fields apart (`mailMessageSearchTerms`). */
    searchTerms: text('search_terms').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_terms)`),
  },
  (t) => [
    uniqueIndex('mail_messages_mailbox_message_id_uq').on(t.mailboxId, t.messageId),
    index('mail_messages_mailbox_date_idx').on(t.mailboxId, t.date),
    index('mail_messages_message_id_idx').on(t.messageId),
    index('mail_messages_mailbox_remote_uid_idx').on(t.mailboxId, t.remoteUid),
    index('mail_messages_search_vector_idx').using('gin', t.searchVector),
    // Newest first across every mailbox: a search matching many messages walks it and stops at the page end, as
    // SQLite's mail_messages_date_idx does, instead of sorting every match (ADR 0072).
    index('mail_messages_date_idx').on(t.date, t.id),
  ],
);

export const mailSyncState = pgTable('mail_sync_state', {
  principalId: principalColumn(),
  mailboxId: bigint('mailbox_id', { mode: 'number' })
    .primaryKey()
    .references(() => mailboxes.id, { onDelete: 'cascade' }),
  uidValidity: text('uid_validity').notNull(),
  uidNext: bigint('uid_next', { mode: 'number' }).notNull(),
  /** Decimal text: mod-sequences are 63-bit. */
  highestModseq: text('highest_modseq'),
  syncedAt: isoTimestamp('synced_at').notNull(),
  updatedAt: updatedAtColumn(),
});

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    principalId: principalColumn(),
    id: idColumn(),
    to: jsonb('to').$type<string[]>().notNull(),
    cc: jsonb('cc').$type<string[]>().notNull().default([]),
    bcc: jsonb('bcc').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    /** draft, queued, sent or failed (the stores' MAIL_OUTBOX_STATUSES). */
    status: text('status').notNull(),
    createdBy: text('created_by').notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    sentAt: isoTimestamp('sent_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status), index('mail_outbox_created_at_idx').on(t.createdAt)],
);

export const conversations = pgTable(
  'conversations',
  {
    principalId: principalColumn(),
    id: idColumn(),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    channel: text('channel').notNull(),
    title: text('title'),
    participants: jsonb('participants').$type<string[]>().notNull().default([]),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('conversations_provider_external_id_uq').on(t.provider, t.externalId, t.principalId)],
);

export const messages = pgTable(
  'messages',
  {
    principalId: principalColumn(),
    id: idColumn(),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    senderHandle: text('sender_handle').notNull(),
    senderName: text('sender_name'),
    isFromMe: boolean('is_from_me').notNull().default(false),
    text: text('text').notNull().default(''),
    sentAt: isoTimestamp('sent_at').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
    /** The unicode61 tokens of text, sender_handle and sender_name (`messages_fts`). */
    searchTerms: text('search_terms').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_terms)`),
  },
  (t) => [
    uniqueIndex('messages_provider_external_id_uq').on(t.provider, t.externalId, t.principalId),
    index('messages_sent_at_idx').on(t.sentAt),
    index('messages_conversation_sent_at_idx').on(t.conversationId, t.sentAt),
    index('messages_search_vector_idx').using('gin', t.searchVector),
  ],
);
