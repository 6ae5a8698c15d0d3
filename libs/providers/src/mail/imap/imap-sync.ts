/**
 * Incremental IMAP sync of one mailbox into the local store:
 *
 * 1. A changed UIDVALIDITY voids every cached UID: the mailbox is emptied locally and fetched again.
 * 2. Messages from the recorded UIDNEXT on are fetched (full source, parsed like imported mail) in batches, each
 *    batch committed with the UIDNEXT it reached, so an interrupted sync resumes where it stopped and never stores a
 *    message twice.
 * 3. Flags of cached messages: only those changed since the recorded HIGHESTMODSEQ when the server has CONDSTORE,
 *    otherwise all of them.
 * 4. Messages deleted on the server (UIDs it no longer lists) are removed locally.
 */
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import { parseMimeMessage } from '../mime/parse-mime.js';
import type { SyncedMailStore } from './synced-mail-store.js';

/** Messages parsed and committed together; bounds memory and the work an interruption can lose. */
const SYNC_BATCH = 100;

export interface MailboxSyncResult {
  path: string;
  added: number;
  flagsUpdated: number;
  removed: number;
  /** True when UIDVALIDITY changed and the mailbox was fetched again from scratch. */
  reset: boolean;
}

export interface SyncMailboxOptions {
  client: ImapFlow;
  store: SyncedMailStore;
  path: string;
  mailboxId: number;
  now: () => Date;
}

function flagState(flags: Set<string> | undefined): { read: boolean; flagged: boolean; draft: boolean } {
  return { read: flags?.has('\\Seen') ?? false, flagged: flags?.has('\\Flagged') ?? false, draft: flags?.has('\\Draft') ?? false };
}

export async function syncMailbox(options: SyncMailboxOptions): Promise<MailboxSyncResult> {
  const { client, store, path, mailboxId } = options;
  const lock = await client.getMailboxLock(path);
  try {
    const mailbox = client.mailbox;
    if (!mailbox) throw new Error(`Mailbox ${path} could not be opened.`);
    const uidValidity = mailbox.uidValidity.toString();
    let state = await store.state(mailboxId);
    const reset = state !== undefined && state.uidValidity !== uidValidity;
    if (reset) {
      await store.resetMailbox(mailboxId);
      state = undefined;
    }
    const result: MailboxSyncResult = { path, added: 0, flagsUpdated: 0, removed: 0, reset };
    const known = state?.uidNext ?? 1;
    let next = known;
    const save = (uidNext: number, highestModseq: string | null) =>
      store.saveState(mailboxId, { uidValidity, uidNext, highestModseq, syncedAt: options.now().toISOString() });

    if (mailbox.exists > 0 && mailbox.uidNext > known) {
      let batch: FetchMessageObject[] = [];
      const flush = async () => {
        const parsed = await Promise.all(
          batch.map(async (message) => ({
            uid: message.uid,
            record: await parseMimeMessage(message.source ?? Buffer.alloc(0), { fallbackDate: message.internalDate instanceof Date ? message.internalDate : options.now() }),
            ...flagState(message.flags),
          })),
        );
        result.added += await store.insertMessages(mailboxId, parsed);
        next = Math.max(next, ...parsed.map((message) => message.uid + 1));
        // Progress is kept per batch; the modseq is only recorded once the whole mailbox is consistent.
        await save(next, state?.highestModseq ?? null);
        batch = [];
      };
      // `N:*` also returns the highest UID when it is below N; those are filtered out.
      for await (const message of client.fetch(`${known}:*`, { uid: true, flags: true, source: true, internalDate: true }, { uid: true })) {
        if (message.uid < known) continue;
        batch.push(message);
        if (batch.length >= SYNC_BATCH) await flush();
      }
      if (batch.length > 0) await flush();
    }

    if (state !== undefined && known > 1) {
      const modseq = mailbox.highestModseq;
      const changedSince = state.highestModseq !== null && modseq !== undefined ? BigInt(state.highestModseq) : undefined;
      if (changedSince === undefined || (modseq !== undefined && modseq > changedSince)) {
        const changes: { uid: number; read: boolean; flagged: boolean }[] = [];
        const query = changedSince === undefined ? { uid: true } : { uid: true, changedSince };
        for await (const message of client.fetch(`1:${known - 1}`, { uid: true, flags: true }, query)) {
          if (message.uid < known) changes.push({ uid: message.uid, ...flagState(message.flags) });
        }
        await store.updateFlags(mailboxId, changes);
        result.flagsUpdated = changes.length;
      }
      const listed = await client.search({ uid: `1:${known - 1}` }, { uid: true });
      result.removed = await store.removeExpunged(mailboxId, new Set(listed || []), known);
    }
    await save(Math.max(next, mailbox.uidNext), mailbox.highestModseq?.toString() ?? null);
    return result;
  } finally {
    lock.release();
  }
}
