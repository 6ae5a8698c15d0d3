/**
 * A mail server account (IMAP, with SMTP for sending) behind the `MailProvider` interface. The account is synced
 * into the local mail store (see imap-sync.ts), so listing and searching are local, fast and work offline; reads
 * sync first when the last sync is older than `syncIntervalSeconds`, and when the server cannot be reached they
 * answer from the cache with a warning saying how old it is. Changes (read, flagged, move, drafts, sends) go to the
 * server first and are then applied locally, so the two never disagree about what was done.
 */
import type { ImapFlow } from 'imapflow';
import { newUuid, type Logger } from '@chief-of-staff/core';
import { ProviderError } from '../../errors/provider-error.js';
import type {
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
  SendResult,
} from '../../types/mail.js';
import type { LocalMailProvider } from '../local-mail-provider.js';
import { roleForMailboxName } from '../mailbox-roles.js';
import { describeConnectionError, type ServerAddress } from './connection-errors.js';
import { syncMailbox, type MailboxSyncResult } from './imap-sync.js';
import { composeMessage, type SmtpSender } from './smtp-sender.js';
import { retryTransient } from '../../shared/transient-retry.js';
import { SyncedMailStore } from './synced-mail-store.js';

const PROVIDER = 'imap-mail';

export interface ImapAccountSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  /** How tools name the account. */
  account: string;
  syncIntervalSeconds: number;
  timeoutMs: number;
  allowSelfSignedCertificate: boolean;
}

export interface ImapMailProviderOptions {
  settings: ImapAccountSettings;
  local: LocalMailProvider;
  /** SMTP for `send`; without it the account can only save drafts. */
  smtp?: SmtpSender;
  /** The From address of sent mail and drafts. */
  selfAddress: string;
  logger?: Logger;
  now?: () => Date;
  /** First pause before a sync is retried after a transient failure (default 500 ms). */
  retryDelayMs?: number;
}

export interface AccountSyncResult {
  account: string;
  mailboxes: MailboxSyncResult[];
}

const SPECIAL_USE_ROLES: Record<string, MailboxRole> = {
  '\\Inbox': 'inbox',
  '\\Sent': 'sent',
  '\\Drafts': 'drafts',
  '\\Archive': 'archive',
  '\\All': 'archive',
  '\\Trash': 'trash',
};

export class ImapMailProvider implements MailProvider {
  readonly name = 'imap';
  readonly #settings: ImapAccountSettings;
  readonly #local: LocalMailProvider;
  readonly #store: SyncedMailStore;
  readonly #smtp: SmtpSender | undefined;
  readonly #selfAddress: string;
  readonly #logger: Logger | undefined;
  readonly #now: () => Date;
  readonly #server: ServerAddress;
  readonly #retryDelayMs: number | undefined;
  #client: ImapFlow | undefined;
  #syncing: Promise<AccountSyncResult> | undefined;
  #lastError: { at: Date; message: string } | undefined;
  /** Serialises server operations on the one connection. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: ImapMailProviderOptions) {
    this.#settings = options.settings;
    this.#local = options.local;
    this.#store = new SyncedMailStore(options.local.repository);
    this.#smtp = options.smtp;
    this.#selfAddress = options.selfAddress;
    this.#logger = options.logger;
    this.#now = options.now ?? (() => new Date());
    this.#server = { protocol: 'IMAP', host: options.settings.host, port: options.settings.port, settings: 'mail.imap' };
    this.#retryDelayMs = options.retryDelayMs;
  }

  get canSend(): boolean {
    return this.#smtp !== undefined;
  }

  get account(): string {
    return this.#settings.account;
  }

  // ---- sync ------------------------------------------------------------------------------------------------

  /**
   * Syncs every mailbox of the account now (one sync at a time; a second caller shares the running one). A transient
   * failure is retried twice with backoff; each attempt resumes where the previous one stopped.
   */
  sync(): Promise<AccountSyncResult> {
    this.#syncing ??= retryTransient(() => this.#serverWork((client) => this.#syncAll(client)), { initialDelayMs: this.#retryDelayMs })
      .catch((error: unknown) => {
        // Remembered so reads can say their answer comes from an out-of-date cache, and why.
        this.#lastError = { at: this.#now(), message: error instanceof Error ? error.message : String(error) };
        throw error;
      })
      .finally(() => {
        this.#syncing = undefined;
      });
    return this.#syncing;
  }

