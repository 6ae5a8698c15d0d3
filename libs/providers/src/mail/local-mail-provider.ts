/**
 * The embedded mail store (docs/reference/tool-catalogue.md#personal-data-providers): mailboxes and messages in
 * SQLite with an FTS5 index over subject, sender, recipients and body. It imports mbox, Maildir and .eml; it cannot
 * transmit, so sends are saved as drafts and recorded in the outbox.
 */
import { newUuid } from '@chief-of-staff/core';
import { type CosDatabase, foldCase } from '@chief-of-staff/stores';
import type { Statement } from 'better-sqlite3';
import { statementCache } from '../shared/statement-cache.js';
import { ProviderError } from '../errors/provider-error.js';
import { buildFtsQuery } from '../shared/text-match.js';
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
  /** Match count above which search walks the date index (tuning and tests). */
  dateScanThreshold?: number;
}

interface MailboxRow {
  id: number;
  account: string;
  name: string;
  role: MailboxRole;
}

interface HeaderRow {
  id: number;
  message_id: string;
  thread_id: string | null;
  subject: string;
  from_name: string;
  from_address: string;
  date: string;
  read: number;
  flagged: number;
  is_draft: number;
  snippet: string;
  mailbox: string;
  account: string;
}

interface MessageRow extends HeaderRow {
  to: string;
  cc: string;
  body_text: string;
  body_html: string | null;
  in_reply_to: string | null;
  references: string;
  attachments: string;
}

const HEADER_COLUMNS = `m.id, m.message_id, m.thread_id, m.subject, m.from_name, m.from_address, m.date, m.read, m.flagged,
  m.is_draft, m.snippet, mb.name AS mailbox, mb.account AS account`;

const ROLE_ORDER = `CASE role WHEN 'inbox' THEN 0 WHEN 'drafts' THEN 1 WHEN 'sent' THEN 2 WHEN 'archive' THEN 3 WHEN 'trash' THEN 5 ELSE 4 END`;

/**
 * Above this many full-text matches, search walks the date index newest-first and stops at the page end instead
 * of sorting every match: sorting costs about 8 µs per match, the walk about (page end ÷ match share) entries.
 */
const DATE_SCAN_THRESHOLD = 2_000;

/** The search statement; the FTS match is always the first parameter, then the filters, LIMIT and OFFSET. */
function searchSql(walkDateIndex: boolean, filters: readonly string[]): string {
  const extra = filters.map((filter) => ` AND ${filter}`).join('');
  return walkDateIndex
    ? `SELECT ${HEADER_COLUMNS} FROM mail_messages m INDEXED BY mail_messages_date_idx JOIN mailboxes mb ON mb.id = m.mailbox_id
       WHERE m.id IN (SELECT rowid FROM mail_messages_fts WHERE mail_messages_fts MATCH ?)${extra}
       ORDER BY m.date DESC, m.id DESC LIMIT ? OFFSET ?`
    : `SELECT ${HEADER_COLUMNS} FROM mail_messages_fts f
       JOIN mail_messages m ON m.id = f.rowid JOIN mailboxes mb ON mb.id = m.mailbox_id
       WHERE mail_messages_fts MATCH ?${extra} ORDER BY m.date DESC, m.id DESC LIMIT ? OFFSET ?`;
}

function toHeader(row: HeaderRow): MailHeader {
  return {
    id: String(row.id),
    internetMessageId: row.message_id,
    threadId: row.thread_id,
    subject: row.subject,
    from: { name: row.from_name || null, address: row.from_address },
    date: new Date(row.date),
    read: row.read === 1,
    flagged: row.flagged === 1,
    isDraft: row.is_draft === 1,
    mailbox: row.mailbox,
    account: row.account,
    snippet: row.snippet,
  };
}

function addressesFromJson(json: string): MailAddress[] {
  const list = JSON.parse(json) as { name?: string; address: string }[];
  return list.map((a) => ({ name: a.name ?? null, address: a.address }));
}

function addressesToJson(list: readonly MailAddress[]): string {
  return JSON.stringify(list.map((a) => (a.name ? { name: a.name, address: a.address } : { address: a.address })));
}

export interface MailImportOutcome {
  imported: boolean;
}

export class LocalMailProvider implements MailProvider {
  readonly name = 'local';
  readonly canSend = false;

  private readonly prepare: (sql: string) => Statement;

  constructor(
    private readonly store: CosDatabase,
    private readonly options: LocalMailOptions = {},
  ) {
    this.prepare = statementCache(store);
  }

  /** The database the store lives in (a synced account keeps its sync state beside the messages). */
  get database(): CosDatabase {
    return this.store;
  }


