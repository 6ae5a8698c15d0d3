/**
 * The notifications and suggestion state contracts (ADR 0065) against the PostgreSQL adapter: one throw-away server
 * for the file, a fresh database per test, sorting text by language
 * (so code point orders are checked). Also what only PostgreSQL has: text that cannot hold U+0000.
 */
import { expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { describeNotificationsRepositoryContract, describeSuggestionStateRepositoryContract, toolErrorOf } from '@chief-of-staff/stores/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { createPostgresNotificationsRepository } from './notifications-repository.js';
import { createPostgresSuggestionStateRepository } from './suggestion-state-repository.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('proactive', { languageSorted: true });
const opener = databases.opener;

describeWithPostgres('on PostgreSQL', () => {
  describeNotificationsRepositoryContract('PostgreSQL', opener(createPostgresNotificationsRepository));
  describeSuggestionStateRepositoryContract('PostgreSQL', opener(createPostgresSuggestionStateRepository));
});

describeWithPostgres('proactive repositories on PostgreSQL only', () => {
  it('refuses a NUL character in a notification or a suggestion key, naming the field, and finds nothing by one', async () => {
    const clock = new FakeClock('2026-04-01T08:00:00.000Z');
    const log = await opener(createPostgresNotificationsRepository)(clock);
    const states = await opener(createPostgresSuggestionStateRepository)(clock);
    try {
      const base = { title: 't', body: 'b', channels: ['log'], status: 'logged' as const, origin: 'agent' as const };
      expect(await toolErrorOf(log.repository.record({ ...base, body: 'a\u0000b' }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^body:/) });
      expect((await toolErrorOf(log.repository.record({ ...base, channels: ['\u0000'] }))).message).toMatch(/^channels:/);
      expect(await log.repository.countForRun('r\u0000')).toBe(0);
      expect((await toolErrorOf(states.repository.dismiss('mail:\u0000', 'mail'))).message).toMatch(/^key:/);
      expect((await toolErrorOf(states.repository.markPushed([{ key: '\u0000', category: 'mail' }]))).message).toMatch(/^key:/);
      await states.repository.markPushed([{ key: 'mail:1', category: 'mail' }]);
      expect([...(await states.repository.getMany(['mail:1', 'mail:\u0000'])).keys()]).toEqual(['mail:1']);
    } finally {
      await log.close();
      await states.close();
    }
  });
});
