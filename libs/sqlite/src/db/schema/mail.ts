/**
 * Local mail store tables (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#personal-data-providers): mailboxes, messages and the outbox of locally recorded
 * sends. The `mail_messages_fts` full-text index lives in a hand-written custom migration.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import type { MailAddress, MailAttachmentMeta } from '@chief-of-staff/stores';
import { MAIL_OUTBOX_STATUSES, MAILBOX_ROLES } from '@chief-of-staff/stores/adapter-kit';

export const mailboxes = sqliteTable(
  'mailboxes',
  {
    id: idColumn(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: MAILBOX_ROLES }).notNull().default('other'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('mailboxes_account_name_uq').on(t.account, t.name)],
);

export const mailMessages = sqliteTable(
  'mail_messages',
  {
    id: idColumn(),
    mailboxId: integer('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    /** RFC 5322 Message-ID. */
    messageId: text('message_id').notNull(),
    threadId: text('thread_id'),
    subject: text('subject').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    fromAddress: text('from_address').notNull().default(''),
    to: text('to', { mode: 'json' }).$type<MailAddress[]>().notNull().default([]),
    cc: text('cc', { mode: 'json' }).$type<MailAddress[]>().notNull().default([]),
    /** UTC instant. */
    date: text('date').notNull(),
    bodyText: text('body_text').notNull().default(''),
    bodyHtml: text('body_html'),
    snippet: text('snippet').notNull().default(''),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    flagged: integer('flagged', { mode: 'boolean' }).notNull().default(false),
    isDraft: integer('is_draft', { mode: 'boolean' }).notNull().default(false),
    inReplyTo: text('in_reply_to'),
    references: text('references', { mode: 'json' }).$type<string[]>().notNull().default([]),
    attachments: text('attachments', { mode: 'json' }).$type<MailAttachmentMeta[]>().notNull().default([]),
    /** IMAP UID of the server copy (synced mailboxes only; valid for the mailbox's recorded UIDVALIDITY). */
    remoteUid: integer('remote_uid'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('mail_messages_mailbox_message_id_uq').on(t.mailboxId, t.messageId),
    index('mail_messages_mailbox_date_idx').on(t.mailboxId, t.date),
    index('mail_messages_message_id_idx').on(t.messageId),
    index('mail_messages_mailbox_remote_uid_idx').on(t.mailboxId, t.remoteUid),
  ],
);

/**
 * Where the incremental sync of a server mailbox (IMAP) stands: messages below `uid_next` are in the local store for
 * this `uid_validity`; flag changes up to `highest_modseq` (CONDSTORE) are applied.
 */
export const mailSyncState = sqliteTable('mail_sync_state', {
  mailboxId: integer('mailbox_id')
    .primaryKey()
    .references(() => mailboxes.id, { onDelete: 'cascade' }),
  uidValidity: text('uid_validity').notNull(),
  uidNext: integer('uid_next').notNull(),
  /** Decimal text: mod-sequences are 63-bit. */
  highestModseq: text('highest_modseq'),
  syncedAt: text('synced_at').notNull(),
  updatedAt: updatedAtColumn(),
});

/** Mail sent or drafted through the product, recorded locally whatever the transport. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: idColumn(),
    to: text('to', { mode: 'json' }).$type<string[]>().notNull(),
    cc: text('cc', { mode: 'json' }).$type<string[]>().notNull().default([]),
    bcc: text('bcc', { mode: 'json' }).$type<string[]>().notNull().default([]),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    inReplyTo: text('in_reply_to'),
    references: text('references', { mode: 'json' }).$type<string[]>().notNull().default([]),
    status: text('status', { enum: MAIL_OUTBOX_STATUSES }).notNull(),
    /** `user` or the agent name. */
    createdBy: text('created_by').notNull(),
    /** Message-ID assigned by the transport, when sent. */
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    sentAt: text('sent_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status), index('mail_outbox_created_at_idx').on(t.createdAt)],
);
