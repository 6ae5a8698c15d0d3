/**
 * A mail server account against a real Dovecot and a real SMTP server: sync, search, flags and moves seen on the
 * server, drafts and sends, server-side changes picked up incrementally, and a server that goes away mid-sync.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { ImapFlow } from 'imapflow';
import { openDatabase, openMemoryStore, type CosDatabase } from '@chief-of-staff/sqlite';
import { createProviderRegistry, type ProviderConfig, type ProviderRegistry } from '../../../registry/provider-registry.js';
import type { ImapMailProvider } from '../imap-mail-provider.js';
import { describeWithDovecot } from './describe-with-dovecot.js';
import { startCuttableProxy, startDovecot, startSmtpSink, type DovecotServer, type SmtpSink } from './test-servers.js';

const DELIVERED = 500;

function message(index: number, subject = `Weekly report ${index}`, body = `Numbers for week ${index}.`): string {
  return [
    `From: Reporter ${index % 7} <reporter${index % 7}@example.org>`,
    'To: test@example.com',
    `Subject: ${subject}`,
    `Message-ID: <report-${index}@example.org>`,
    `Date: ${new Date(Date.UTC(2026, 9, 1, 8, 0) + index * 60_000).toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
}

describeWithDovecot('IMAP and SMTP account', () => {
  let dovecot: DovecotServer;
  let smtp: SmtpSink;
  let dir: string;
  let store: CosDatabase;
  let registry: ProviderRegistry;
  let mail: ImapMailProvider;
  let admin: ImapFlow;

  const countLocal = (mailbox: string) =>
    (store.sqlite.prepare(`SELECT count(*) AS n FROM mail_messages m JOIN mailboxes mb ON mb.id = m.mailbox_id WHERE mb.account = 'test' AND mb.name = ?`).get(mailbox) as { n: number }).n;
  const localByMessageId = (messageId: string) =>
    store.sqlite.prepare(`SELECT m.id, m.read, m.flagged, mb.name AS mailbox FROM mail_messages m JOIN mailboxes mb ON mb.id = m.mailbox_id WHERE m.message_id = ?`).all(messageId);
  const serverFlags = async (mailbox: string, messageId: string) => {
    const lock = await admin.getMailboxLock(mailbox);
    try {
      const uids = (await admin.search({ header: { 'message-id': messageId } }, { uid: true })) || [];
      if (uids.length === 0) return undefined;
      const [found] = await admin.fetchAll(String(uids[0]), { flags: true }, { uid: true });
      return found?.flags;
    } finally {
      lock.release();
    }
  };

  const accountConfig = (options: { syncIntervalSeconds: number; withSmtp: boolean; port?: number }): ProviderConfig => ({
    timezone: 'UTC',
    user: { name: 'Test User', email: 'test@example.com', handles: [] },
    providers: { calendar: 'local', reminders: 'local', mail: 'imap', messages: 'local', notifications: 'log' },
    notifications: {},
    messages: {},
    mail: {
      agentSendMode: 'draft',
      agentSendAllowList: [],
      imap: {
        host: dovecot.host,
        port: options.port ?? dovecot.port,
        secure: false,
        user: dovecot.user,
        password: 'env:TEST_IMAP_PASSWORD',
        syncIntervalSeconds: options.syncIntervalSeconds,
        timeoutMs: 5_000,
        allowSelfSignedCertificate: false,
      },
      ...(options.withSmtp
        ? { smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: smtp.user, password: 'env:TEST_SMTP_PASSWORD', timeoutMs: 5_000, allowSelfSignedCertificate: false } }
        : {}),
    },
  });

  beforeAll(async () => {
    [dovecot, smtp] = await Promise.all([startDovecot(), startSmtpSink()]);
    admin = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false });
    await admin.connect();
    for (let i = 0; i < DELIVERED; i += 1) await admin.append('INBOX', message(i), i % 10 === 0 ? ['\\Seen'] : []);
    dir = mkdtempSync(join(tmpdir(), 'cos-imap-'));
    store = openDatabase({ dataDir: dir });
    const config = accountConfig({ syncIntervalSeconds: 3600, withSmtp: true });
    registry = createProviderRegistry({ config, memory: openMemoryStore({ database: store }), desktop: null, env: { TEST_IMAP_PASSWORD: dovecot.password, TEST_SMTP_PASSWORD: smtp.password } });
    mail = registry.require('mail') as ImapMailProvider;
  }, 120_000);

  afterAll(async () => {
    await mail?.close();
    await admin?.logout().catch(() => undefined);
    store?.close();
    await Promise.all([dovecot?.dispose(), smtp?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('syncs 500 delivered messages into the local store, then finds, marks and moves them on the server', async () => {
    const first = await mail.sync();
    const inbox = first.mailboxes.find((box) => box.path === 'INBOX');
    expect(inbox).toMatchObject({ added: DELIVERED, removed: 0, reset: false });
    expect(countLocal('INBOX')).toBe(DELIVERED);
    expect(registry.status().find((s) => s.kind === 'mail')).toMatchObject({ provider: 'imap', detail: 'test (IMAP + SMTP)' });
    // What `cos doctor` shows for the account.
    expect(await mail.checkConnection()).toMatch(/^test on 127\.0\.0\.1:\d+: 5 mailboxes; SMTP 127\.0\.0\.1:\d+ accepts the login$/);

    const boxes = await mail.mailboxes('test');
    expect(boxes.map((box) => [box.name, box.role])).toEqual(
      expect.arrayContaining([['INBOX', 'inbox'], ['Sent', 'sent'], ['Drafts', 'drafts'], ['Archive', 'archive'], ['Trash', 'trash']]),
    );
    expect(boxes.find((box) => box.name === 'INBOX')).toMatchObject({ totalCount: DELIVERED, unreadCount: DELIVERED - DELIVERED / 10 });

    const found = await mail.search({ query: 'Weekly report 417' }, { offset: 0, limit: 5 });
    const target = found.items.find((item) => item.subject === 'Weekly report 417');
    expect(target).toMatchObject({ account: 'test', mailbox: 'INBOX', read: false });
    if (!target) return;

    await mail.setFlags(target.id, { read: true, flagged: true });
    expect([...((await serverFlags('INBOX', '<report-417@example.org>')) ?? [])].sort()).toEqual(['\\Flagged', '\\Seen']);

    const moved = await mail.move(target.id, 'Archive');
    expect(moved).toMatchObject({ mailbox: 'Archive', read: true, flagged: true });
    expect(await serverFlags('INBOX', '<report-417@example.org>')).toBeUndefined();
    expect(await serverFlags('Archive', '<report-417@example.org>')).toBeDefined();

    // The next sync agrees with what was done: nothing added or removed twice.
    const again = await mail.sync();
    expect(again.mailboxes.find((box) => box.path === 'INBOX')).toMatchObject({ added: 0, removed: 0 });
    expect(again.mailboxes.find((box) => box.path === 'Archive')).toMatchObject({ added: 0, removed: 0 });
    expect(countLocal('INBOX')).toBe(DELIVERED - 1);
    expect(countLocal('Archive')).toBe(1);
  }, 120_000);

  it('picks up new mail, flag changes and deletions made elsewhere, incrementally', async () => {
    for (let i = 0; i < 10; i += 1) await admin.append('INBOX', message(1000 + i, `New arrival ${i}`));
    const lock = await admin.getMailboxLock('INBOX');
    try {
      const [flagUid] = (await admin.search({ header: { 'message-id': '<report-3@example.org>' } }, { uid: true })) || [];
      await admin.messageFlagsAdd(String(flagUid), ['\\Flagged'], { uid: true });
      const [deleteUid] = (await admin.search({ header: { 'message-id': '<report-4@example.org>' } }, { uid: true })) || [];
      await admin.messageDelete(String(deleteUid), { uid: true });
    } finally {
      lock.release();
    }
    const result = await mail.sync();
    expect(result.mailboxes.find((box) => box.path === 'INBOX')).toMatchObject({ added: 10, removed: 1 });
    expect(localByMessageId('<report-3@example.org>')).toEqual([expect.objectContaining({ mailbox: 'INBOX', flagged: 1 })]);
    expect(localByMessageId('<report-4@example.org>')).toEqual([]);
    const arrivals = await mail.search({ query: 'new arrival' }, { offset: 0, limit: 50 });
    expect(arrivals.items).toHaveLength(10);
    expect(countLocal('INBOX')).toBe(DELIVERED - 1 + 10 - 1);
  }, 60_000);

  it('sends through SMTP, keeps a copy in Sent on the server, and saves drafts to the server Drafts', async () => {
    const sent = await mail.send({ to: ['dana@example.org'], cc: [], bcc: ['boss@example.org'], subject: 'Quarterly numbers', bodyText: 'Attached are the numbers.', bodyHtml: null, inReplyTo: '<report-7@example.org>', references: ['<report-7@example.org>'] });
    expect(sent.messageId).toMatch(/^<.+>$/);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to.sort()).toEqual(['boss@example.org', 'dana@example.org']);
    expect(smtp.received[0]?.raw).toContain('In-Reply-To: <report-7@example.org>');
    expect(smtp.received[0]?.raw).not.toMatch(/^Bcc:/im);
    expect(await serverFlags('Sent', sent.messageId)).toBeDefined();

    const draft = await mail.saveDraft({ to: ['dana@example.org'], cc: [], bcc: [], subject: 'Draft plan', bodyText: 'To be reviewed.', bodyHtml: null });
    expect(draft.draftId).toMatch(/^\d+$/);
    await mail.sync();
    const drafts = await mail.list({ mailbox: 'Drafts', account: 'test' }, { offset: 0, limit: 10 });
    expect(drafts.items.map((item) => item.subject)).toEqual(['Draft plan']);
    const sentBox = await mail.list({ mailbox: 'Sent', account: 'test' }, { offset: 0, limit: 10 });
    expect(sentBox.items.map((item) => item.subject)).toEqual(['Quarterly numbers']);
    const outbox = store.sqlite.prepare(`SELECT status, provider_message_id FROM mail_outbox ORDER BY id`).all();
    expect(outbox).toEqual([
      { status: 'sent', provider_message_id: sent.messageId },
      { status: 'draft', provider_message_id: null },
    ]);
  }, 60_000);

  it('resumes a sync whose connection dropped, reports a server that is down clearly, answers from the cache, and never duplicates', async () => {
    // A fresh local store, so the next sync has all 500-odd messages to fetch, through a proxy that drops the
    // connection part-way through the transfer.
    const proxy = await startCuttableProxy(dovecot.port);
    const otherDir = mkdtempSync(join(tmpdir(), 'cos-imap-resume-'));
    const otherStore = openDatabase({ dataDir: otherDir });
    const otherRegistry = createProviderRegistry({
      config: accountConfig({ syncIntervalSeconds: 1, withSmtp: false, port: proxy.port }),
      memory: openMemoryStore({ database: otherStore }),
      desktop: null,
      env: { TEST_IMAP_PASSWORD: dovecot.password },
    });
    const other = otherRegistry.require('mail') as ImapMailProvider;
    const inboxCount = () =>
      (otherStore.sqlite.prepare(`SELECT count(*) AS n FROM mail_messages m JOIN mailboxes mb ON mb.id = m.mailbox_id WHERE mb.name = 'INBOX'`).get() as { n: number }).n;
    try {
      // The connection drops part-way through; the retry resumes from what was stored instead of starting over.
      proxy.cutAfter(100_000);
      const resumed = await other.sync();
      const inbox = resumed.mailboxes.find((box) => box.path === 'INBOX');
      expect(inbox?.added).toBeGreaterThan(0);
      expect(inbox?.added).toBeLessThan(countLocal('INBOX'));
      expect(inboxCount()).toBe(countLocal('INBOX'));

      // With the server down, syncing fails with a clear error (after retrying), and reads answer from what was
      // synced and say that it may be out of date.
      await dovecot.stop();
      // Connections already open die with the server.
      proxy.cutNow();
      await new Promise((wait) => setTimeout(wait, 1_100));
      await expect(other.sync()).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringContaining(`IMAP server 127.0.0.1:${proxy.port}`) });
      const cached = await other.list({ mailbox: 'INBOX' }, { offset: 0, limit: 5 });
      expect(cached.items).toHaveLength(5);
      expect(cached.warnings?.join(' ')).toMatch(/may be out of date: The IMAP server 127\.0\.0\.1:\d+ (refused the connection|did not answer|failed)/);

      await dovecot.start();
      const back = await other.sync();
      expect(back.mailboxes.find((box) => box.path === 'INBOX')).toMatchObject({ reset: false, added: 0 });
      expect(inboxCount()).toBe(countLocal('INBOX'));
      const duplicates = otherStore.sqlite.prepare(`SELECT message_id, count(*) AS n FROM mail_messages GROUP BY mailbox_id, message_id HAVING n > 1`).all();
      expect(duplicates).toEqual([]);
      const fresh = await other.list({ mailbox: 'INBOX' }, { offset: 0, limit: 5 });
      expect(fresh.warnings).toBeUndefined();
    } finally {
      await other.close();
      otherStore.close();
      await proxy.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('names a wrong password as an authentication failure with what to check', async () => {
    const badDir = mkdtempSync(join(tmpdir(), 'cos-imap-auth-'));
    const badStore = openDatabase({ dataDir: badDir });
    const bad = createProviderRegistry({ config: accountConfig({ syncIntervalSeconds: 1, withSmtp: false }), memory: openMemoryStore({ database: badStore }), desktop: null, env: { TEST_IMAP_PASSWORD: 'wrong' } }).require('mail') as ImapMailProvider;
    try {
      await expect(bad.checkConnection()).rejects.toMatchObject({ kind: 'auth', hint: expect.stringContaining('mail.imap.password') });
    } finally {
      await bad.close();
      badStore.close();
      rmSync(badDir, { recursive: true, force: true });
    }
  }, 30_000);

});
