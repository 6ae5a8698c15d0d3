/**
 * The local side of a synced mail account: which server UID each cached message has, and where each mailbox's
 * incremental sync stands (`mail_sync_state`), through the storage port's mail repository. Messages are stored as
 * rows of the same local mail store, so a synced account is searched exactly like imported mail.
 */
import type { MailRepository, MailSyncStateRow, MailMessageRefRow } from '@chief-of-staff/stores';
import { mailMessageInput } from '../local-mail-provider.js';
import type { ParsedMailRecord } from '../mime/parse-mime.js';

export type MailboxSyncState = MailSyncStateRow;
export type SyncedMessageRef = MailMessageRefRow;

export class SyncedMailStore {
  constructor(readonly repository: MailRepository) {}

  state(mailboxId: number): Promise<MailboxSyncState | undefined> {
    return this.repository.syncState(mailboxId);
  }

  saveState(mailboxId: number, state: MailboxSyncState): Promise<void> {
    return this.repository.saveSyncState(mailboxId, state);
  }

  /** The newest sync of any mailbox of `account`, or undefined before the first. */
  lastSyncedAt(account: string): Promise<string | undefined> {
    return this.repository.lastSyncedAt(account);
  }

  /** Drops a mailbox's cached messages and sync state (UIDVALIDITY changed: every UID is void). */
  resetMailbox(mailboxId: number): Promise<void> {
    return this.repository.resetMailbox(mailboxId);
  }

  /** Deletes local mailboxes of `account` that were synced before and are gone from the server. */
  removeMailboxesExcept(account: string, keepIds: readonly number[]): Promise<void> {
    return this.repository.removeSyncedMailboxesExcept(account, keepIds);
  }

  /**
   * Stores server messages in one transaction. A message already cached (same mailbox and Message-ID, e.g. an
   * interrupted earlier sync, a draft saved here or a message moved here) is not stored twice; it gains its UID and
   * the server's flags. Returns how many were new.
   */
  insertMessages(mailboxId: number, messages: readonly { uid: number; record: ParsedMailRecord; read: boolean; flagged: boolean; draft: boolean }[]): Promise<number> {
    return this.repository.storeSyncedMessages(
      mailboxId,
      messages.map((message) => ({
        uid: message.uid,
        ...mailMessageInput({ ...message.record, read: message.read, flagged: message.flagged }, { read: message.read, flagged: message.flagged, isDraft: message.draft }),
      })),
    );
  }

  /** Applies server flags to cached messages by UID. */
  updateFlags(mailboxId: number, changes: readonly { uid: number; read: boolean; flagged: boolean }[]): Promise<void> {
    return this.repository.updateFlagsByUid(mailboxId, changes);
  }

  /** Removes cached messages whose UID (below `belowUid`) the server no longer has. */
  removeExpunged(mailboxId: number, serverUids: ReadonlySet<number>, belowUid: number): Promise<number> {
    return this.repository.removeExpunged(mailboxId, serverUids, belowUid);
  }

  /** The cached message `id` with its mailbox and server UID. */
  messageRef(id: number): Promise<SyncedMessageRef | undefined> {
    return this.repository.messageRef(id);
  }

  setRemoteUid(id: number, uid: number | null): Promise<void> {
    return this.repository.setRemoteUid(id, uid);
  }

  /** Records a message sent through the account's SMTP server in the outbox. */
  async recordSent(
    mail: { to: string[]; cc: string[]; bcc: string[]; subject: string; bodyText: string; bodyHtml: string | null; inReplyTo?: string | null; references?: string[]; createdBy?: string },
    messageId: string,
  ): Promise<void> {
    await this.repository.recordOutbox({
      to: mail.to,
      cc: mail.cc,
      bcc: mail.bcc,
      subject: mail.subject,
      bodyText: mail.bodyText,
      bodyHtml: mail.bodyHtml,
      inReplyTo: mail.inReplyTo ?? null,
      references: mail.references ?? [],
      status: 'sent',
      createdBy: mail.createdBy ?? 'user',
      providerMessageId: messageId,
      sentAt: new Date().toISOString(),
    });
  }
}
