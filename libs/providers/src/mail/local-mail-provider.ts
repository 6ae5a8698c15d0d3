/**
 * The embedded mail store (docs/reference/tool-catalogue.md#personal-data-providers): mailboxes and messages in
 * SQLite with an FTS5 index over subject, sender, recipients and body. It imports mbox, Maildir and .eml; it cannot
 * transmit, so sends are saved as drafts and recorded in the outbox.
 */
import { newUuid } from '@chief-of-staff/core';
import type { MailboxRow, MailHeaderRow, MailMessageInput, MailRepository } from '@chief-of-staff/stores';
import { ProviderError } from '../errors/provider-error.js';
import { searchPhrases } from '../shared/text-match.js';
import type {
  MailAddress,
  Mailbox,
  MailboxRole,
  MailHeader,
  MailListQuery,
  MailMessage,
  MailPage,
  MailProvider,
  MailSearchQuery,
  OutgoingMail,
  PageResult,
} from '../types/mail.js';
import type { ParsedMailRecord } from './mime/parse-mime.js';
import { makeSnippet } from './mime/parse-mime.js';
import { roleForMailboxName } from './mailbox-roles.js';

const PROVIDER = 'local-mail';
export const LOCAL_MAIL_ACCOUNT = 'local';

export interface LocalMailOptions {
  /** The user's address, written as the sender of drafts. */
  selfAddress?: string | null;
  selfName?: string | null;
}

function toHeader(row: MailHeaderRow): MailHeader {
  return {
    id: String(row.id),
    internetMessageId: row.messageId,
    threadId: row.threadId,
    subject: row.subject,
    from: { name: row.fromName || null, address: row.fromAddress },
    date: new Date(row.date),
    read: row.read,
    flagged: row.flagged,
    isDraft: row.isDraft,
    mailbox: row.mailbox,
    account: row.account,
    snippet: row.snippet,
  };
}

/** Stored addresses carry a name only when there is one (the JSON the FTS index has always seen). */
function storedAddresses(list: readonly MailAddress[]): { name?: string; address: string }[] {
  return list.map((a) => (a.name ? { name: a.name, address: a.address } : { address: a.address }));
}

/** The row of a parsed message, with the import's defaults for flags the message does not carry. */
export function mailMessageInput(record: ParsedMailRecord, defaults: { read: boolean; flagged: boolean; isDraft?: boolean }): MailMessageInput {
  return {
    messageId: record.internetMessageId,
    threadId: record.threadId,
    subject: record.subject,
    fromName: record.from.name ?? '',
    fromAddress: record.from.address,
    to: storedAddresses(record.to),
    cc: storedAddresses(record.cc),
    date: record.date.toISOString(),
    bodyText: record.bodyText,
    bodyHtml: record.bodyHtml,
    snippet: record.snippet,
    read: record.read ?? defaults.read,
    flagged: record.flagged ?? defaults.flagged,
    isDraft: defaults.isDraft ?? false,
    inReplyTo: record.inReplyTo,
    references: record.references,
    attachments: record.attachments.map((a) => ({ filename: a.filename ?? '', content_type: a.contentType, size_bytes: a.size })),
  };
}

export interface MailImportOutcome {
  imported: boolean;
}

export class LocalMailProvider implements MailProvider {
  readonly name = 'local';
  readonly canSend = false;

  constructor(
    private readonly store: MailRepository,
    private readonly options: LocalMailOptions = {},
  ) {}

  /** The repository the store lives in (a synced account keeps its sync state beside the messages). */
  get repository(): MailRepository {
    return this.store;
  }

  // ---- mailboxes -------------------------------------------------------------------------------------------

  /** Finds or creates a mailbox; the role is inferred from the name unless given. */
  async ensureMailbox(account: string, name: string, role?: MailboxRole): Promise<MailboxRow> {
    return this.store.ensureMailbox(account, name, role ?? roleForMailboxName(name));
  }

  async mailboxes(account?: string): Promise<Mailbox[]> {
    const rows = await this.store.listMailboxes(account);
    if (account !== undefined && rows.length === 0) {
      throw ProviderError.notFound(PROVIDER, 'Mail account', account, await this.accountsHint());
    }
    return rows.map((r) => ({ id: r.id, account: r.account, name: r.name, role: r.role, unreadCount: r.unread, totalCount: r.total }));
  }