  // ---- mailboxes -------------------------------------------------------------------------------------------

  /** Finds or creates a mailbox; the role is inferred from the name unless given. */
  ensureMailbox(account: string, name: string, role?: MailboxRole): MailboxRow {
    const existing = this.prepare(`SELECT id, account, name, role FROM mailboxes WHERE cos_fold(account) = ? AND cos_fold(name) = ?`).get(
      foldCase(account),
      foldCase(name),
    ) as MailboxRow | undefined;
    if (existing) return existing;
    this.prepare(`INSERT INTO mailboxes (account, name, role) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`).run(account, name, role ?? roleForMailboxName(name));
    return this.ensureMailbox(account, name, role);
  }

  async mailboxes(account?: string): Promise<Mailbox[]> {
    const rows = this.prepare(
      `SELECT mb.id, mb.account, mb.name, mb.role,
         (SELECT count(*) FROM mail_messages m WHERE m.mailbox_id = mb.id) AS total,
         (SELECT count(*) FROM mail_messages m WHERE m.mailbox_id = mb.id AND m.read = 0) AS unread
       FROM mailboxes mb WHERE (? IS NULL OR cos_fold(mb.account) = ?)
       ORDER BY mb.account, ${ROLE_ORDER}, mb.name, mb.id`,
    ).all(account === undefined ? null : 1, account === undefined ? null : foldCase(account)) as (MailboxRow & { total: number; unread: number })[];
    if (account !== undefined && rows.length === 0) {
      throw ProviderError.notFound(PROVIDER, 'Mail account', account, this.accountsHint());
    }
    return rows.map((r) => ({ id: r.id, account: r.account, name: r.name, role: r.role, unreadCount: r.unread, totalCount: r.total }));
  }

  private accountsHint(): string {
    const accounts = (this.prepare(`SELECT DISTINCT account FROM mailboxes ORDER BY account`).all() as { account: string }[]).map((a) => a.account);
    return accounts.length > 0 ? `Known accounts: ${accounts.join(', ')}.` : 'No mail yet: import some with `cos import mbox <file>`.';
  }

