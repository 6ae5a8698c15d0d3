/**
 * The mail provider contract (docs/reference/tool-catalogue.md#personal-data-providers). Message ids are
 * provider-scoped strings (the local store uses its row id); the RFC 5322 Message-ID is carried separately as
 * `internetMessageId`.
 */

export const MAILBOX_ROLE_VALUES = ['inbox', 'sent', 'drafts', 'archive', 'trash', 'other'] as const;
export type MailboxRole = (typeof MAILBOX_ROLE_VALUES)[number];

export interface MailAddress {
  name: string | null;
  address: string;
}

export interface Mailbox {
  id: number;
  account: string;
  name: string;
  role: MailboxRole;
  unreadCount: number;
  totalCount: number;
}

export interface MailAttachmentInfo {
  filename: string | null;
  contentType: string;
  size: number;
}

export interface MailHeader {
  id: string;
  internetMessageId: string;
  threadId: string | null;
  subject: string;
  from: MailAddress;
  date: Date;
  read: boolean;
  flagged: boolean;
  isDraft: boolean;
  mailbox: string;
  account: string;
  snippet: string;
}

export interface MailMessage extends MailHeader {
  to: MailAddress[];
  cc: MailAddress[];
  bodyText: string;
  bodyHtml: string | null;
  inReplyTo: string | null;
  references: string[];
  attachments: MailAttachmentInfo[];
}

export interface MailPage {
  offset: number;
  limit: number;
}

/** One page of results; `total` is null when counting would cost a second pass (full-text search). */
export interface PageResult<T> {
  items: T[];
  total: number | null;
  hasMore: boolean;
  /** Caveats for the reader, e.g. an account that could not be synced and is answered from its cache. */
  warnings?: string[];
}

export interface MailListQuery {
  mailbox: string;
  account?: string;
  unreadOnly?: boolean;
  since?: Date;
}

export interface MailSearchQuery {
  query: string;
  mailbox?: string;
  account?: string;
  since?: Date;
  until?: Date;
}

/** A message to be sent or saved as a draft; addresses are validated before it reaches a provider. */
export interface OutgoingMail {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  bodyText: string;
  bodyHtml: string | null;
  inReplyTo?: string | null;
  references?: string[];
  account?: string;
  /** `user`, or the agent that wrote it (kept with the outbox entry). */
  createdBy?: string;
}

export interface SendResult {
  messageId: string;
}

export interface MailProvider {
  readonly name: string;
  /** True when `send` can transmit (SMTP configured); the local store never can. */
  readonly canSend: boolean;
  mailboxes(account?: string): Promise<Mailbox[]>;
  /** Headers, newest first (date desc, id desc). */
  list(query: MailListQuery, page: MailPage): Promise<PageResult<MailHeader>>;
  get(id: string): Promise<MailMessage>;
  search(query: MailSearchQuery, page: MailPage): Promise<PageResult<MailHeader>>;
  unreadCount(mailbox: string, account?: string): Promise<{ mailbox: string; account: string; unreadCount: number }>;
  setFlags(id: string, flags: { read?: boolean; flagged?: boolean }): Promise<MailHeader>;
  move(id: string, targetMailbox: string, targetAccount?: string): Promise<MailHeader>;
  /** Saves into the drafts mailbox (created on first use). */
  saveDraft(mail: OutgoingMail): Promise<{ draftId: string }>;
  send?(mail: OutgoingMail): Promise<SendResult>;
  /** For accounts on a server: connects and logs in (and checks sending), resolving with what was found. */
  checkConnection?(): Promise<string>;
}
