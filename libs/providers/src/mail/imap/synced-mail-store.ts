/**
 * The local side of a synced mail account: which server UID each cached message has, and where each mailbox's
 * incremental sync stands (`mail_sync_state`). Messages themselves are written through `LocalMailProvider`, so a
 * synced account is searched exactly like imported mail.
 */
import type { Statement } from 'better-sqlite3';
import type { CosDatabase } from '@chief-of-staff/stores';
import { statementCache } from '../../shared/statement-cache.js';
import type { ParsedMailRecord } from '../mime/parse-mime.js';

export interface MailboxSyncState {
  uidValidity: string;
  uidNext: number;
  highestModseq: string | null;
  syncedAt: string;
}

export interface SyncedMessageRef {
  id: number;
  mailboxId: number;
  mailbox: string;
  account: string;
  remoteUid: number | null;
}

export class SyncedMailStore {
  readonly #prepare: (sql: string) => Statement;

  constructor(readonly database: CosDatabase) {
    this.#prepare = statementCache(database);
  }

  state(mailboxId: number): MailboxSyncState | undefined {
    const row = this.#prepare(`SELECT uid_validity, uid_next, highest_modseq, synced_at FROM mail_sync_state WHERE mailbox_id = ?`).get(mailboxId) as
      | { uid_validity: string; uid_next: number; highest_modseq: string | null; synced_at: string }
      | undefined;
    return row && { uidValidity: row.uid_validity, uidNext: row.uid_next, highestModseq: row.highest_modseq, syncedAt: row.synced_at };
  }