  /** Mailboxes named `name` (case-insensitive; "INBOX" also matches inbox-role mailboxes), optionally in one account. */
  private resolveMailboxes(name: string, account?: string): MailboxRow[] {
    const folded = foldCase(name.trim());
    const rows = this.prepare(
      `SELECT id, account, name, role FROM mailboxes
       WHERE (cos_fold(name) = ? OR (? = 'inbox' AND role = 'inbox')) AND (? IS NULL OR cos_fold(account) = ?)
       ORDER BY account, id`,
    ).all(folded, folded, account === undefined ? null : 1, account === undefined ? null : foldCase(account)) as MailboxRow[];
    if (rows.length === 0) {
      const known = (this.prepare(`SELECT account, name FROM mailboxes ORDER BY account, name`).all() as { account: string; name: string }[])
        .map((m) => `${m.account}/${m.name}`)
        .slice(0, 30);
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
    const boxes = this.resolveMailboxes(query.mailbox, query.account).map((b) => b.id);
    const where = [`m.mailbox_id IN (${boxes.map(() => '?').join(',')})`];
    const params: unknown[] = [...boxes];
    if (query.unreadOnly) where.push('m.read = 0');
    if (query.since) {
      where.push('m.date >= ?');
      params.push(query.since.toISOString());
    }
    const clause = where.join(' AND ');
    const total = (this.prepare(`SELECT count(*) AS n FROM mail_messages m WHERE ${clause}`).get(...params) as { n: number }).n;
    const rows = this.prepare(
      `SELECT ${HEADER_COLUMNS} FROM mail_messages m JOIN mailboxes mb ON mb.id = m.mailbox_id
       WHERE ${clause} ORDER BY m.date DESC, m.id DESC LIMIT ? OFFSET ?`,
    ).all(...params, page.limit, page.offset) as HeaderRow[];
    return { items: rows.map(toHeader), total, hasMore: page.offset + rows.length < total };
  }

  private messageRow(id: string): MessageRow {
    const key = id.trim();
    const select = `SELECT ${HEADER_COLUMNS}, m.[to], m.cc, m.body_text, m.body_html, m.in_reply_to, m.[references], m.attachments
      FROM mail_messages m JOIN mailboxes mb ON mb.id = m.mailbox_id`;
    let row: MessageRow | undefined;
    if (/^\d+$/.test(key)) row = this.prepare(`${select} WHERE m.id = ?`).get(Number(key)) as MessageRow | undefined;
    else if (key.includes('@')) {
      const messageId = key.startsWith('<') ? key : `<${key}>`;
      row = this.prepare(`${select} WHERE m.message_id = ? ORDER BY m.date DESC, m.id DESC LIMIT 1`).get(messageId) as MessageRow | undefined;
    }
    if (!row) throw ProviderError.notFound(PROVIDER, 'Message', key);
    return row;
  }

  async get(id: string): Promise<MailMessage> {
    const row = this.messageRow(id);
    return {
      ...toHeader(row),
      to: addressesFromJson(row.to),
      cc: addressesFromJson(row.cc),
      bodyText: row.body_text,
      bodyHtml: row.body_html,
      inReplyTo: row.in_reply_to,
      references: JSON.parse(row.references) as string[],
      attachments: (JSON.parse(row.attachments) as { filename: string; content_type: string; size_bytes: number }[]).map((a) => ({
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
    const match = buildFtsQuery(query.query);
    if (!match) {
      throw new ProviderError('invalid', 'query: needs at least one letter or digit to search for.', { provider: PROVIDER, details: { field: 'query' } });
    }
    const where: string[] = [];
    const params: unknown[] = [match];
    if (query.mailbox !== undefined || query.account !== undefined) {
      const boxes =
        query.mailbox !== undefined
          ? this.resolveMailboxes(query.mailbox, query.account)
          : (this.prepare(`SELECT id FROM mailboxes WHERE cos_fold(account) = ?`).all(foldCase(query.account as string)) as { id: number }[]);
      if (boxes.length === 0) throw ProviderError.notFound(PROVIDER, 'Mail account', query.account as string, this.accountsHint());
      where.push(`m.mailbox_id IN (${boxes.map(() => '?').join(',')})`);
      params.push(...boxes.map((b) => b.id));
    }
    if (query.since) {
      where.push('m.date >= ?');
      params.push(query.since.toISOString());
    }
    if (query.until) {
      where.push('m.date < ?');
      params.push(query.until.toISOString());
    }
    const rows = this.prepare(searchSql(this.manyMatches(match), where)).all(...params, page.limit + 1, page.offset) as HeaderRow[];
    const hasMore = rows.length > page.limit;
    const items = rows.slice(0, page.limit).map(toHeader);
    return { items, total: hasMore ? null : page.offset + items.length, hasMore };
  }

  private get threshold(): number {
    return this.options.dateScanThreshold ?? DATE_SCAN_THRESHOLD;
  }

  /** True when the query matches more than the threshold (counting stops there). */
  private manyMatches(match: string): boolean {
    const row = this.prepare(
      `SELECT count(*) AS n FROM (SELECT rowid FROM mail_messages_fts WHERE mail_messages_fts MATCH ? LIMIT ?)`,
    ).get(match, this.threshold + 1) as { n: number };
    return row.n > this.threshold;
  }

  async unreadCount(mailbox: string, account?: string): Promise<{ mailbox: string; account: string; unreadCount: number }> {
    const boxes = this.resolveMailboxes(mailbox, account);
    const unread = (
      this.prepare(`SELECT count(*) AS n FROM mail_messages WHERE read = 0 AND mailbox_id IN (${boxes.map(() => '?').join(',')})`).get(
        ...boxes.map((b) => b.id),
      ) as { n: number }
    ).n;
    const accounts = [...new Set(boxes.map((b) => b.account))];
    return { mailbox: boxes[0]?.name ?? mailbox, account: accounts.length === 1 ? (accounts[0] as string) : accounts.join(','), unreadCount: unread };
  }

  // ---- state changes ---------------------------------------------------------------------------------------

  async setFlags(id: string, flags: { read?: boolean; flagged?: boolean }): Promise<MailHeader> {
    const row = this.messageRow(id);
    const now = new Date().toISOString();
    if (flags.read !== undefined) this.prepare(`UPDATE mail_messages SET read = ?, updated_at = ? WHERE id = ?`).run(flags.read ? 1 : 0, now, row.id);
    if (flags.flagged !== undefined) this.prepare(`UPDATE mail_messages SET flagged = ?, updated_at = ? WHERE id = ?`).run(flags.flagged ? 1 : 0, now, row.id);
    return toHeader(this.messageRow(String(row.id)));
  }

  async move(id: string, targetMailbox: string, targetAccount?: string): Promise<MailHeader> {
    const row = this.messageRow(id);
    const [target] = this.resolveMailboxes(targetMailbox, targetAccount ?? row.account);
    if (!target) throw ProviderError.notFound(PROVIDER, 'Mailbox', targetMailbox);
    return this.store.writeTransaction(() => {
      const duplicate = this.prepare(`SELECT id FROM mail_messages WHERE mailbox_id = ? AND message_id = ?`).get(target.id, row.message_id) as
        | { id: number }
        | undefined;
      if (duplicate && duplicate.id !== row.id) {
        // The target already holds this message: moving merges into it.
        this.prepare(`DELETE FROM mail_messages WHERE id = ?`).run(row.id);
        return toHeader(this.messageRow(String(duplicate.id)));
      }
      this.prepare(`UPDATE mail_messages SET mailbox_id = ?, updated_at = ? WHERE id = ?`).run(target.id, new Date().toISOString(), row.id);
      return toHeader(this.messageRow(String(row.id)));
    });
  }

  // ---- drafts and outbox -----------------------------------------------------------------------------------

  /**
   * Saves the message in the account's Drafts mailbox (or `options.mailbox`) and records it in the outbox as a
   * draft; returns the draft's id and its Message-ID (`options.messageId`, or a new one).
   */
  async saveDraft(mail: OutgoingMail, options: { mailbox?: string; messageId?: string } = {}): Promise<{ draftId: string; messageId: string }> {
    const account = mail.account ?? LOCAL_MAIL_ACCOUNT;
    const now = new Date().toISOString();
    return this.store.writeTransaction(() => {
      const drafts = this.ensureMailbox(account, options.mailbox ?? 'Drafts', 'drafts');
      const messageId = options.messageId ?? `<${newUuid()}@chief-of-staff.local>`;
      const references = mail.references ?? [];
      const inserted = this.prepare(
        `INSERT INTO mail_messages (mailbox_id, message_id, thread_id, subject, from_name, from_address, [to], cc, date, body_text,
           body_html, snippet, read, flagged, is_draft, in_reply_to, [references], attachments)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0, 1, ?, ?, '[]')`,
      ).run(
        drafts.id,
        messageId,
        references[0] ?? mail.inReplyTo ?? messageId,
        mail.subject,
        this.options.selfName ?? '',
        this.options.selfAddress ?? '',
        addressesToJson(mail.to.map((address) => ({ name: null, address }))),
        addressesToJson(mail.cc.map((address) => ({ name: null, address }))),
        now,
        mail.bodyText,
        mail.bodyHtml,
        makeSnippet(mail.bodyText),
        mail.inReplyTo ?? null,
        JSON.stringify(references),
      );
      this.prepare(
        `INSERT INTO mail_outbox ([to], cc, bcc, subject, body_text, body_html, in_reply_to, [references], status, created_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'draft', ?)`,
      ).run(
        JSON.stringify(mail.to),
        JSON.stringify(mail.cc),
        JSON.stringify(mail.bcc),
        mail.subject,
        mail.bodyText,
        mail.bodyHtml,
        mail.inReplyTo ?? null,
        JSON.stringify(references),
        mail.createdBy ?? 'user',
      );
      return { draftId: String(inserted.lastInsertRowid), messageId };
    });
  }

  // ---- import ----------------------------------------------------------------------------------------------

  /**
   * Stores a parsed message unless the mailbox already holds its Message-ID (re-imports never duplicate and never
   * overwrite local read/flag changes). Call inside a write transaction when importing many.
   */
  importMessage(mailboxId: number, record: ParsedMailRecord, defaults: { read: boolean; flagged: boolean; isDraft?: boolean }): MailImportOutcome {
    const result = this.prepare(
      `INSERT INTO mail_messages (mailbox_id, message_id, thread_id, subject, from_name, from_address, [to], cc, date, body_text,
         body_html, snippet, read, flagged, is_draft, in_reply_to, [references], attachments)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (mailbox_id, message_id) DO NOTHING`,
    ).run(
      mailboxId,
      record.internetMessageId,
      record.threadId,
      record.subject,
      record.from.name ?? '',
      record.from.address,
      addressesToJson(record.to),
      addressesToJson(record.cc),
      record.date.toISOString(),
      record.bodyText,
      record.bodyHtml,
      record.snippet,
      (record.read ?? defaults.read) ? 1 : 0,
      (record.flagged ?? defaults.flagged) ? 1 : 0,
      defaults.isDraft ? 1 : 0,
      record.inReplyTo,
      JSON.stringify(record.references),
      JSON.stringify(record.attachments.map((a) => ({ filename: a.filename ?? '', content_type: a.contentType, size_bytes: a.size }))),
    );
    return { imported: result.changes > 0 };
  }

  /** True when the mailbox already holds this Message-ID (lets imports skip parsing known messages). */
  hasMessage(mailboxId: number, internetMessageId: string): boolean {
    return this.prepare(`SELECT 1 FROM mail_messages WHERE mailbox_id = ? AND message_id = ?`).get(mailboxId, internetMessageId) !== undefined;
  }
}
