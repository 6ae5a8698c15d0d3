/**
 * The mail repository on the embedded SQLite database: the statements the local mail store and the IMAP cache have
 * always run, each prepared once. Search goes through the `mail_messages_fts` FTS5 table (unicode61, diacritics
 * removed), kept in step with `mail_messages` by triggers.
 */
import { foldCase } from '@chief-of-staff/core';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import type { MailboxRole, MailboxRow, MailboxSummaryRow, MailHeaderRow, MailMessageInput, MailMessageRow, MailOutboxInput, MailOutboxStatus, MailRepository, SearchMailMessagesFilters } from '@chief-of-staff/stores';
import { nowIso } from '@chief-of-staff/stores/adapter-kit';
import { statementCache } from '../db/statement-cache.js';

export interface SqliteMailRepositoryOptions {
  /** Match count above which search walks the date index (tuning and tests). */
  dateScanThreshold?: number;
}

interface HeaderSqlRow {
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

interface MessageSqlRow extends HeaderSqlRow {
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

const MESSAGE_SELECT = `SELECT ${HEADER_COLUMNS}, m.[to], m.cc, m.body_text, m.body_html, m.in_reply_to, m.[references], m.attachments
      FROM mail_messages m JOIN mailboxes mb ON mb.id = m.mailbox_id`;

/** Mailboxes of an account: the inbox first, then drafts, sent, archive, the others, trash. */
const MAILBOX_ROLE_ORDER = `CASE role WHEN 'inbox' THEN 0 WHEN 'drafts' THEN 1 WHEN 'sent' THEN 2 WHEN 'archive' THEN 3 WHEN 'trash' THEN 5 ELSE 4 END`;

/**
 * Above this many full-text matches, search walks the date index newest-first and stops at the page end instead
 * of sorting every match: sorting costs about 8 µs per match, the walk about (page end ÷ match share) entries.
 */
const DATE_SCAN_THRESHOLD = 2_000;

const INSERT_MESSAGE = `INSERT INTO mail_messages (mailbox_id, message_id, thread_id, subject, from_name, from_address, [to], cc, date, body_text,
         body_html, snippet, read, flagged, is_draft, in_reply_to, [references], attachments)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (mailbox_id, message_id) DO NOTHING`;

const INSERT_OUTBOX = `INSERT INTO mail_outbox ([to], cc, bcc, subject, body_text, body_html, in_reply_to, [references], status, created_by, provider_message_id, sent_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The FTS5 query of the phrases: each a quoted string (operators in user text stay inert), implicitly ANDed. */
export function ftsPhraseQuery(phrases: readonly string[]): string {
  return phrases.map((phrase) => `"${phrase.replace(/"/g, ' ')}"`).join(' ');
}

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

function toHeader(row: HeaderSqlRow): MailHeaderRow {
  return {
    id: row.id,
    messageId: row.message_id,
    threadId: row.thread_id,
    subject: row.subject,
    fromName: row.from_name,
    fromAddress: row.from_address,
    date: row.date,
    read: row.read === 1,
    flagged: row.flagged === 1,
    isDraft: row.is_draft === 1,
    snippet: row.snippet,
    mailbox: row.mailbox,
    account: row.account,
  };
}

function toMessage(row: MessageSqlRow): MailMessageRow {
  return {
    ...toHeader(row),
    to: JSON.parse(row.to) as MailMessageRow['to'],
    cc: JSON.parse(row.cc) as MailMessageRow['cc'],
    bodyText: row.body_text,
    bodyHtml: row.body_html,
    inReplyTo: row.in_reply_to,
    references: JSON.parse(row.references) as string[],
    attachments: JSON.parse(row.attachments) as MailMessageRow['attachments'],
  };
}

/** The parameters of INSERT_MESSAGE after the mailbox id. */
function messageParams(message: MailMessageInput): unknown[] {
  return [
    message.messageId,
    message.threadId,
    message.subject,
    message.fromName,
    message.fromAddress,
    JSON.stringify(message.to),
    JSON.stringify(message.cc),
    message.date,
    message.bodyText,
    message.bodyHtml,
    message.snippet,
    message.read ? 1 : 0,
    message.flagged ? 1 : 0,
    message.isDraft ? 1 : 0,
    message.inReplyTo,
    JSON.stringify(message.references),
    JSON.stringify(message.attachments),
  ];
}

function outboxParams(outbox: MailOutboxInput): unknown[] {
  return [
    JSON.stringify(outbox.to),
    JSON.stringify(outbox.cc),
    JSON.stringify(outbox.bcc),
    outbox.subject,
    outbox.bodyText,
    outbox.bodyHtml,
    outbox.inReplyTo,
    JSON.stringify(outbox.references),
    outbox.status,
    outbox.createdBy,
    outbox.providerMessageId ?? null,
    outbox.sentAt ?? null,
  ];
}