  saveState(mailboxId: number, state: MailboxSyncState): void {
    this.#prepare(
      `INSERT INTO mail_sync_state (mailbox_id, uid_validity, uid_next, highest_modseq, synced_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (mailbox_id) DO UPDATE SET uid_validity = excluded.uid_validity, uid_next = excluded.uid_next,
         highest_modseq = excluded.highest_modseq, synced_at = excluded.synced_at, updated_at = excluded.synced_at`,
    ).run(mailboxId, state.uidValidity, state.uidNext, state.highestModseq, state.syncedAt);
  }

  /** The newest sync of any mailbox of `account`, or undefined before the first. */
  lastSyncedAt(account: string): string | undefined {
    const row = this.#prepare(
      `SELECT max(s.synced_at) AS at FROM mail_sync_state s JOIN mailboxes mb ON mb.id = s.mailbox_id WHERE mb.account = ?`,
    ).get(account) as { at: string | null };
    return row.at ?? undefined;
  }

  /** Drops a mailbox's cached messages and sync state (UIDVALIDITY changed: every UID is void). */
  resetMailbox(mailboxId: number): void {
    this.database.writeTransaction(() => {
      this.#prepare(`DELETE FROM mail_messages WHERE mailbox_id = ?`).run(mailboxId);
      this.#prepare(`DELETE FROM mail_sync_state WHERE mailbox_id = ?`).run(mailboxId);
    });
  }

  /** Deletes local mailboxes of `account` that were synced before and are gone from the server. */
  removeMailboxesExcept(account: string, keepIds: readonly number[]): void {
    const keep = new Set(keepIds);
    const synced = this.#prepare(`SELECT mb.id FROM mailboxes mb JOIN mail_sync_state s ON s.mailbox_id = mb.id WHERE mb.account = ?`).all(account) as { id: number }[];
    const gone = synced.filter((row) => !keep.has(row.id));
    if (gone.length === 0) return;
    this.database.writeTransaction(() => {
      for (const row of gone) this.#prepare(`DELETE FROM mailboxes WHERE id = ?`).run(row.id);
    });
  }

  /**
   * Stores server messages in one transaction. A message already cached (same mailbox and Message-ID, e.g. an
   * interrupted earlier sync, a draft saved here or a message moved here) is not stored twice; it gains its UID and
   * the server's flags. Returns how many were new.
   */
  insertMessages(
    mailboxId: number,
    messages: readonly { uid: number; record: ParsedMailRecord; read: boolean; flagged: boolean; draft: boolean }[],
    store: (mailboxId: number, record: ParsedMailRecord, defaults: { read: boolean; flagged: boolean; isDraft: boolean }) => boolean,
  ): number {
    if (messages.length === 0) return 0;
    return this.database.writeTransaction(() => {
      let stored = 0;
      for (const message of messages) {
        if (store(mailboxId, { ...message.record, read: message.read, flagged: message.flagged }, { read: message.read, flagged: message.flagged, isDraft: message.draft })) stored += 1;
        this.#prepare(`UPDATE mail_messages SET remote_uid = ?, read = ?, flagged = ? WHERE mailbox_id = ? AND message_id = ?`).run(
          message.uid,
          message.read ? 1 : 0,
          message.flagged ? 1 : 0,
          mailboxId,
          message.record.internetMessageId,
        );
      }
      return stored;
    });
  }

  /** Applies server flags to cached messages by UID. */
  updateFlags(mailboxId: number, changes: readonly { uid: number; read: boolean; flagged: boolean }[]): void {
    if (changes.length === 0) return;
    const now = new Date().toISOString();
    this.database.writeTransaction(() => {
      for (const change of changes) {
        this.#prepare(
          `UPDATE mail_messages SET read = ?, flagged = ?, updated_at = ? WHERE mailbox_id = ? AND remote_uid = ? AND (read != ? OR flagged != ?)`,
        ).run(change.read ? 1 : 0, change.flagged ? 1 : 0, now, mailboxId, change.uid, change.read ? 1 : 0, change.flagged ? 1 : 0);
      }
    });
  }

  /** Removes cached messages whose UID (below `belowUid`) the server no longer has. */
  removeExpunged(mailboxId: number, serverUids: ReadonlySet<number>, belowUid: number): number {
    const cached = this.#prepare(`SELECT remote_uid AS uid FROM mail_messages WHERE mailbox_id = ? AND remote_uid IS NOT NULL AND remote_uid < ?`).all(
      mailboxId,
      belowUid,
    ) as { uid: number }[];
    const gone = cached.filter((row) => !serverUids.has(row.uid));
    if (gone.length === 0) return 0;
    this.database.writeTransaction(() => {
      for (const row of gone) this.#prepare(`DELETE FROM mail_messages WHERE mailbox_id = ? AND remote_uid = ?`).run(mailboxId, row.uid);
    });
    return gone.length;
  }

  /** The cached message `id` with its mailbox and server UID. */
  messageRef(id: number): SyncedMessageRef | undefined {
    const row = this.#prepare(
      `SELECT m.id, m.mailbox_id, mb.name AS mailbox, mb.account, m.remote_uid FROM mail_messages m JOIN mailboxes mb ON mb.id = m.mailbox_id WHERE m.id = ?`,
    ).get(id) as { id: number; mailbox_id: number; mailbox: string; account: string; remote_uid: number | null } | undefined;
    return row && { id: row.id, mailboxId: row.mailbox_id, mailbox: row.mailbox, account: row.account, remoteUid: row.remote_uid };
  }

  setRemoteUid(id: number, uid: number | null): void {
    this.#prepare(`UPDATE mail_messages SET remote_uid = ? WHERE id = ?`).run(uid, id);
  }

  /** Records a message sent through the account's SMTP server in the outbox. */
  recordSent(mail: { to: string[]; cc: string[]; bcc: string[]; subject: string; bodyText: string; bodyHtml: string | null; inReplyTo?: string | null; references?: string[]; createdBy?: string }, messageId: string): void {
    const now = new Date().toISOString();
    this.#prepare(
      `INSERT INTO mail_outbox ([to], cc, bcc, subject, body_text, body_html, in_reply_to, [references], status, created_by, provider_message_id, sent_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'sent', ?, ?, ?)`,
    ).run(
      JSON.stringify(mail.to),
      JSON.stringify(mail.cc),
      JSON.stringify(mail.bcc),
      mail.subject,
      mail.bodyText,
      mail.bodyHtml,
      mail.inReplyTo ?? null,
      JSON.stringify(mail.references ?? []),
      mail.createdBy ?? 'user',
      messageId,
      now,
    );
  }
}
