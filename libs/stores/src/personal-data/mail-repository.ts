/**
 * The mail repository of the storage port: the rows of the local mail store (`mailboxes`, `mail_messages` and its
 * full-text index, `mail_outbox`, `mail_sync_state`) that imported mail and the IMAP cache keep. Rows in, rows out:
 * parsing, mapping to the providers' types and provider errors stay in `@chief-of-staff/providers` (ADR 0072).
 */
import type { MailboxRole, MailOutboxStatus } from '../db/enums.js';
import type { MailAddress, MailAttachmentMeta } from '../db/enums.js';

export type { MailAddress, MailAttachmentMeta } from '../db/enums.js';

export interface MailboxRow {
  id: number;
  account: string;
  name: string;
  role: MailboxRole;
}

/** A mailbox with how many messages it holds and how many of them are unread. */
export interface MailboxSummaryRow extends MailboxRow {
  total: number;
  unread: number;
}

/** A message without its bodies and address lists, with its mailbox's name and account. */
export interface MailHeaderRow {
  id: number;
  messageId: string;
  threadId: string | null;
  subject: string;
  fromName: string;
  fromAddress: string;
  /** UTC instant, ISO-8601 with milliseconds. */
  date: string;
  read: boolean;
  flagged: boolean;
  isDraft: boolean;
  snippet: string;
  mailbox: string;
  account: string;
}

export interface MailMessageRow extends MailHeaderRow {
  to: MailAddress[];
  cc: MailAddress[];
  bodyText: string;
  bodyHtml: string | null;
  inReplyTo: string | null;
  references: string[];
  attachments: MailAttachmentMeta[];
}

/** A message to store (`messageId` is the RFC 5322 Message-ID, unique per mailbox). */
export interface MailMessageInput {
  messageId: string;
  threadId: string | null;
  subject: string;
  fromName: string;
  fromAddress: string;
  to: readonly MailAddress[];
  cc: readonly MailAddress[];
  date: string;
  bodyText: string;
  bodyHtml: string | null;
  snippet: string;
  read: boolean;
  flagged: boolean;
  isDraft: boolean;
  inReplyTo: string | null;
  references: readonly string[];
  attachments: readonly MailAttachmentMeta[];
}

/** A record of the outbox: a draft saved or a message sent. */
export interface MailOutboxInput {
  to: readonly string[];
  cc: readonly string[];
  bcc: readonly string[];
  subject: string;
  bodyText: string;
  bodyHtml: string | null;
  inReplyTo: string | null;
  references: readonly string[];
  status: MailOutboxStatus;
  createdBy: string;
  providerMessageId?: string | null;
  sentAt?: string | null;
}

export interface MailOutboxRow {
  id: number;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  status: MailOutboxStatus;
  createdBy: string;
  providerMessageId: string | null;
  sentAt: string | null;
}

/** Where the incremental sync of a server mailbox stands. */
export interface MailSyncStateRow {
  uidValidity: string;
  uidNext: number;
  highestModseq: string | null;
  syncedAt: string;
}

/** A cached message with its mailbox and server UID. */
export interface MailMessageRefRow {
  id: number;
  mailboxId: number;
  mailbox: string;
  account: string;
  remoteUid: number | null;
}

/** A message from a server mailbox with its UID; its `read`/`flagged` are the server's flags. */
export interface SyncedMailMessageInput extends MailMessageInput {
  uid: number;
}

export interface ListMailMessagesFilters {
  mailboxIds: readonly number[];
  unreadOnly?: boolean;
  /** Only messages dated at or after this ISO instant. */
  since?: string;
}

export interface SearchMailMessagesFilters {
  /**
   * The words and phrases to search for, every one required (AND): each is matched as FTS5 reads a quoted string, a
   * phrase of its unicode61 tokens (case folded, Latin diacritics removed) inside one field.
   */
  phrases: readonly string[];
  /** Only in these mailboxes (all when omitted). */
  mailboxIds?: readonly number[];
  /** Dated at or after this ISO instant. */
  since?: string;
  /** Dated before this ISO instant. */
  until?: string;
}

