/**
 * The behaviour of `MessagesRepository` that users notice (import ed chats, `list_messages` and `search_messages`),
 * written once against the port and run against every adapter (SQLite in `@chief-of-staff/stores`, PostgreSQL in
 * `@chief-of-staff/postgres`): ADR 0073. Search results are compared as whole pages, so both adapters must find the
 * same messages in the same order.
 */
import type { ImportMessageInput, MessagesRepository } from '../../personal-data/messages-repository.js';
import { contractJest, describeRepositoryContract, type OpenRepository } from './contract-jest.js';

const START = '2026-03-10T12:00:00.000Z';
const PROVIDER = 'local';
const ALL = { offset: 0, limit: 100 };

/** A message `minutes` after 2026-03-01T00:00Z in conversation `chat`, the rest defaulted. */
function message(externalId: string, minutes: number, fields: Partial<ImportMessageInput> = {}): ImportMessageInput {
  return {
    externalId,
    conversationExternalId: 'family',
    conversationTitle: null,
    participants: [],
    channel: 'whatsapp',
    senderHandle: '+15550001',
    senderName: null,
    isFromMe: false,
    text: externalId,
    sentAt: new Date(Date.parse('2026-03-01T00:00:00.000Z') + minutes * 60_000).toISOString(),
    ...fields,
  };
}

