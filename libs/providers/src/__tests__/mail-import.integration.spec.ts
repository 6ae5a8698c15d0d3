import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { importData } from '../import/import-data.js';
import { isProviderError } from '../errors/provider-error.js';
import { createSqliteMailRepository } from '@chief-of-staff/sqlite';
import { LocalMailProvider } from '../mail/local-mail-provider.js';
import { generatedMessage, writeMbox, type GeneratedMessage } from './generate-mail.js';
import { providerTestEnv, type ProviderTestEnv } from './provider-test-env.js';

const COUNT = 240;

describe('importing a generated mbox of 240 messages', () => {
  let env: ProviderTestEnv;
  let metas: GeneratedMessage[];
  let mbox: string;
  beforeAll(async () => {
    env = providerTestEnv();
    mbox = join(env.dir, 'archive.mbox');
    metas = writeMbox(mbox, COUNT);
    const progress: number[] = [];
    const result = await importData({ kind: 'mbox', path: mbox, providers: env.providers }, (p) => progress.push(p.done));
    expect(result).toMatchObject({ kind: 'mbox', target: 'local/INBOX', imported: COUNT, skipped: 0, errorCount: 0 });
    expect(progress.at(-1)).toBe(COUNT);
  });
  afterAll(() => env.close());

  it('re-importing the same file adds nothing', async () => {
    const again = await importData({ kind: 'mbox', path: mbox, providers: env.providers });
    expect(again).toMatchObject({ imported: 0, skipped: COUNT, errorCount: 0 });
    const [inbox] = await env.providers.require('mail').mailboxes('local');
    expect(inbox).toMatchObject({ name: 'INBOX', role: 'inbox', totalCount: COUNT });
  });

  it('searches by sender address, newest first', async () => {
    const mail = env.providers.require('mail');
    const page = await mail.search({ query: 'jose@initech.example' }, { offset: 0, limit: 100 });
    const expected = metas.filter((m) => m.from.address === 'jose@initech.example').map((m) => m.subject).reverse();
    expect(page.items.map((h) => h.subject)).toEqual(expected);
    expect(page.items[0]?.from).toEqual({ name: 'José Ñúñez', address: 'jose@initech.example' });
    expect(page.hasMore).toBe(false);
  });

  it('searches by sender name (case- and accent-insensitive) and by subject words', async () => {
    const mail = env.providers.require('mail');
    const byName = await mail.search({ query: 'jose nunez' }, { offset: 0, limit: 100 });
    expect(byName.items).toHaveLength(COUNT / 5);
    const bySubject = await mail.search({ query: 'contract renewal' }, { offset: 0, limit: 10 });
    expect(bySubject.items).toHaveLength(10);
    expect(bySubject.items.every((h) => h.subject.startsWith('Contract renewal #'))).toBe(true);
    expect(bySubject.hasMore).toBe(true);
    const next = await mail.search({ query: 'contract renewal' }, { offset: 30, limit: 10 });
    expect(next.items.map((h) => h.subject)).not.toContain(bySubject.items[0]?.subject);
    const exact = await mail.search({ query: '"Invoice #123"' }, { offset: 0, limit: 10 });
    expect(exact.items.map((h) => h.subject)).toEqual(['Invoice #123']);
    expect((await mail.search({ query: 'invoice NOT 123 OR subject:x' }, { offset: 0, limit: 10 })).items).toEqual([]);
  });

  it('returns the same pages whether it sorts matches or walks the date index', async () => {
    const sorting = env.providers.require('mail');
    const walking = new LocalMailProvider(createSqliteMailRepository(env.store, env.memory.clock, { dateScanThreshold: 3 }));
    for (const query of ['hello', 'alice@acme.example', '"contract renewal"', 'budget review']) {
      for (const offset of [0, 25]) {
        const a = await sorting.search({ query }, { offset, limit: 25 });
        const b = await walking.search({ query, since: new Date(0) }, { offset, limit: 25 });
        expect(b.items.map((h) => h.id)).toEqual(a.items.map((h) => h.id));
        expect(b.hasMore).toBe(a.hasMore);
      }
    }
  });

  it('keeps bodies, HTML, attachments as metadata, threads, quoting and read/flag state', async () => {
    const mail = env.providers.require('mail');
    const withAttachment = await mail.get('<msg-3@mail.example>');
    expect(withAttachment.attachments).toEqual([{ filename: 'draft.pdf', contentType: 'application/pdf', size: expect.any(Number) }]);
    expect(withAttachment.bodyText).toContain('attached is the');
    const html = await mail.get('<msg-4@mail.example>');
    expect(html.bodyHtml).toContain('<p>Hello Dana,</p>');
    expect(html.bodyText).toContain('Hello Dana,');
    const quoted = await mail.get('<msg-5@mail.example>');
    expect(quoted.bodyText).toContain('\nFrom the desk of the CFO');
    expect(quoted.read).toBe(true);
    const reply = await mail.get('<msg-11@mail.example>');
    expect(reply).toMatchObject({ inReplyTo: '<msg-0@mail.example>', threadId: '<msg-0@mail.example>', flagged: true, read: false });
    expect(reply.to.map((a) => a.address)).toEqual(['dana@example.com']);
    const noId = await mail.search({ query: '"Quarterly report #7"' }, { offset: 0, limit: 5 });
    expect(noId.items[0]?.internetMessageId).toMatch(/@no-message-id\.invalid>$/);
    expect((await mail.unreadCount('inbox')).unreadCount).toBe(COUNT - COUNT / 5);
  });

  it('lists headers newest first with unread and date filters, and changes state', async () => {
    const mail = env.providers.require('mail');
    const page = await mail.list({ mailbox: 'INBOX' }, { offset: 0, limit: 3 });
    expect(page.total).toBe(COUNT);
    expect(page.items.map((h) => h.subject)).toEqual(metas.slice(-3).reverse().map((m) => m.subject));
    const since = await mail.list({ mailbox: 'INBOX', since: metas[COUNT - 10]?.date }, { offset: 0, limit: 50 });
    expect(since.total).toBe(10);
    const id = page.items[0]?.id as string;
    expect((await mail.setFlags(id, { read: true, flagged: true })).read).toBe(true);
    const unread = await mail.list({ mailbox: 'INBOX', unreadOnly: true }, { offset: 0, limit: 1 });
    expect(unread.total).toBe(COUNT - COUNT / 5 - 1);
  });

  it('moves messages between mailboxes and reports unknown mailboxes as not found', async () => {
    const mail = env.providers.require('mail');
    const archive = await importData({ kind: 'eml', path: writeEml(env.dir), target: 'Archive', providers: env.providers });
    expect(archive).toMatchObject({ imported: 1, target: 'local/Archive' });
    const moved = await mail.move('<msg-2@mail.example>', 'archive');
    expect(moved.mailbox).toBe('Archive');
    const error = await mail.move('<msg-2@mail.example>', 'Nowhere').catch((e: unknown) => e);
    expect(isProviderError(error) && error.kind).toBe('not_found');
    const unread = await mail.unreadCount('Nowhere').catch((e: unknown) => e);
    expect(isProviderError(unread) && unread.message).toBe('Mailbox Nowhere not found.');
  });

  it('imports a Maildir with its folders and flags', async () => {
    const root = join(env.dir, 'Maildir');
    for (const folder of ['', '.Sent']) for (const sub of ['cur', 'new', 'tmp']) mkdirSync(join(root, folder, sub), { recursive: true });
    writeFileSync(join(root, 'new', '1700000000.1.host'), generatedMessage(1000).raw);
    writeFileSync(join(root, 'cur', '1700000000.2.host:2,FS'), generatedMessage(1001).raw);
    writeFileSync(join(root, '.Sent', 'cur', '1700000000.3.host:2,S'), generatedMessage(1002).raw);
    const result = await importData({ kind: 'maildir', path: root, target: 'work', providers: env.providers });
    expect(result).toMatchObject({ imported: 3, target: 'work' });
    const boxes = await env.providers.require('mail').mailboxes('work');
    expect(boxes.map((b) => [b.name, b.role, b.totalCount, b.unreadCount])).toEqual([
      ['INBOX', 'inbox', 2, 1],
      ['Sent', 'sent', 1, 0],
    ]);
    const flagged = await env.providers.require('mail').get('<msg-1001@mail.example>');
    expect(flagged).toMatchObject({ flagged: true, read: true, account: 'work' });
  });

  it('saves drafts in the Drafts mailbox and the outbox', async () => {
    const mail = env.providers.require('mail');
    const { draftId } = await mail.saveDraft({ to: ['alice@acme.example'], cc: [], bcc: ['boss@example.com'], subject: 'Re: Invoice', bodyText: 'Paid.', bodyHtml: null, createdBy: 'user' });
    const draft = await mail.get(draftId);
    expect(draft).toMatchObject({ mailbox: 'Drafts', isDraft: true, subject: 'Re: Invoice', from: { address: 'dana@example.com' } });
    const outbox = await env.memory.mail.listOutbox();
    expect(outbox).toEqual([expect.objectContaining({ status: 'draft', createdBy: 'user', bcc: ['boss@example.com'] })]);
  });
});

function writeEml(dir: string): string {
  const path = join(dir, 'single.eml');
  writeFileSync(path, generatedMessage(2).raw.replace('<msg-2@', '<other-2@'));
  return path;
}