  private async accountsHint(): Promise<string> {
    const accounts = await this.store.accounts();
    return accounts.length > 0 ? `Known accounts: ${accounts.join(', ')}.` : 'No mail yet: import some with `cos import mbox <file>`.';
  }

  /** Mailboxes named `name` (case-insensitive; "INBOX" also matches inbox-role mailboxes), optionally in one account. */
  private async resolveMailboxes(name: string, account?: string): Promise<MailboxRow[]> {
    const rows = await this.store.findMailboxes(name, account);
    if (rows.length === 0) {
      const known = (await this.store.mailboxNames()).map((m) => `${m.account}/${m.name}`).slice(0, 30);
      throw ProviderError.notFound(
        PROVIDER,
        'Mailbox',
        account ? `${account}/${name}` : name,
        known.length > 0 ? `Known mailboxes: ${known.join(', ')}.` : 'No mail yet: import some with `cos import mbox <file>`.',
      );
    }
    return rows;
  }

  // ---- reading ---------------------------------------------------------------------------------------------

  async list(query: MailListQuery, page: MailPage): Promise<PageResult<MailHeader>> {
    const boxes = (await this.resolveMailboxes(query.mailbox, query.account)).map((b) => b.id);
    const { rows, total } = await this.store.listMessages(
      { mailboxIds: boxes, ...(query.unreadOnly ? { unreadOnly: true } : {}), ...(query.since ? { since: query.since.toISOString() } : {}) },
      page,
    );
    return { items: rows.map(toHeader), total, hasMore: page.offset + rows.length < total };
  }

  private async messageRow(id: string) {
    const key = id.trim();
    let row;
    if (/^\d+$/.test(key)) row = await this.store.getMessage(Number(key));
    else if (key.includes('@')) row = await this.store.getMessageByMessageId(key.startsWith('<') ? key : `<${key}>`);
    if (!row) throw ProviderError.notFound(PROVIDER, 'Message', key);
    return row;
  }

  async get(id: string): Promise<MailMessage> {
    const row = await this.messageRow(id);
    return {
      ...toHeader(row),
      to: row.to.map((a) => ({ name: a.name ?? null, address: a.address })),
      cc: row.cc.map((a) => ({ name: a.name ?? null, address: a.address })),
      bodyText: row.bodyText,
      bodyHtml: row.bodyHtml,
      inReplyTo: row.inReplyTo,
      references: row.references,
      attachments: row.attachments.map((a) => ({
        filename: a.filename || null,
        contentType: a.content_type,
        size: a.size_bytes,
      })),
    };
  }

  /**
   * Full-text search, newest first. `total` is known only on the last page (counting every match would cost a
   * second pass); `hasMore` comes from fetching one row beyond the page.
   */
  async search(query: MailSearchQuery, page: MailPage): Promise<PageResult<MailHeader>> {
    const phrases = searchPhrases(query.query);
    if (phrases.length === 0) {
      throw new ProviderError('invalid', 'query: needs at least one letter or digit to search for.', { provider: PROVIDER, details: { field: 'query' } });
    }
    let mailboxIds: number[] | undefined;
    if (query.mailbox !== undefined || query.account !== undefined) {
      mailboxIds =
        query.mailbox !== undefined
          ? (await this.resolveMailboxes(query.mailbox, query.account)).map((b) => b.id)
          : await this.store.mailboxIdsOfAccount(query.account as string);
      if (mailboxIds.length === 0) throw ProviderError.notFound(PROVIDER, 'Mail account', query.account as string, await this.accountsHint());
    }
    const rows = await this.store.searchMessages(
      {
        phrases,
        ...(mailboxIds ? { mailboxIds } : {}),
        ...(query.since ? { since: query.since.toISOString() } : {}),
        ...(query.until ? { until: query.until.toISOString() } : {}),
      },
      { limit: page.limit + 1, offset: page.offset },
    );
    const hasMore = rows.length > page.limit;
    const items = rows.slice(0, page.limit).map(toHeader);
    return { items, total: hasMore ? null : page.offset + items.length, hasMore };
  }

