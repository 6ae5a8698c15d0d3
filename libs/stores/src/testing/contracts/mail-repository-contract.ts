/**
 * The behaviour of `MailRepository` that users notice (mailboxes found case-insensitively, imports that never
 * duplicate, newest-first lists and pages, the full-text search, drafts and the outbox, the IMAP cache's sync state),
 * written once against the port and run against every adapter (SQLite in `@chief-of-staff/stores`, PostgreSQL in
 * `@chief-of-staff/postgres`): ADR 0072.
 */
import type { MailMessageInput, MailRepository } from '../../personal-data/mail-repository.js';
import { contractJest, describeRepositoryContract, type OpenRepository } from './contract-jest.js';

const START = '2026-05-04T08:00:00.000Z';

/** A message row with every field filled; `overrides` changes what a test is about. */
function message(id: string, overrides: Partial<MailMessageInput> = {}): MailMessageInput {
  return {
    messageId: `<${id}@mail.example>`,
    threadId: `<${id}@mail.example>`,
    subject: `Subject ${id}`,
    fromName: 'Alice Adams',
    fromAddress: 'alice@acme.example',
    to: [{ name: 'Dana Reed', address: 'dana@example.com' }],
    cc: [],
    date: '2026-05-01T10:00:00.000Z',
    bodyText: `Body of ${id}`,
    bodyHtml: null,
    snippet: `Body of ${id}`,
    read: false,
    flagged: false,
    isDraft: false,
    inReplyTo: null,
    references: [],
    attachments: [],
    ...overrides,
  };
}

const day = (n: number): string => new Date(Date.UTC(2026, 3, n, 12)).toISOString();