  /** When the account was last synced, and the last failure if the latest attempt failed. */
  async syncStatus(): Promise<{ lastSyncedAt: string | undefined; lastError: string | undefined }> {
    return { lastSyncedAt: await this.#store.lastSyncedAt(this.#settings.account), lastError: this.#lastError?.message };
  }

  /** For `cos doctor`: logs in to IMAP (and SMTP when configured); resolves with what was found or throws a precise error. */
  async checkConnection(): Promise<string> {
    const mailboxes = await this.#serverWork(async (client) => (await client.list()).length);
    const imap = `${this.#settings.account} on ${this.#settings.host}:${this.#settings.port}: ${mailboxes} mailboxes`;
    if (!this.#smtp) return `${imap}; no SMTP server (mail.smtp), so mail is saved as drafts`;
    return `${imap}; ${await this.#smtp.verify()}`;
  }

  async #syncAll(client: ImapFlow): Promise<AccountSyncResult> {
    const listed = await client.list();
    const results: MailboxSyncResult[] = [];
    const keep: number[] = [];
    for (const entry of listed) {
      if (entry.flags.has('\\Noselect') || entry.flags.has('\\NonExistent')) continue;
      const role = (entry.specialUse && SPECIAL_USE_ROLES[entry.specialUse]) || roleForMailboxName(entry.path);
      const mailbox = await this.#local.ensureMailbox(this.#settings.account, entry.path, role);
      keep.push(mailbox.id);
      results.push(
        await syncMailbox({
          client,
          store: this.#store,
          path: entry.path,
          mailboxId: mailbox.id,
          now: this.#now,
        }),
      );
    }
    await this.#store.removeMailboxesExcept(this.#settings.account, keep);
    this.#lastError = undefined;
    return { account: this.#settings.account, mailboxes: results };
  }

  /**
   * Before a read: syncs when the cache is older than the interval. A failure is remembered and reported as a
   * warning by the read; the cached mail is still answered.
   */
  async #freshen(): Promise<string[]> {
    const last = await this.#store.lastSyncedAt(this.#settings.account);
    const age = last === undefined ? Infinity : this.#now().getTime() - Date.parse(last);
    if (age >= this.#settings.syncIntervalSeconds * 1000) {
      try {
        await this.sync();
      } catch (error) {
        this.#logger?.warn({ err: error, account: this.#settings.account }, 'mail sync failed; answering from the cached mail');
      }
    }
    if (!this.#lastError) return [];
    const synced = await this.#store.lastSyncedAt(this.#settings.account);
    return [
      `Mail of ${this.#settings.account} may be out of date: ${this.#lastError.message} ` +
        (synced ? `Showing mail as synced at ${synced}.` : 'Nothing has been synced yet.'),
    ];
  }

  // ---- reads (local cache) -----------------------------------------------------------------------------------

  async mailboxes(account?: string): Promise<Mailbox[]> {
    await this.#freshen();
    return this.#local.mailboxes(account);
  }

  async list(query: MailListQuery, page: MailPage): Promise<PageResult<MailHeader>> {
    const warnings = await this.#freshen();
    return withWarnings(await this.#local.list(query, page), warnings);
  }

  async get(id: string): Promise<MailMessage> {
    return this.#local.get(id);
  }

  async search(query: MailSearchQuery, page: MailPage): Promise<PageResult<MailHeader>> {
    const warnings = await this.#freshen();
    return withWarnings(await this.#local.search(query, page), warnings);
  }

  async unreadCount(mailbox: string, account?: string): Promise<{ mailbox: string; account: string; unreadCount: number }> {
    await this.#freshen();
    return this.#local.unreadCount(mailbox, account);
  }

  // ---- changes (server first) --------------------------------------------------------------------------------

  async setFlags(id: string, flags: { read?: boolean; flagged?: boolean }): Promise<MailHeader> {
    const header = await this.#local.get(id);
    const ref = await this.#store.messageRef(Number(header.id));
    if (ref?.remoteUid != null && ref.account === this.#settings.account) {
      const uid = String(ref.remoteUid);
      await this.#serverWork(async (client) => {
        const lock = await client.getMailboxLock(ref.mailbox);
        try {
          for (const [flag, value] of [['\\Seen', flags.read], ['\\Flagged', flags.flagged]] as const) {
            if (value === true) await client.messageFlagsAdd(uid, [flag], { uid: true });
            if (value === false) await client.messageFlagsRemove(uid, [flag], { uid: true });
          }
        } finally {
          lock.release();
        }
      });
    }
    return this.#local.setFlags(header.id, flags);
  }

  async move(id: string, targetMailbox: string, targetAccount?: string): Promise<MailHeader> {
    const header = await this.#local.get(id);
    const ref = await this.#store.messageRef(Number(header.id));
    if (ref?.remoteUid == null || ref.account !== this.#settings.account) return this.#local.move(header.id, targetMailbox, targetAccount);
    if (targetAccount !== undefined && targetAccount !== this.#settings.account) {
      throw new ProviderError('invalid', `Moving mail between accounts is not supported (${ref.account} → ${targetAccount}).`, {
        provider: PROVIDER,
        hint: 'Move it within the same account, or forward it.',
      });
    }
    const target = (await this.#local.mailboxes(this.#settings.account)).find((box) => box.name.toLowerCase() === targetMailbox.toLowerCase());
    if (!target) throw ProviderError.notFound(PROVIDER, 'Mailbox', targetMailbox, `Run list_mailboxes to see the mailboxes of ${this.#settings.account}.`);
    const remoteUid = ref.remoteUid;
    const newUid = await this.#serverWork(async (client) => {
      const lock = await client.getMailboxLock(ref.mailbox);
      try {
        const moved = await client.messageMove(String(remoteUid), target.name, { uid: true });
        return moved ? moved.uidMap?.get(remoteUid) : undefined;
      } finally {
        lock.release();
      }
    });
    const local = await this.#local.move(header.id, target.name, this.#settings.account);
    // Without UIDPLUS the new UID is unknown; the next sync of the target mailbox fills it in.
    await this.#store.setRemoteUid(Number(local.id), newUid ?? null);
    return local;
  }

  /** Appends the draft to the server's Drafts mailbox, then keeps the local copy and the outbox record. */
  async saveDraft(mail: OutgoingMail): Promise<{ draftId: string }> {
    const drafts = await this.#specialMailbox('drafts', 'Drafts');
    // The server copy and the local one share a Message-ID, so the next sync recognises the local one.
    const messageId = `<${newUuid()}@chief-of-staff.local>`;
    const raw = await composeMessage({ ...mail, from: this.#selfAddress, messageId });
    await this.#serverWork((client) => client.append(drafts, raw, ['\\Draft', '\\Seen']));
    const saved = await this.#local.saveDraft({ ...mail, account: this.#settings.account }, { mailbox: drafts, messageId });
    return { draftId: saved.draftId };
  }

  async send(mail: OutgoingMail): Promise<SendResult> {
    if (!this.#smtp) {
      throw new ProviderError('not_configured', `Sending needs an SMTP server for ${this.#settings.account}.`, {
        provider: PROVIDER,
        hint: 'Add mail.smtp (host, port, secure) to cos.config.yaml; it uses the IMAP user and password unless given its own.',
      });
    }
    const sent = await this.#smtp.send({ ...mail, from: this.#selfAddress });
    await this.#store.recordSent(mail, sent.messageId);
    // The copy in Sent is a courtesy most servers do not make for SMTP: a failure here does not undo the send.
    try {
      const sentBox = await this.#specialMailbox('sent', 'Sent');
      await this.#serverWork((client) => client.append(sentBox, sent.raw, ['\\Seen']));
    } catch (error) {
      this.#logger?.warn({ err: describeConnectionError(error, this.#server, PROVIDER) }, 'the sent message could not be copied to the Sent mailbox');
    }
    return { messageId: sent.messageId };
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    await this.#queue.catch(() => undefined);
    if (client?.usable) await client.logout().catch(() => client.close());
    else client?.close();
  }

  // ---- connection --------------------------------------------------------------------------------------------

  /** The server mailbox with `role` (special-use, then name), created on the server when there is none. */
  async #specialMailbox(role: MailboxRole, fallbackName: string): Promise<string> {
    return this.#serverWork(async (client) => {
      const listed = await client.list();
      const found =
        listed.find((entry) => entry.specialUse && SPECIAL_USE_ROLES[entry.specialUse] === role) ??
        listed.find((entry) => roleForMailboxName(entry.path) === role);
      if (found) return found.path;
      await client.mailboxCreate(fallbackName);
      return fallbackName;
    });
  }

  /** Runs `work` on a logged-in connection, one operation at a time; connection failures become precise errors. */
  #serverWork<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const run = this.#queue.then(async () => {
      try {
        return await work(await this.#connection());
      } catch (error) {
        if (this.#client && !this.#client.usable) this.#client = undefined;
        throw describeConnectionError(error, this.#server, PROVIDER);
      }
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #connection(): Promise<ImapFlow> {
    if (this.#client?.usable) return this.#client;
    this.#client?.close();
    this.#client = undefined;
    const { ImapFlow } = await import('imapflow');
    const settings = this.#settings;
    const client = new ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: { user: settings.user, pass: settings.password },
      logger: false,
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: Math.max(settings.timeoutMs, 60_000),
      disableAutoIdle: true,
      tls: { rejectUnauthorized: !settings.allowSelfSignedCertificate },
    });
    // A dropped connection emits 'error'; it is reported by the operation that needed it.
    client.on('error', (error: unknown) => this.#logger?.debug({ err: error }, 'IMAP connection error'));
    await client.connect();
    this.#client = client;
    return client;
  }
}

function withWarnings<T>(page: PageResult<T>, warnings: string[]): PageResult<T> {
  return warnings.length === 0 ? page : { ...page, warnings: [...(page.warnings ?? []), ...warnings] };
}
