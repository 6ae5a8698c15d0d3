/**
 * The webhook events and event rules contracts (ADR 0065) against the PostgreSQL adapter: one throw-away server for
 * the file, a fresh database per test, sorting text by language
 * (so code point orders are checked). Also what only PostgreSQL has: text that cannot hold U+0000.
 */
import { expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { toolErrorOf } from '@chief-of-staff/stores/testing';
import { describeEventRulesRepositoryContract, describeWebhookEventsRepositoryContract } from '@chief-of-staff/stores/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { createPostgresEventRulesRepository } from './event-rules-repository.js';
import { createPostgresWebhookEventsRepository } from './webhook-events-repository.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('webhooks', { languageSorted: true });
const opener = databases.opener;

describeWithPostgres('on PostgreSQL', () => {
  describeWebhookEventsRepositoryContract('PostgreSQL', opener(createPostgresWebhookEventsRepository));
  describeEventRulesRepositoryContract('PostgreSQL', opener(createPostgresEventRulesRepository));
});

describeWithPostgres('webhook repositories on PostgreSQL only', () => {
  it('refuses a NUL character in a received event or a rule, naming the field, and finds nothing by one', async () => {
    const clock = new FakeClock('2026-04-01T08:00:00.000Z');
    const events = await opener(createPostgresWebhookEventsRepository)(clock);
    const rules = await opener(createPostgresEventRulesRepository)(clock);
    try {
      const base = { source: 'github', eventType: 'push', deliveryId: 'd1', payload: '{}', receivedVia: 'http' as const };
      expect(await toolErrorOf(events.repository.insert({ ...base, payload: 'a\u0000b' }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^payload:/) });
      expect((await toolErrorOf(events.repository.insert({ ...base, deliveryId: '\u0000' }))).message).toMatch(/^delivery_id:/);
      const { event } = await events.repository.insert(base);
      expect((await toolErrorOf(events.repository.update(event.id, { matchedRules: [{ note: 'x\u0000' }] }))).message).toMatch(/^matched_rules:/);
      expect(await events.repository.list({ source: 'git\u0000hub' }, {})).toMatchObject({ items: [], total: 0 });
      const rule = { name: 'r', eventSource: 'github', eventTypePattern: '*', agentName: 'a', createdBy: 'user' };
      expect((await toolErrorOf(rules.repository.create({ ...rule, instructionTemplate: '\u0000' }))).message).toMatch(/^instruction_template:/);
      expect(await rules.repository.listEnabledForSource('\u0000')).toEqual([]);
    } finally {
      await events.close();
      await rules.close();
    }
  });
});