  async unreadCount(mailbox: string, account?: string): Promise<{ mailbox: string; account: string; unreadCount: number }> {
    const boxes = await this.resolveMailboxes(mailbox, account);
    const unread = await this.store.countUnread(boxes.map((b) => b.id));
    const accounts = [...new Set(boxes.map((b) => b.account))];
    return { mailbox: boxes[0]?.name ?? mailbox, account: accounts.length === 1 ? (accounts[0] as string) : accounts.join(','), unreadCount: unread };
  }

  // ---- state changes ---------------------------------------------------------------------------------------

  async setFlags(id: string, flags: { read?: boolean; flagged?: boolean }): Promise<MailHeader> {
    const row = await this.messageRow(id);
    await this.store.setFlags(row.id, flags);
    return toHeader(await this.messageRow(String(row.id)));
  }

  async move(id: string, targetMailbox: string, targetAccount?: string): Promise<MailHeader> {
    const row = await this.messageRow(id);
    const [target] = await this.resolveMailboxes(targetMailbox, targetAccount ?? row.account);
    if (!target) throw ProviderError.notFound(PROVIDER, 'Mailbox', targetMailbox);
    const movedId = await this.store.moveMessage(row.id, target.id);
    return toHeader(await this.messageRow(String(movedId)));
  }

  // ---- drafts and outbox -----------------------------------------------------------------------------------

  /**
   * Saves the message in the account's Drafts mailbox (or `options.mailbox`) and records it in the outbox as a
   * draft; returns the draft's id and its Message-ID (`options.messageId`, or a new one).
   */
  async saveDraft(mail: OutgoingMail, options: { mailbox?: string; messageId?: string } = {}): Promise<{ draftId: string; messageId: string }> {
    const account = mail.account ?? LOCAL_MAIL_ACCOUNT;
    const now = new Date().toISOString();
    const messageId = options.messageId ?? `<${newUuid()}@chief-of-staff.local>`;
    const references = mail.references ?? [];
    const draftId = await this.store.saveDraft(
      { account, name: options.mailbox ?? 'Drafts', role: 'drafts' },
      {
        messageId,
        threadId: references[0] ?? mail.inReplyTo ?? messageId,
        subject: mail.subject,
        fromName: this.options.selfName ?? '',
        fromAddress: this.options.selfAddress ?? '',
        to: mail.to.map((address) => ({ address })),
        cc: mail.cc.map((address) => ({ address })),
        date: now,
        bodyText: mail.bodyText,
        bodyHtml: mail.bodyHtml,
        snippet: makeSnippet(mail.bodyText),
        read: true,
        flagged: false,
        isDraft: true,
        inReplyTo: mail.inReplyTo ?? null,
        references,
        attachments: [],
      },
      {
        to: mail.to,
        cc: mail.cc,
        bcc: mail.bcc,
        subject: mail.subject,
        bodyText: mail.bodyText,
        bodyHtml: mail.bodyHtml,
        inReplyTo: mail.inReplyTo ?? null,
        references,
        status: 'draft',
        createdBy: mail.createdBy ?? 'user',
      },
    );
    return { draftId: String(draftId), messageId };
  }

  // ---- import ----------------------------------------------------------------------------------------------

  /**
   * Stores a parsed message unless the mailbox already holds its Message-ID (re-imports never duplicate and never
   * overwrite local read/flag changes). Imports of many write them in batches with `importMessages`.
   */
  async importMessage(mailboxId: number, record: ParsedMailRecord, defaults: { read: boolean; flagged: boolean; isDraft?: boolean }): Promise<MailImportOutcome> {
    const [imported] = await this.store.insertMessages([{ mailboxId, message: mailMessageInput(record, defaults) }]);
    return { imported: imported === true };
  }

  /** Stores parsed messages in one transaction, as `importMessage` does each; returns per message whether it was new. */
  async importMessages(
    items: readonly { mailboxId: number; record: ParsedMailRecord; read: boolean; flagged: boolean; isDraft?: boolean }[],
  ): Promise<boolean[]> {
    return this.store.insertMessages(items.map((item) => ({ mailboxId: item.mailboxId, message: mailMessageInput(item.record, item) })));
  }

  /** True when the mailbox already holds this Message-ID (lets imports skip parsing known messages). */
  async hasMessage(mailboxId: number, internetMessageId: string): Promise<boolean> {
    return this.store.hasMessage(mailboxId, internetMessageId);
  }
}
