/**
 * The reminders repository contract (ADR 0071) against the PostgreSQL adapter: one throw-away server for the file, a
 * fresh database per test, sorting text by language (so code point orders are checked). Also what only PostgreSQL
 * has: text that cannot hold U+0000.
 */
import { expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { describeRemindersRepositoryContract, toolErrorOf } from '@chief-of-staff/stores/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { createPostgresRemindersRepository } from './reminders-repository.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('reminders', { languageSorted: true });
const opener = databases.opener;

describeWithPostgres('on PostgreSQL', () => {
  describeRemindersRepositoryContract('PostgreSQL', opener(createPostgresRemindersRepository));
});

describeWithPostgres('reminders repository on PostgreSQL only', () => {
  it('refuses a NUL character in a list name or a to-do, naming the field, and finds nothing by one', async () => {
    const opened = await opener(createPostgresRemindersRepository)(new FakeClock('2026-03-02T08:00:00.000Z'));
    try {
      const store = opened.repository;
      const list = await store.defaultList();
      const base = { uid: 'u', title: 't', notes: null, dueDate: null, dueAt: null, priority: 'none' as const, completed: false, completedAt: null };
      expect(await toolErrorOf(store.createList('a\u0000b', null))).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^name:/) });
      expect((await toolErrorOf(store.create(list.id, { ...base, title: 'a\u0000' }))).message).toMatch(/^title:/);
      expect((await toolErrorOf(store.upsertTodos(list.id, [base, { ...base, uid: 'v', notes: '\u0000' }]))).message).toMatch(/^notes:/);
      expect(await store.ofList(list.id)).toEqual([]);
      expect(await store.listByName('Reminders\u0000')).toBeUndefined();
      expect(await store.find({ text: '\u0000' })).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