const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(',');

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createSqliteMailRepository(database: CosDatabase, clock: Clock, options: SqliteMailRepositoryOptions = {}): MailRepository {
  const prepare = statementCache(database);
  const threshold = options.dateScanThreshold ?? DATE_SCAN_THRESHOLD;

  const ensureMailbox = (account: string, name: string, role: MailboxRole): MailboxRow => {
    const existing = prepare(`SELECT id, account, name, role FROM mailboxes WHERE cos_fold(account) = ? AND cos_fold(name) = ?`).get(
      foldCase(account),
      foldCase(name),
    ) as MailboxRow | undefined;
    if (existing) return existing;
    prepare(`INSERT INTO mailboxes (account, name, role) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`).run(account, name, role);
    return ensureMailbox(account, name, role);
  };

  const getMessage = (id: number): MailMessageRow | undefined => {
    const row = prepare(`${MESSAGE_SELECT} WHERE m.id = ?`).get(id) as MessageSqlRow | undefined;
    return row && toMessage(row);
  };

  const insertMessage = (mailboxId: number, message: MailMessageInput): boolean =>
    prepare(INSERT_MESSAGE).run(mailboxId, ...messageParams(message)).changes > 0;

  /** True when the query matches more than the threshold (counting stops there). */
  const manyMatches = (match: string): boolean => {
    const row = prepare(`SELECT count(*) AS n FROM (SELECT rowid FROM mail_messages_fts WHERE mail_messages_fts MATCH ? LIMIT ?)`).get(
      match,
      threshold + 1,
    ) as { n: number };
    return row.n > threshold;
  };

  const searchMessages = (filters: SearchMailMessagesFilters, page: { limit: number; offset: number }): MailHeaderRow[] => {
    const match = ftsPhraseQuery(filters.phrases);
    const where: string[] = [];
    const params: unknown[] = [match];
    if (filters.mailboxIds !== undefined) {
      where.push(`m.mailbox_id IN (${placeholders(filters.mailboxIds.length)})`);
      params.push(...filters.mailboxIds);
    }
    if (filters.since !== undefined) {
      where.push('m.date >= ?');
      params.push(filters.since);
    }
    if (filters.until !== undefined) {
      where.push('m.date < ?');
      params.push(filters.until);
    }
    return (prepare(searchSql(manyMatches(match), where)).all(...params, page.limit, page.offset) as HeaderSqlRow[]).map(toHeader);
  };

  return {
    ensureMailbox: async (account, name, role) => ensureMailbox(account, name, role),

    listMailboxes: async (account) => {
      const rows = prepare(
        `SELECT mb.id, mb.account, mb.name, mb.role,
         (SELECT count(*) FROM mail_messages m WHERE m.mailbox_id = mb.id) AS total,
         (SELECT count(*) FROM mail_messages m WHERE m.mailbox_id = mb.id AND m.read = 0) AS unread
       FROM mailboxes mb WHERE (? IS NULL OR cos_fold(mb.account) = ?)
       ORDER BY mb.account, ${MAILBOX_ROLE_ORDER}, mb.name, mb.id`,
      ).all(account === undefined ? null : 1, account === undefined ? null : foldCase(account)) as MailboxSummaryRow[];
      return rows;
    },

    findMailboxes: async (name, account) => {
      const folded = foldCase(name.trim());
      return prepare(
        `SELECT id, account, name, role FROM mailboxes
       WHERE (cos_fold(name) = ? OR (? = 'inbox' AND role = 'inbox')) AND (? IS NULL OR cos_fold(account) = ?)
       ORDER BY account, id`,
      ).all(folded, folded, account === undefined ? null : 1, account === undefined ? null : foldCase(account)) as MailboxRow[];
    },

    mailboxIdsOfAccount: async (account) =>
      (prepare(`SELECT id FROM mailboxes WHERE cos_fold(account) = ?`).all(foldCase(account)) as { id: number }[]).map((row) => row.id),

    mailboxNames: async () => prepare(`SELECT account, name FROM mailboxes ORDER BY account, name`).all() as { account: string; name: string }[],

    accounts: async () => (prepare(`SELECT DISTINCT account FROM mailboxes ORDER BY account`).all() as { account: string }[]).map((row) => row.account),

    listMessages: async (filters, page) => {
      const where = [`m.mailbox_id IN (${placeholders(filters.mailboxIds.length)})`];
      const params: unknown[] = [...filters.mailboxIds];
      if (filters.unreadOnly) where.push('m.read = 0');
      if (filters.since !== undefined) {
        where.push('m.date >= ?');
        params.push(filters.since);
      }
      const clause = where.join(' AND ');
      const total = (prepare(`SELECT count(*) AS n FROM mail_messages m WHERE ${clause}`).get(...params) as { n: number }).n;
      const rows = prepare(
        `SELECT ${HEADER_COLUMNS} FROM mail_messages m JOIN mailboxes mb ON mb.id = m.mailbox_id
       WHERE ${clause} ORDER BY m.date DESC, m.id DESC LIMIT ? OFFSET ?`,
      ).all(...params, page.limit, page.offset) as HeaderSqlRow[];
      return { rows: rows.map(toHeader), total };
    },

    getMessage: async (id) => getMessage(id),

    getMessageByMessageId: async (messageId) => {
      const row = prepare(`${MESSAGE_SELECT} WHERE m.message_id = ? ORDER BY m.date DESC, m.id DESC LIMIT 1`).get(messageId) as MessageSqlRow | undefined;
      return row && toMessage(row);
    },

    searchMessages: async (filters, page) => searchMessages(filters, page),

    countUnread: async (mailboxIds) =>
      (prepare(`SELECT count(*) AS n FROM mail_messages WHERE read = 0 AND mailbox_id IN (${placeholders(mailboxIds.length)})`).get(...mailboxIds) as { n: number }).n,

    hasMessage: async (mailboxId, messageId) => prepare(`SELECT 1 FROM mail_messages WHERE mailbox_id = ? AND message_id = ?`).get(mailboxId, messageId) !== undefined,

    insertMessages: async (messages) => {
      if (messages.length === 0) return [];
      return database.writeTransaction(() => messages.map((item) => insertMessage(item.mailboxId, item.message)));
    },

    setFlags: async (id, flags) => {
      const now = nowIso(clock);
      if (flags.read !== undefined) prepare(`UPDATE mail_messages SET read = ?, updated_at = ? WHERE id = ?`).run(flags.read ? 1 : 0, now, id);
      if (flags.flagged !== undefined) prepare(`UPDATE mail_messages SET flagged = ?, updated_at = ? WHERE id = ?`).run(flags.flagged ? 1 : 0, now, id);
    },

    moveMessage: async (id, targetMailboxId) =>
      database.writeTransaction(() => {
        const row = prepare(`SELECT message_id FROM mail_messages WHERE id = ?`).get(id) as { message_id: string } | undefined;
        if (!row) return id;
        const duplicate = prepare(`SELECT id FROM mail_messages WHERE mailbox_id = ? AND message_id = ?`).get(targetMailboxId, row.message_id) as
          | { id: number }
          | undefined;
        if (duplicate && duplicate.id !== id) {
          // The target already holds this message: moving merges into it.
          prepare(`DELETE FROM mail_messages WHERE id = ?`).run(id);
          return duplicate.id;
        }
        prepare(`UPDATE mail_messages SET mailbox_id = ?, updated_at = ? WHERE id = ?`).run(targetMailboxId, nowIso(clock), id);
        return id;
      }),

    saveDraft: async (drafts, message, outbox) =>
      database.writeTransaction(() => {
        const mailbox = ensureMailbox(drafts.account, drafts.name, drafts.role);
        const inserted = prepare(INSERT_MESSAGE.replace(' ON CONFLICT (mailbox_id, message_id) DO NOTHING', '')).run(mailbox.id, ...messageParams(message));
        prepare(INSERT_OUTBOX).run(...outboxParams(outbox));
        return Number(inserted.lastInsertRowid);
      }),

    recordOutbox: async (outbox) => Number(prepare(INSERT_OUTBOX).run(...outboxParams(outbox)).lastInsertRowid),

    listOutbox: async () =>
      (
        prepare(`SELECT id, [to], cc, bcc, subject, status, created_by, provider_message_id, sent_at FROM mail_outbox ORDER BY id`).all() as {
          id: number;
          to: string;
          cc: string;
          bcc: string;
          subject: string;
          status: MailOutboxStatus;
          created_by: string;
          provider_message_id: string | null;
          sent_at: string | null;
        }[]
      ).map((row) => ({
        id: row.id,
        to: JSON.parse(row.to) as string[],
        cc: JSON.parse(row.cc) as string[],
        bcc: JSON.parse(row.bcc) as string[],
        subject: row.subject,
        status: row.status,
        createdBy: row.created_by,
        providerMessageId: row.provider_message_id,
        sentAt: row.sent_at,
      })),

    syncState: async (mailboxId) => {
      const row = prepare(`SELECT uid_validity, uid_next, highest_modseq, synced_at FROM mail_sync_state WHERE mailbox_id = ?`).get(mailboxId) as
        | { uid_validity: string; uid_next: number; highest_modseq: string | null; synced_at: string }
        | undefined;
      return row && { uidValidity: row.uid_validity, uidNext: row.uid_next, highestModseq: row.highest_modseq, syncedAt: row.synced_at };
    },

    saveSyncState: async (mailboxId, state) => {
      prepare(
        `INSERT INTO mail_sync_state (mailbox_id, uid_validity, uid_next, highest_modseq, synced_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (mailbox_id) DO UPDATE SET uid_validity = excluded.uid_validity, uid_next = excluded.uid_next,
         highest_modseq = excluded.highest_modseq, synced_at = excluded.synced_at, updated_at = excluded.synced_at`,
      ).run(mailboxId, state.uidValidity, state.uidNext, state.highestModseq, state.syncedAt);
    },

    lastSyncedAt: async (account) => {
      const row = prepare(`SELECT max(s.synced_at) AS at FROM mail_sync_state s JOIN mailboxes mb ON mb.id = s.mailbox_id WHERE mb.account = ?`).get(
        account,
      ) as { at: string | null };
      return row.at ?? undefined;
    },

    resetMailbox: async (mailboxId) => {
      database.writeTransaction(() => {
        prepare(`DELETE FROM mail_messages WHERE mailbox_id = ?`).run(mailboxId);
        prepare(`DELETE FROM mail_sync_state WHERE mailbox_id = ?`).run(mailboxId);
      });
    },

    removeSyncedMailboxesExcept: async (account, keepIds) => {
      const keep = new Set(keepIds);
      const synced = prepare(`SELECT mb.id FROM mailboxes mb JOIN mail_sync_state s ON s.mailbox_id = mb.id WHERE mb.account = ?`).all(account) as { id: number }[];
      const gone = synced.filter((row) => !keep.has(row.id));
      if (gone.length === 0) return;
      database.writeTransaction(() => {
        for (const row of gone) prepare(`DELETE FROM mailboxes WHERE id = ?`).run(row.id);
      });
    },

    storeSyncedMessages: async (mailboxId, messages) => {
      if (messages.length === 0) return 0;
      return database.writeTransaction(() => {
        let stored = 0;
        for (const message of messages) {
          if (insertMessage(mailboxId, message)) stored += 1;
          prepare(`UPDATE mail_messages SET remote_uid = ?, read = ?, flagged = ? WHERE mailbox_id = ? AND message_id = ?`).run(
            message.uid,
            message.read ? 1 : 0,
            message.flagged ? 1 : 0,
            mailboxId,
            message.messageId,
          );
        }
        return stored;
      });
    },

    updateFlagsByUid: async (mailboxId, changes) => {
      if (changes.length === 0) return;
      const now = nowIso(clock);
      database.writeTransaction(() => {
        for (const change of changes) {
          prepare(
            `UPDATE mail_messages SET read = ?, flagged = ?, updated_at = ? WHERE mailbox_id = ? AND remote_uid = ? AND (read != ? OR flagged != ?)`,
          ).run(change.read ? 1 : 0, change.flagged ? 1 : 0, now, mailboxId, change.uid, change.read ? 1 : 0, change.flagged ? 1 : 0);
        }
      });
    },

    removeExpunged: async (mailboxId, serverUids, belowUid) => {
      const cached = prepare(`SELECT remote_uid AS uid FROM mail_messages WHERE mailbox_id = ? AND remote_uid IS NOT NULL AND remote_uid < ?`).all(
        mailboxId,
        belowUid,
      ) as { uid: number }[];
      const gone = cached.filter((row) => !serverUids.has(row.uid));
      if (gone.length === 0) return 0;
      database.writeTransaction(() => {
        for (const row of gone) prepare(`DELETE FROM mail_messages WHERE mailbox_id = ? AND remote_uid = ?`).run(mailboxId, row.uid);
      });
      return gone.length;
    },

    messageRef: async (id) => {
      const row = prepare(
        `SELECT m.id, m.mailbox_id, mb.name AS mailbox, mb.account, m.remote_uid FROM mail_messages m JOIN mailboxes mb ON mb.id = m.mailbox_id WHERE m.id = ?`,
      ).get(id) as { id: number; mailbox_id: number; mailbox: string; account: string; remote_uid: number | null } | undefined;
      return row && { id: row.id, mailboxId: row.mailbox_id, mailbox: row.mailbox, account: row.account, remoteUid: row.remote_uid };
    },

    setRemoteUid: async (id, uid) => {
      prepare(`UPDATE mail_messages SET remote_uid = ? WHERE id = ?`).run(uid, id);
    },
  };
}
