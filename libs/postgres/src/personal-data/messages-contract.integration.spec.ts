/**
 * The messages repository contract (ADR 0073) against the PostgreSQL adapter: one throw-away server for the file, a
 * fresh database per test. Also what only PostgreSQL has: text that cannot hold U+0000, and several importers at once.
 */
import { expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import type { ImportMessageInput } from '@chief-of-staff/stores';
import { describeMessagesRepositoryContract, toolErrorOf } from '@chief-of-staff/stores/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { createPostgresMessagesRepository } from './messages-repository.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('messages');
const opener = databases.opener;

describeWithPostgres('on PostgreSQL', () => {
  describeMessagesRepositoryContract('PostgreSQL', opener(createPostgresMessagesRepository));
});

function message(externalId: string, fields: Partial<ImportMessageInput> = {}): ImportMessageInput {
  return {
    externalId,
    conversationExternalId: 'chat',
    conversationTitle: null,
    participants: [],
    channel: 'sms',
    senderHandle: '+15550001',
    senderName: null,
    isFromMe: false,
    text: `hello ${externalId}`,
    sentAt: '2026-03-01T08:00:00.000Z',
    ...fields,
  };
}

describeWithPostgres('messages repository on PostgreSQL only', () => {
  it('refuses a NUL character in an imported message, naming the field, and finds nothing by one', async () => {
    const opened = await opener(createPostgresMessagesRepository)(new FakeClock('2026-03-10T12:00:00.000Z'));
    const store = opened.repository;
    try {
      expect(await toolErrorOf(store.importMessages('local', [message('m1'), message('m2', { text: 'a\u0000b' })]))).toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/^text:/),
      });
      // The batch is refused whole.
      expect((await store.list({}, { offset: 0, limit: 10 })).rows).toEqual([]);
      await store.importMessages('local', [message('m1')]);
      expect((await store.list({ sender: '\u0000' }, { offset: 0, limit: 10 })).rows).toEqual([]);
      expect((await store.list({ conversation: 'chat\u0000' }, { offset: 0, limit: 10 })).rows).toEqual([]);
      expect((await store.search(['hello'], { channel: 'sms\u0000' }, { offset: 0, limit: 10 })).rows).toEqual([]);
      expect((await store.search(['hello\u0000m1'], {}, { offset: 0, limit: 10 })).rows.map((row) => row.text)).toEqual(['hello m1']);
    } finally {
      await opened.close();
    }
  });

  it('lets several importers of the same conversation and messages run at once: each stored once', async () => {
    const opened = await opener(createPostgresMessagesRepository)(new FakeClock('2026-03-10T12:00:00.000Z'));
    const store = opened.repository;
    try {
      const batch = Array.from({ length: 50 }, (_, i) => message(`m${i}`, { sentAt: new Date(Date.parse('2026-03-01T08:00:00.000Z') + i * 1000).toISOString() }));
      const results = await Promise.all(Array.from({ length: 6 }, () => store.importMessages('local', batch)));
      expect(results.reduce((sum, result) => sum + result.imported, 0)).toBe(50);
      const { rows } = await store.list({}, { offset: 0, limit: 100 });
      expect(rows).toHaveLength(50);
      expect(new Set(rows.map((row) => row.conversationId)).size).toBe(1);
    } finally {
      await opened.close();
    }
  });
});