/** Declares the mail repository contract as a jest `describe` block named after the adapter. */
export function describeMailRepositoryContract(name: string, open: OpenRepository<MailRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('MailRepository', name, open, START, ({ repository }) => {
    /** Stores messages in `mailboxId`, returning their ids in order. */
    const store = async (mailboxId: number, messages: readonly MailMessageInput[]): Promise<number[]> => {
      const mail = repository();
      expect(await mail.insertMessages(messages.map((m) => ({ mailboxId, message: m })))).toEqual(messages.map(() => true));
      const ids: number[] = [];
      for (const m of messages) ids.push((await mail.getMessageByMessageId(m.messageId))?.id as number);
      return ids;
    };
    const subjects = (rows: readonly { subject: string }[]) => rows.map((row) => row.subject);

    it('creates a mailbox once, finds it again whatever the case, and lists mailboxes by account, role, name', async () => {
      const mail = repository();
      const inbox = await mail.ensureMailbox('Work', 'INBOX', 'inbox');
      expect(inbox).toEqual({ id: expect.any(Number), account: 'Work', name: 'INBOX', role: 'inbox' });
      expect(await mail.ensureMailbox('work', 'Inbox', 'other')).toEqual(inbox);
      expect(await mail.ensureMailbox('Work', 'straße', 'archive')).toMatchObject({ name: 'straße', role: 'archive' });
      expect((await mail.ensureMailbox('work', 'STRASSE', 'other')).name).toBe('straße');
      await mail.ensureMailbox('Work', 'Trash', 'trash');
      await mail.ensureMailbox('Work', 'Sent', 'sent');
      await mail.ensureMailbox('Work', 'Drafts', 'drafts');
      await mail.ensureMailbox('Work', 'zeta', 'other');
      await mail.ensureMailbox('Work', 'Alpha', 'other');
      await mail.ensureMailbox('personal', 'INBOX', 'inbox');
      await mail.ensureMailbox('Ärchiv', 'INBOX', 'inbox');
      // Accounts and names sort by their bytes (upper case before lower case, accented letters last).
      const all = await mail.listMailboxes();
      expect(all.map((box) => `${box.account}/${box.name}`)).toEqual([
        'Work/INBOX',
        'Work/Drafts',
        'Work/Sent',
        'Work/straße',
        'Work/Alpha',
        'Work/zeta',
        'Work/Trash',
        'personal/INBOX',
        'Ärchiv/INBOX',
      ]);
      expect(all[0]).toEqual({ ...inbox, total: 0, unread: 0 });
      expect((await mail.listMailboxes('WORK')).map((box) => box.name)).toHaveLength(7);
      expect(await mail.listMailboxes('nobody')).toEqual([]);
      expect(await mail.accounts()).toEqual(['Work', 'personal', 'Ärchiv']);
      expect((await mail.mailboxNames()).slice(0, 3)).toEqual([
        { account: 'Work', name: 'Alpha' },
        { account: 'Work', name: 'Drafts' },
        { account: 'Work', name: 'INBOX' },
      ]);
      expect((await mail.mailboxIdsOfAccount('PERSONAL')).length).toBe(1);
      expect(await mail.mailboxIdsOfAccount('nobody')).toEqual([]);
    });

    it('finds mailboxes by name case-insensitively, "inbox" also by role, optionally in one account', async () => {
      const mail = repository();
      const work = await mail.ensureMailbox('work', 'Posteingang', 'inbox');
      const home = await mail.ensureMailbox('home', 'INBOX', 'inbox');
      const archive = await mail.ensureMailbox('home', 'Archive', 'archive');
      expect((await mail.findMailboxes(' inbox ')).map((box) => box.id)).toEqual([home.id, work.id]);
      expect(await mail.findMailboxes('INBOX', 'WORK')).toEqual([work]);
      expect(await mail.findMailboxes('archive')).toEqual([archive]);
      expect(await mail.findMailboxes('archive', 'work')).toEqual([]);
      expect(await mail.findMailboxes('nowhere')).toEqual([]);
    });

    it('stores messages and reads every field back, by id and by Message-ID', async () => {
      const mail = repository();
      const inbox = await mail.ensureMailbox('local', 'INBOX', 'inbox');
      const full = message('full', {
        threadId: null,
        to: [{ name: 'Dana Reed', address: 'dana@example.com' }, { address: 'ops@example.com' }],
        cc: [{ address: 'cc@example.com' }],
        bodyHtml: '<p>Hi</p>',
        read: true,
        flagged: true,
        isDraft: true,
        inReplyTo: '<root@mail.example>',
        references: ['<root@mail.example>', '<mid@mail.example>'],
        attachments: [{ filename: 'deck.pdf', content_type: 'application/pdf', size_bytes: 1234 }],
      });
      const [id] = await store(inbox.id, [full]);
      const expected = {
        id,
        messageId: '<full@mail.example>',
        threadId: null,
        subject: 'Subject full',
        fromName: 'Alice Adams',
        fromAddress: 'alice@acme.example',
        date: '2026-05-01T10:00:00.000Z',
        read: true,
        flagged: true,
        isDraft: true,
        snippet: 'Body of full',
        mailbox: 'INBOX',
        account: 'local',
        to: full.to,
        cc: full.cc,
        bodyText: 'Body of full',
        bodyHtml: '<p>Hi</p>',
        inReplyTo: '<root@mail.example>',
        references: full.references,
        attachments: full.attachments,
      };
      expect(await mail.getMessage(id as number)).toEqual(expected);
      expect(await mail.getMessageByMessageId('<full@mail.example>')).toEqual(expected);
      expect(await mail.getMessage(999_999)).toBeUndefined();
      expect(await mail.getMessageByMessageId('<none@mail.example>')).toBeUndefined();
      expect(await mail.hasMessage(inbox.id, '<full@mail.example>')).toBe(true);
      expect(await mail.hasMessage(inbox.id, '<FULL@mail.example>')).toBe(false);
      expect(await mail.insertMessages([])).toEqual([]);
    });

    it('never stores a Message-ID twice in one mailbox, and a re-import keeps local read and flag changes', async () => {
      const mail = repository();
      const inbox = await mail.ensureMailbox('local', 'INBOX', 'inbox');
      const archive = await mail.ensureMailbox('local', 'Archive', 'archive');
      const [id] = await store(inbox.id, [message('a')]);
      await mail.setFlags(id as number, { read: true, flagged: true });
      const again = await mail.insertMessages([
        { mailboxId: inbox.id, message: message('a', { subject: 'Changed', read: false }) },
        { mailboxId: inbox.id, message: message('b') },
        { mailboxId: inbox.id, message: message('b') },
        { mailboxId: archive.id, message: message('a') },
      ]);
      expect(again).toEqual([false, true, false, true]);
      expect(await mail.getMessage(id as number)).toMatchObject({ subject: 'Subject a', read: true, flagged: true });
      expect((await mail.listMailboxes('local')).map((box) => [box.name, box.total, box.unread])).toEqual([
        ['INBOX', 2, 1],
        ['Archive', 1, 1],
      ]);
      // The newest copy of a Message-ID held by two mailboxes: the same date, so the later id.
      expect((await mail.getMessageByMessageId('<a@mail.example>'))?.mailbox).toBe('Archive');
    });

    it('lists headers newest first (ties by id), in pages, with the total, unread only or since a time', async () => {
      const mail = repository();
      const inbox = await mail.ensureMailbox('local', 'INBOX', 'inbox');
      const other = await mail.ensureMailbox('local', 'Other', 'other');
      await store(inbox.id, [
        message('m1', { date: day(1) }),
        message('m2', { date: day(3), read: true }),
        message('m3', { date: day(2) }),
        message('m4', { date: day(3) }),
        message('m5', { date: day(5), read: true }),
      ]);
      await store(other.id, [message('o1', { date: day(4) })]);
      const first = await mail.listMessages({ mailboxIds: [inbox.id] }, { limit: 2, offset: 0 });
      expect(first.total).toBe(5);
      expect(subjects(first.rows)).toEqual(['Subject m5', 'Subject m4']);
      expect(first.rows[0]).toEqual({
        id: expect.any(Number),
        messageId: '<m5@mail.example>',
        threadId: '<m5@mail.example>',
        subject: 'Subject m5',
        fromName: 'Alice Adams',
        fromAddress: 'alice@acme.example',
        date: day(5),
        read: true,
        flagged: false,
        isDraft: false,
        snippet: 'Body of m5',
        mailbox: 'INBOX',
        account: 'local',
      });
      expect(subjects((await mail.listMessages({ mailboxIds: [inbox.id] }, { limit: 10, offset: 2 })).rows)).toEqual(['Subject m2', 'Subject m3', 'Subject m1']);
      const both = await mail.listMessages({ mailboxIds: [inbox.id, other.id] }, { limit: 3, offset: 0 });
      expect([both.total, ...subjects(both.rows)]).toEqual([6, 'Subject m5', 'Subject o1', 'Subject m4']);
      const unread = await mail.listMessages({ mailboxIds: [inbox.id], unreadOnly: true }, { limit: 10, offset: 0 });
      expect([unread.total, ...subjects(unread.rows)]).toEqual([3, 'Subject m4', 'Subject m3', 'Subject m1']);
      const since = await mail.listMessages({ mailboxIds: [inbox.id], since: day(3) }, { limit: 10, offset: 0 });
      expect([since.total, ...subjects(since.rows)]).toEqual([3, 'Subject m5', 'Subject m4', 'Subject m2']);
      expect(await mail.countUnread([inbox.id])).toBe(3);
      expect(await mail.countUnread([inbox.id, other.id])).toBe(4);
    });

    it('searches words and phrases in subject, sender, recipients and body: case and accents folded, every phrase required', async () => {
      const mail = repository();
      const inbox = await mail.ensureMailbox('local', 'INBOX', 'inbox');
      await store(inbox.id, [
        message('renewal', { subject: 'Contract renewal for ACME', date: day(1) }),
        message('reversed', { subject: 'Renewal of the contract', date: day(2) }),
        message('jose', { fromName: 'José Ñúñez', fromAddress: 'jose@initech.example', subject: 'Lunch', date: day(3) }),
        message('to', { to: [{ name: 'Zoë Brandt', address: 'zoe@globex.example' }], subject: 'Hello', date: day(4) }),
        message('body', { subject: 'Notes', bodyText: 'The STRASSE café_menu costs 12.50 euros', date: day(5) }),
        message('cc-only', { cc: [{ address: 'hidden@cc.example' }], subject: 'Cc', date: day(6) }),
      ]);
      const search = async (...phrases: string[]) => subjects(await mail.searchMessages({ phrases }, { limit: 20, offset: 0 }));
      expect(await search('contract')).toEqual(['Renewal of the contract', 'Contract renewal for ACME']);
      expect(await search('contract renewal')).toEqual(['Contract renewal for ACME']);
      // A phrase stays inside one field: the subject's last word and the sender's first are no phrase.
      expect(await search('acme alice')).toEqual([]);
      expect(await search('for acme', 'alice')).toEqual(['Contract renewal for ACME']);
      expect(await search('renewal', 'CONTRACT')).toEqual(['Renewal of the contract', 'Contract renewal for ACME']);
      expect(await search('jose nunez')).toEqual(['Lunch']);
      expect(await search('JOSÉ', 'ñúñez')).toEqual(['Lunch']);
      expect(await search('jose@initech.example')).toEqual(['Lunch']);
      expect(await search('initech')).toEqual(['Lunch']);
      expect(await search('zoe')).toEqual(['Hello']);
      expect(await search('globex.example')).toEqual(['Hello']);
      // The recipients' JSON keys are indexed words too, as they always were.
      expect((await search('address')).length).toBe(6);
      expect(await search('strasse')).toEqual(['Notes']);
      expect(await search('cafe')).toEqual(['Notes']);
      expect(await search('menu')).toEqual(['Notes']);
      expect(await search('12')).toEqual(['Notes']);
      expect(await search('12 50')).toEqual(['Notes']);
      expect(await search('hidden')).toEqual([]);
      expect(await search('contrac')).toEqual([]);
      expect(await search('contract', 'lunch')).toEqual([]);
      expect(await search('NOT', 'contract')).toEqual([]);
      expect(await search('subject:contract')).toEqual([]);
    });

    it('searches newest first in pages, within mailboxes and between times', async () => {
      const mail = repository();
      const inbox = await mail.ensureMailbox('local', 'INBOX', 'inbox');
      const archive = await mail.ensureMailbox('local', 'Archive', 'archive');
      const messages = Array.from({ length: 12 }, (_, i) => message(`r${i}`, { subject: `Report ${i}`, date: day(1 + (i % 6)) }));
      const ids = await store(inbox.id, messages.slice(0, 8));
      await store(archive.id, messages.slice(8));
      const page = async (filters: { mailboxIds?: number[]; since?: string; until?: string }, limit: number, offset: number) =>
        subjects(await mail.searchMessages({ phrases: ['report'], ...filters }, { limit, offset }));
      // Dates repeat every six messages: equal dates come newest id first.
      const all = ['Report 11', 'Report 5', 'Report 10', 'Report 4', 'Report 9', 'Report 3', 'Report 8', 'Report 2', 'Report 7', 'Report 1', 'Report 6', 'Report 0'];
      expect(await page({}, 20, 0)).toEqual(all);
      expect(await page({}, 5, 0)).toEqual(all.slice(0, 5));
      expect(await page({}, 5, 5)).toEqual(all.slice(5, 10));
      expect(await page({}, 5, 10)).toEqual(all.slice(10));
      expect(await page({ mailboxIds: [archive.id] }, 20, 0)).toEqual(['Report 11', 'Report 10', 'Report 9', 'Report 8']);
      expect(await page({ mailboxIds: [inbox.id, archive.id] }, 3, 0)).toEqual(all.slice(0, 3));
      expect(await page({ since: day(5), until: day(6) }, 20, 0)).toEqual(['Report 10', 'Report 4']);
      expect(await page({ mailboxIds: [inbox.id], since: day(6) }, 20, 0)).toEqual(['Report 5']);
      expect(ids).toHaveLength(8);
    });

    it('changes flags, moves messages (merging into a copy the target holds) and counts unread', async () => {
      const mail = repository();
      const inbox = await mail.ensureMailbox('local', 'INBOX', 'inbox');
      const archive = await mail.ensureMailbox('local', 'Archive', 'archive');
      const [a, b] = await store(inbox.id, [message('a'), message('b')]);
      const [archivedB] = await store(archive.id, [message('b', { subject: 'Archived b' })]);
      await mail.setFlags(a as number, { read: true });
      expect(await mail.getMessage(a as number)).toMatchObject({ read: true, flagged: false });
      await mail.setFlags(a as number, { flagged: true });
      expect(await mail.getMessage(a as number)).toMatchObject({ read: true, flagged: true });
      await mail.setFlags(a as number, { read: false, flagged: false });
      expect(await mail.getMessage(a as number)).toMatchObject({ read: false, flagged: false });
      expect(await mail.countUnread([inbox.id])).toBe(2);

      expect(await mail.moveMessage(a as number, archive.id)).toBe(a);
      expect(await mail.getMessage(a as number)).toMatchObject({ mailbox: 'Archive' });
      expect(await mail.moveMessage(b as number, archive.id)).toBe(archivedB);
      expect(await mail.getMessage(b as number)).toBeUndefined();
      expect(await mail.getMessage(archivedB as number)).toMatchObject({ subject: 'Archived b', mailbox: 'Archive' });
      expect(await mail.countUnread([inbox.id])).toBe(0);
      expect(await mail.countUnread([archive.id])).toBe(2);
      expect(await mail.moveMessage(a as number, archive.id)).toBe(a);
    });

    it('saves a draft with its outbox record in one transaction, and records sent mail', async () => {
      const mail = repository();
      const outbox = {
        to: ['maya@example.com'],
        cc: [],
        bcc: ['boss@example.com'],
        subject: 'Agenda',
        bodyText: 'Draft agenda',
        bodyHtml: null,
        inReplyTo: null,
        references: [],
        status: 'draft' as const,
        createdBy: 'inbox_triage',
      };
      const draft = message('draft', { read: true, isDraft: true, to: [{ address: 'maya@example.com' }] });
      const id = await mail.saveDraft({ account: 'work', name: 'Drafts', role: 'drafts' }, draft, outbox);
      expect(await mail.getMessage(id)).toMatchObject({ mailbox: 'Drafts', account: 'work', isDraft: true, read: true, to: [{ address: 'maya@example.com' }] });
      expect(await mail.listMailboxes('work')).toEqual([{ id: expect.any(Number), account: 'work', name: 'Drafts', role: 'drafts', total: 1, unread: 0 }]);
      // The same Message-ID again in the same mailbox: refused, and no outbox record is left behind.
      let refused = false;
      await mail.saveDraft({ account: 'WORK', name: 'drafts', role: 'drafts' }, draft, outbox).catch(() => {
        refused = true;
      });
      expect(refused).toBe(true);
      const sentId = await mail.recordOutbox({ ...outbox, status: 'sent', createdBy: 'user', providerMessageId: '<sent@mail.example>', sentAt: START });
      expect(await mail.listOutbox()).toEqual([
        { id: expect.any(Number), to: ['maya@example.com'], cc: [], bcc: ['boss@example.com'], subject: 'Agenda', status: 'draft', createdBy: 'inbox_triage', providerMessageId: null, sentAt: null },
        { id: sentId, to: ['maya@example.com'], cc: [], bcc: ['boss@example.com'], subject: 'Agenda', status: 'sent', createdBy: 'user', providerMessageId: '<sent@mail.example>', sentAt: START },
      ]);
    });

    it('keeps the sync state of server mailboxes and drops a mailbox with its messages', async () => {
      const mail = repository();
      const inbox = await mail.ensureMailbox('imap', 'INBOX', 'inbox');
      const gone = await mail.ensureMailbox('imap', 'Old', 'other');
      const local = await mail.ensureMailbox('imap', 'Local only', 'other');
      expect(await mail.syncState(inbox.id)).toBeUndefined();
      expect(await mail.lastSyncedAt('imap')).toBeUndefined();
      await mail.saveSyncState(inbox.id, { uidValidity: '17', uidNext: 5, highestModseq: null, syncedAt: '2026-05-04T08:00:00.000Z' });
      await mail.saveSyncState(inbox.id, { uidValidity: '17', uidNext: 9, highestModseq: '9007199254740993', syncedAt: '2026-05-04T09:00:00.000Z' });
      await mail.saveSyncState(gone.id, { uidValidity: '3', uidNext: 2, highestModseq: null, syncedAt: '2026-05-04T08:30:00.000Z' });
      expect(await mail.syncState(inbox.id)).toEqual({ uidValidity: '17', uidNext: 9, highestModseq: '9007199254740993', syncedAt: '2026-05-04T09:00:00.000Z' });
      expect(await mail.lastSyncedAt('imap')).toBe('2026-05-04T09:00:00.000Z');
      expect(await mail.lastSyncedAt('other')).toBeUndefined();
      await store(gone.id, [message('old')]);
      // Only mailboxes synced before and missing from the server go; a local-only one stays.
      await mail.removeSyncedMailboxesExcept('imap', [inbox.id]);
      expect((await mail.listMailboxes('imap')).map((box) => box.name)).toEqual(['INBOX', 'Local only']);
      expect(await mail.getMessageByMessageId('<old@mail.example>')).toBeUndefined();
      expect(await mail.syncState(gone.id)).toBeUndefined();
      expect(local.id).toBeGreaterThan(0);
      await store(inbox.id, [message('kept')]);
      await mail.resetMailbox(inbox.id);
      expect(await mail.syncState(inbox.id)).toBeUndefined();
      expect(await mail.listMessages({ mailboxIds: [inbox.id] }, { limit: 10, offset: 0 })).toEqual({ rows: [], total: 0 });
    });

    it('caches server messages with their UIDs and flags, applies flag changes and removes expunged ones', async () => {
      const mail = repository();
      const inbox = await mail.ensureMailbox('imap', 'INBOX', 'inbox');
      // A draft saved here before the sync brought its server copy.
      const [draftId] = await store(inbox.id, [message('draft', { isDraft: true })]);
      const stored = await mail.storeSyncedMessages(inbox.id, [
        { ...message('u1'), uid: 1, read: true },
        { ...message('u2'), uid: 2, flagged: true },
        { ...message('draft', { isDraft: true }), uid: 3, read: true },
        { ...message('u4'), uid: 4 },
      ]);
      expect(stored).toBe(3);
      expect(await mail.storeSyncedMessages(inbox.id, [])).toBe(0);
      const ref = async (id: string) => {
        const row = await mail.getMessageByMessageId(`<${id}@mail.example>`);
        return row && { ...(await mail.messageRef(row.id)), read: row.read, flagged: row.flagged };
      };
      expect(await ref('draft')).toEqual({ id: draftId, mailboxId: inbox.id, mailbox: 'INBOX', account: 'imap', remoteUid: 3, read: true, flagged: false });
      expect(await ref('u2')).toMatchObject({ remoteUid: 2, read: false, flagged: true });
      await mail.updateFlagsByUid(inbox.id, [
        { uid: 1, read: false, flagged: true },
        { uid: 2, read: false, flagged: true },
        { uid: 99, read: true, flagged: true },
      ]);
      await mail.updateFlagsByUid(inbox.id, []);
      expect(await ref('u1')).toMatchObject({ remoteUid: 1, read: false, flagged: true });
      expect(await mail.removeExpunged(inbox.id, new Set([1, 3]), 4)).toBe(1);
      expect(await mail.removeExpunged(inbox.id, new Set([1, 3]), 4)).toBe(0);
      expect(await ref('u2')).toBeUndefined();
      expect(await ref('u4')).toMatchObject({ remoteUid: 4 });
      await mail.setRemoteUid(draftId as number, null);
      expect(await ref('draft')).toMatchObject({ remoteUid: null });
      await mail.setRemoteUid(draftId as number, 7);
      expect(await ref('draft')).toMatchObject({ remoteUid: 7 });
      expect(await mail.messageRef(999_999)).toBeUndefined();
    });
  });
}