/** Declares the messages repository contract as a jest `describe` block named after the adapter. */
export function describeMessagesRepositoryContract(name: string, open: OpenRepository<MessagesRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('MessagesRepository', name, open, START, ({ repository }) => {
    const texts = async (found: Promise<{ rows: { text: string }[] }>) => (await found).rows.map((row) => row.text);
    const search = (phrases: string[], filters = {}) => texts(repository().search(phrases, filters, ALL));

    it('stores imported messages and reads them back with their conversation, newest first', async () => {
      const store = repository();
      expect(
        await store.importMessages(PROVIDER, [
          message('m1', 0, { conversationTitle: 'Family', senderName: 'Mum', text: 'Dinner on Sunday?', participants: ['+15550001', 'me'] }),
          message('m2', 5, { isFromMe: true, senderHandle: 'me', text: 'Yes, bringing dessert' }),
          message('w1', 3, { conversationExternalId: 'work', channel: 'slack', senderHandle: 'sam@slack', text: 'Standup moved' }),
        ]),
      ).toEqual({ imported: 3, skipped: 0 });
      const { rows, hasMore } = await store.list({}, ALL);
      expect(hasMore).toBe(false);
      expect(rows[0]).toEqual({
        id: expect.any(Number),
        conversationId: expect.any(Number),
        conversation: 'Family',
        channel: 'whatsapp',
        senderHandle: 'me',
        senderName: null,
        isFromMe: true,
        text: 'Yes, bringing dessert',
        sentAt: '2026-03-01T00:05:00.000Z',
      });
      expect(rows).toMatchObject([
        { text: 'Yes, bringing dessert' },
        // Without a title the conversation is named by its external id.
        { conversation: 'work', channel: 'slack', senderHandle: 'sam@slack', text: 'Standup moved', sentAt: '2026-03-01T00:03:00.000Z' },
        { conversation: 'Family', senderName: 'Mum', isFromMe: false, text: 'Dinner on Sunday?', sentAt: '2026-03-01T00:00:00.000Z' },
      ]);
      expect(rows[0]?.conversationId).toBe(rows[2]?.conversationId);
      expect(rows[1]?.conversationId).not.toBe(rows[0]?.conversationId);
    });

    it('skips known messages on re-import, keeps a conversation once and updates its title only with a new one', async () => {
      const store = repository();
      await store.importMessages(PROVIDER, [message('m1', 0, { conversationTitle: 'Family' }), message('m2', 1)]);
      expect(await store.importMessages(PROVIDER, [message('m1', 0, { text: 'changed' }), message('m2', 1), message('m3', 2)])).toEqual({ imported: 1, skipped: 2 });
      // A message repeated inside one batch is stored once.
      expect(await store.importMessages(PROVIDER, [message('m4', 3), message('m4', 3, { text: 'again' })])).toEqual({ imported: 1, skipped: 1 });
      const rows = (await store.list({}, ALL)).rows;
      expect(rows.map((row) => row.text)).toEqual(['m4', 'm3', 'm2', 'm1']);
      expect(new Set(rows.map((row) => row.conversationId)).size).toBe(1);
      // A null title keeps the stored one; a new one replaces it (the last of a batch wins).
      expect(rows.map((row) => row.conversation)).toEqual(['Family', 'Family', 'Family', 'Family']);
      await store.importMessages(PROVIDER, [message('m5', 4, { conversationTitle: 'Famille' }), message('m6', 5, { conversationTitle: 'Family & friends' }), message('m7', 6)]);
      expect(new Set((await store.list({}, ALL)).rows.map((row) => row.conversation))).toEqual(new Set(['Family & friends']));
      // The same external id of another provider is another message.
      expect(await store.importMessages('other', [message('m1', 7)])).toEqual({ imported: 1, skipped: 0 });
      expect(await store.importMessages(PROVIDER, [])).toEqual({ imported: 0, skipped: 0 });
    });

    it('orders by sent time then id, both descending, and pages with hasMore', async () => {
      const store = repository();
      // Two messages at the same instant: the later stored (higher id) first.
      await store.importMessages(PROVIDER, [message('a', 10), message('b', 30), message('c', 20), message('d', 20), message('e', 0)]);
      expect(await texts(store.list({}, ALL))).toEqual(['b', 'd', 'c', 'a', 'e']);
      expect(await store.list({}, { offset: 0, limit: 2 })).toMatchObject({ hasMore: true });
      expect(await texts(store.list({}, { offset: 2, limit: 2 }))).toEqual(['c', 'a']);
      expect(await store.list({}, { offset: 4, limit: 2 })).toMatchObject({ rows: [{ text: 'e' }], hasMore: false });
      expect(await store.list({}, { offset: 3, limit: 2 })).toMatchObject({ hasMore: false });
      expect(await store.list({}, { offset: 9, limit: 2 })).toEqual({ rows: [], hasMore: false });
      expect(await texts(store.search(['b'], {}, ALL))).toEqual(['b']);
    });

    it('filters by conversation (external id, case-folded title or numeric id), sender, channel, time and own messages', async () => {
      const store = repository();
      await store.importMessages(PROVIDER, [
        message('m1', 0, { conversationExternalId: 'chat-1', conversationTitle: 'Straße Crew', senderHandle: '+15550001', senderName: 'Mum' }),
        message('m2', 10, { conversationExternalId: 'chat-1', senderHandle: 'me', isFromMe: true }),
        message('m3', 20, { conversationExternalId: 'chat-2', channel: 'sms', senderHandle: 'ÉLODIE@example.com', senderName: 'Élodie' }),
        message('m4', 30, { conversationExternalId: '42', senderHandle: 'a%b_c@example.com', senderName: 'ﬁnn' }),
      ]);
      expect(await texts(store.list({ conversation: 'chat-1' }, ALL))).toEqual(['m2', 'm1']);
      expect(await texts(store.list({ conversation: 'STRASSE CREW' }, ALL))).toEqual(['m2', 'm1']);
      expect(await texts(store.list({ conversation: 'straße crew' }, ALL))).toEqual(['m2', 'm1']);
      expect(await texts(store.list({ conversation: 'Straße' }, ALL))).toEqual([]);
      const id = (await store.list({ conversation: 'chat-2' }, ALL)).rows[0]?.conversationId;
      expect(await texts(store.list({ conversation: String(id) }, ALL))).toEqual(['m3']);
      // A conversation whose external id is digits is found by it too.
      expect(await texts(store.list({ conversation: '42' }, ALL))).toContain('m4');
      expect(await texts(store.list({ conversation: '99999999999999999999999' }, ALL))).toEqual([]);
      expect(await texts(store.list({ conversation: 'nobody' }, ALL))).toEqual([]);

      expect(await texts(store.list({ sender: 'MUM' }, ALL))).toEqual(['m1']);
      expect(await texts(store.list({ sender: '0001' }, ALL))).toEqual(['m1']);
      expect(await texts(store.list({ sender: 'élodie' }, ALL))).toEqual(['m3']);
      expect(await texts(store.list({ sender: 'FINN' }, ALL))).toEqual(['m4']);
      // LIKE wildcards in the text are literal.
      expect(await texts(store.list({ sender: '%b_' }, ALL))).toEqual(['m4']);
      expect(await texts(store.list({ sender: 'a_b' }, ALL))).toEqual([]);

      expect(await texts(store.list({ channel: 'sms' }, ALL))).toEqual(['m3']);
      expect(await texts(store.list({ channel: 'SMS' }, ALL))).toEqual([]);
      expect(await texts(store.list({ includeFromMe: false }, ALL))).toEqual(['m4', 'm3', 'm1']);
      expect(await texts(store.list({ includeFromMe: true }, ALL))).toEqual(['m4', 'm3', 'm2', 'm1']);
      // since is inclusive, until exclusive.
      expect(await texts(store.list({ since: '2026-03-01T00:10:00.000Z', until: '2026-03-01T00:30:00.000Z' }, ALL))).toEqual(['m3', 'm2']);
      expect(await texts(store.list({ conversation: 'chat-1', includeFromMe: false, since: '2026-03-01T00:00:00.000Z' }, ALL))).toEqual(['m1']);
    });

    it('searches whole words of text, sender handle and sender name, every phrase required, case and Latin diacritics ignored', async () => {
      const store = repository();
      await store.importMessages(PROVIDER, [
        message('m1', 0, { text: 'Dinner on Sunday at the café?', senderName: 'Mum' }),
        message('m2', 10, { text: 'Yes, bringing dessert — crème brûlée', senderHandle: 'me', isFromMe: true }),
        message('m3', 20, { text: 'Your e-mail about the CAFE order', senderHandle: 'sam.lee@example.com', channel: 'sms' }),
        message('m4', 30, { text: 'Sunday dinner is late', senderHandle: 'bob', senderName: 'Bob Stone' }),
        message('m5', 40, { text: 'Σοφία: ΟΔΟΣ closed; naïve plan 2026', senderName: 'Σοφία' }),
      ]);
      expect(await search(['dessert'])).toEqual(['Yes, bringing dessert — crème brûlée']);
      expect(await search(['DESSERT', 'creme'])).toEqual(['Yes, bringing dessert — crème brûlée']);
      expect(await search(['cafe'])).toEqual(['Your e-mail about the CAFE order', 'Dinner on Sunday at the café?']);
      expect(await search(['café'])).toEqual(['Your e-mail about the CAFE order', 'Dinner on Sunday at the café?']);
      // Words, not prefixes or substrings.
      expect(await search(['dess'])).toEqual([]);
      expect(await search(['unday'])).toEqual([]);
      // Every phrase must match; a phrase's words must follow each other.
      expect(await search(['sunday', 'dinner'])).toEqual(['Sunday dinner is late', 'Dinner on Sunday at the café?']);
      expect(await search(['sunday dinner'])).toEqual(['Sunday dinner is late']);
      expect(await search(['dinner sunday'])).toEqual([]);
      expect(await search(['sunday', 'nothing'])).toEqual([]);
      // Punctuation separates words, in the text and in a phrase alike.
      expect(await search(['e-mail'])).toEqual(['Your e-mail about the CAFE order']);
      expect(await search(['e mail'])).toEqual(['Your e-mail about the CAFE order']);
      expect(await search(['email'])).toEqual([]);
      expect(await search(['brulee'])).toEqual(['Yes, bringing dessert — crème brûlée']);
      // Sender handle and name are searched, each word of them.
      expect(await search(['mum'])).toEqual(['Dinner on Sunday at the café?']);
      expect(await search(['sam', 'example'])).toEqual(['Your e-mail about the CAFE order']);
      expect(await search(['stone'])).toEqual(['Sunday dinner is late']);
      // A phrase does not run from one field into the next.
      expect(await search(['late bob'])).toEqual([]);
      expect(await search(['late', 'bob'])).toEqual(['Sunday dinner is late']);
      // Other scripts: lower-cased letter by letter, a capital sigma the same anywhere in a word.
      expect(await search(['σοφία'])).toEqual(['Σοφία: ΟΔΟΣ closed; naïve plan 2026']);
      expect(await search(['οδοσ'])).toEqual(['Σοφία: ΟΔΟΣ closed; naïve plan 2026']);
      expect(await search(['naive', '2026'])).toEqual(['Σοφία: ΟΔΟΣ closed; naïve plan 2026']);
      // No phrase finds nothing.
      expect(await search([])).toEqual([]);
    });

    it('narrows a search by channel and time and pages it newest first', async () => {
      const store = repository();
      const batch = Array.from({ length: 12 }, (_, i) => message(`m${i}`, i * 10, { text: `parcel update ${i}`, channel: i % 3 === 0 ? 'sms' : 'whatsapp' }));
      await store.importMessages(PROVIDER, batch);
      expect(await search(['parcel'], { channel: 'sms' })).toEqual(['parcel update 9', 'parcel update 6', 'parcel update 3', 'parcel update 0']);
      expect(await search(['parcel'], { since: '2026-03-01T00:30:00.000Z', until: '2026-03-01T01:00:00.000Z' })).toEqual([
        'parcel update 5',
        'parcel update 4',
        'parcel update 3',
      ]);
      const first = await store.search(['update'], {}, { offset: 0, limit: 5 });
      expect(first.hasMore).toBe(true);
      expect(first.rows.map((row) => row.text)).toEqual(['parcel update 11', 'parcel update 10', 'parcel update 9', 'parcel update 8', 'parcel update 7']);
      const last = await store.search(['update'], {}, { offset: 10, limit: 5 });
      expect(last).toMatchObject({ hasMore: false });
      expect(last.rows.map((row) => row.text)).toEqual(['parcel update 1', 'parcel update 0']);
      expect(await search(['3'])).toEqual(['parcel update 3']);
    });
  });
}