export interface MailRepository {
  // ---- mailboxes
  /** The mailbox `name` of `account` (both compared case-folded), created with `role` when missing. */
  ensureMailbox(account: string, name: string, role: MailboxRole): Promise<MailboxRow>;
  /** Mailboxes with their counts, of one account (case-folded) or all, by account, role (inbox first), name, id. */
  listMailboxes(account?: string): Promise<MailboxSummaryRow[]>;
  /** Mailboxes named `name` (case-folded; "inbox" also matches inbox-role mailboxes), optionally of one account, by account and id. */
  findMailboxes(name: string, account?: string): Promise<MailboxRow[]>;
  /** The ids of the mailboxes of `account` (case-folded). */
  mailboxIdsOfAccount(account: string): Promise<number[]>;
  /** Every mailbox by account and name (for error hints). */
  mailboxNames(): Promise<{ account: string; name: string }[]>;
  /** The distinct accounts, sorted. */
  accounts(): Promise<string[]>;

  // ---- reading messages
  /** Headers newest first (date, then id) with the count of every match. */
  listMessages(filters: ListMailMessagesFilters, page: { limit: number; offset: number }): Promise<{ rows: MailHeaderRow[]; total: number }>;
  getMessage(id: number): Promise<MailMessageRow | undefined>;
  /** The newest message with this Message-ID (angle brackets included) in any mailbox. */
  getMessageByMessageId(messageId: string): Promise<MailMessageRow | undefined>;
  /** Full-text search, newest first (date, then id); `phrases` must hold at least one phrase. */
  searchMessages(filters: SearchMailMessagesFilters, page: { limit: number; offset: number }): Promise<MailHeaderRow[]>;
  countUnread(mailboxIds: readonly number[]): Promise<number>;
  /** True when the mailbox holds this Message-ID. */
  hasMessage(mailboxId: number, messageId: string): Promise<boolean>;

  // ---- writing messages
  /**
   * Stores messages in one transaction, each unless its mailbox already holds its Message-ID (re-imports never
   * duplicate and never overwrite local read/flag changes). Returns, per message, whether it was stored.
   */
  insertMessages(messages: readonly { mailboxId: number; message: MailMessageInput }[]): Promise<boolean[]>;
  setFlags(id: number, flags: { read?: boolean; flagged?: boolean }): Promise<void>;
  /**
   * Moves a message to another mailbox; when that mailbox already holds its Message-ID the two merge (the moved copy
   * is deleted). Returns the id of the message now in the target.
   */
  moveMessage(id: number, targetMailboxId: number): Promise<number>;
  /** In one transaction: the draft into mailbox `drafts` of `account` (created when missing) and its outbox record. Returns the draft's id. */
  saveDraft(drafts: { account: string; name: string; role: MailboxRole }, message: MailMessageInput, outbox: MailOutboxInput): Promise<number>;
  recordOutbox(outbox: MailOutboxInput): Promise<number>;
  /** The outbox, oldest first. */
  listOutbox(): Promise<MailOutboxRow[]>;

  // ---- synced accounts (IMAP cache)
  syncState(mailboxId: number): Promise<MailSyncStateRow | undefined>;
  saveSyncState(mailboxId: number, state: MailSyncStateRow): Promise<void>;
  /** The newest sync of any mailbox of `account`, or undefined before the first. */
  lastSyncedAt(account: string): Promise<string | undefined>;
  /** Drops a mailbox's messages and sync state in one transaction. */
  resetMailbox(mailboxId: number): Promise<void>;
  /** Deletes the mailboxes of `account` that have a sync state and are not in `keepIds`. */
  removeSyncedMailboxesExcept(account: string, keepIds: readonly number[]): Promise<void>;
  /**
   * Stores server messages in one transaction: a message already cached (same Message-ID) is not stored twice; every
   * one gains its UID and the server's flags. Returns how many were new.
   */
  storeSyncedMessages(mailboxId: number, messages: readonly SyncedMailMessageInput[]): Promise<number>;
  /** Applies server flags to cached messages by UID. */
  updateFlagsByUid(mailboxId: number, changes: readonly { uid: number; read: boolean; flagged: boolean }[]): Promise<void>;
  /** Removes cached messages whose UID (below `belowUid`) is not in `serverUids`; returns how many. */
  removeExpunged(mailboxId: number, serverUids: ReadonlySet<number>, belowUid: number): Promise<number>;
  messageRef(id: number): Promise<MailMessageRefRow | undefined>;
  setRemoteUid(id: number, uid: number | null): Promise<void>;
}
