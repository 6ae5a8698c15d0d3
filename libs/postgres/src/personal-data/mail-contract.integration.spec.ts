/**
 * The mail repository contract (ADR 0072) against the PostgreSQL adapter: one throw-away server for the file, a fresh
 * database per test (sorting text by language, so a missing `COLLATE "C"` shows). Also what only PostgreSQL has:
 * texts holding U+0000, and several writers creating the same mailbox at once.
 */
import { expect, it } from '@jest/globals';
import { FakeClock, isToolError } from '@chief-of-staff/core';
import { describeMailRepositoryContract } from '@chief-of-staff/stores/testing';
import { createTestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { createPostgresMailRepository, mailSearchQuery } from './mail-repository.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('mail', { languageSorted: true });

describeWithPostgres('on PostgreSQL', () => {
  describeMailRepositoryContract('PostgreSQL', databases.opener(createPostgresMailRepository));
});

describeWithPostgres('mail repository on PostgreSQL only', () => {
  const message = (id: string, text: string) => ({
    messageId: `<${id}@mail.example>`,
    threadId: null,
    subject: text,
    fromName: '',
    fromAddress: 'a@example.com',
    to: [],
    cc: [],
    date: '2026-05-01T10:00:00.000Z',
    bodyText: text,
    bodyHtml: null,
    snippet: '',
    read: false,
    flagged: false,
    isDraft: false,
    inReplyTo: null,
    references: [],
    attachments: [],
  });

  it('keeps imported mail holding U+0000 (as U+FFFD), refuses it in mailbox names and drafts, and finds nothing by it', async () => {
    const opened = await databases.opener(createPostgresMailRepository)(new FakeClock());
    const mail = opened.repository;
    try {
      const inbox = await mail.ensureMailbox('local', 'INBOX', 'inbox');
      expect(await mail.insertMessages([{ mailboxId: inbox.id, message: message('nul\u0000', 'before\u0000after') }])).toEqual([true]);
      expect(await mail.getMessageByMessageId('<nul\uFFFD@mail.example>')).toMatchObject({ subject: 'before\uFFFDafter', bodyText: 'before\uFFFDafter' });
      expect(await mail.getMessageByMessageId('<nul\u0000@mail.example>')).toBeUndefined();
      expect(await mail.hasMessage(inbox.id, '<nul\u0000@mail.example>')).toBe(false);
      expect(await mail.findMailboxes('IN\u0000BOX')).toEqual([]);
      const fieldOf = (work: Promise<unknown>) =>
        work.then(
          () => 'accepted',
          (error: unknown) => (isToolError(error) && error.code === 'INVALID_ARGUMENT' ? error.message.split(':')[0] : error),
        );
      expect(await fieldOf(mail.ensureMailbox('local', 'Bad\u0000', 'other'))).toBe('name');
      const outbox = { to: ['x@example.com'], cc: [], bcc: [], subject: 'Hi\u0000', bodyText: '', bodyHtml: null, inReplyTo: null, references: [], status: 'draft' as const, createdBy: 'user' };
      expect(await fieldOf(mail.saveDraft({ account: 'local', name: 'Drafts', role: 'drafts' }, message('d', 'Hi\u0000'), outbox))).toBe('subject');
      expect(await mail.listOutbox()).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('creates one mailbox when several writers ensure the same one at once', async () => {
    const opened = await databases.opener(createPostgresMailRepository)(new FakeClock());
    try {
      const boxes = await Promise.all(Array.from({ length: 6 }, () => opened.repository.ensureMailbox('local', 'INBOX', 'inbox')));
      expect(new Set(boxes.map((box) => box.id)).size).toBe(1);
      expect(await opened.repository.listMailboxes()).toHaveLength(1);
    } finally {
      await opened.close();
    }
  });

  it('finds the same messages in the same order as SQLite for 60 queries over 400 generated messages', async () => {
    const words = ['Contract', 'renewal', 'café', 'CAFE', 'Straße', 'strasse', 'José', 'jose', 'Ñúñez', 'budget', 'Q3', '12.50', 'off-site', 'e-mail', 'naïve', 'ÉCOLE', 'roadmap', 'שלום', 'Zoë', 'x_y'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed / 2_147_483_648) * n);
    };
    const text = (count: number) => Array.from({ length: count }, () => words[random(words.length)]).join(' ');
    const rows = Array.from({ length: 400 }, (_, i) => ({
      ...message(`g${i}`, text(3)),
      fromName: text(2),
      to: [{ name: text(1), address: `p${i % 9}@acme.example` }],
      bodyText: text(12),
      // Few distinct dates, so the order among equal dates (by id) counts.
      date: new Date(Date.UTC(2026, 3, 1 + (i % 5))).toISOString(),
    }));
    const opened = await databases.opener(createPostgresMailRepository)(new FakeClock());
    const sqlite = createTestMemoryStore();
    try {
      for (const mail of [opened.repository, sqlite.mail]) {
        const inbox = await mail.ensureMailbox('local', 'INBOX', 'inbox');
        await mail.insertMessages(rows.map((row) => ({ mailboxId: inbox.id, message: row })));
      }
      const queries = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? [`${words[random(words.length)]} ${words[random(words.length)]}`] : [words[random(words.length)] as string, ...(i % 2 === 0 ? ['acme'] : [])]));
      let matched = 0;
      for (const phrases of queries) {
        const found = async (mail: typeof sqlite.mail) => (await mail.searchMessages({ phrases }, { limit: 500, offset: 0 })).map((row) => row.messageId);
        const expected = await found(sqlite.mail);
        expect({ phrases, found: await found(opened.repository) }).toEqual({ phrases, found: expected });
        matched += expected.length;
      }
      expect(matched).toBeGreaterThan(1_000);
    } finally {
      await opened.close();
      await sqlite.cleanup();
    }
  }, 60_000);

  it('builds the tsquery of quoted phrases from their unicode61 terms', () => {
    expect(mailSearchQuery(['Contract renewal', 'JOSÉ'])).toBe("('contract' <-> 'renewal') & ('jose')");
    expect(mailSearchQuery(["a'b | c"])).toBe("('a' <-> 'b' <-> 'c')");
    expect(mailSearchQuery(['ok', '_'])).toBe('');
  });
});
