/**
 * The behaviour of `WebhookEventsRepository` and `EventRulesRepository` that users notice, written once against the
 * port and run against every adapter (SQLite in `@chief-of-staff/stores`, PostgreSQL in `@chief-of-staff/postgres`):
 * ADR 0065. Each adapter's spec calls these with a function that opens an empty repository on a clock the suite
 * controls.
 */
import type { EventRulesRepository } from '../../webhooks/event-rules-repository.js';
import type { WebhookEventsRepository } from '../../webhooks/webhook-events-repository.js';
import { contractJest, describeRepositoryContract, toolErrorOf, type OpenRepository } from './contract-jest.js';

const START = '2026-04-01T08:00:00.000Z';

/** Declares the webhook events repository contract as a jest `describe` block named after the adapter. */
export function describeWebhookEventsRepositoryContract(name: string, open: OpenRepository<WebhookEventsRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('WebhookEventsRepository', name, open, START, ({ clock, repository }) => {
    it('de-duplicates events by (source, delivery id) and lists newest first', async () => {
      const events = repository();
      const first = await events.insert({ source: 'github', eventType: 'push', deliveryId: 'd1', payload: '{"a":1}', receivedVia: 'http', signatureVerified: true });
      expect(first).toMatchObject({ duplicate: false, event: { status: 'pending', attempts: 0, payloadBytes: 7, signatureVerified: true } });
      const again = await events.insert({ source: 'github', eventType: 'push', deliveryId: 'd1', payload: '{"a":2}', receivedVia: 'tool' });
      expect(again).toMatchObject({ duplicate: true, event: { id: first.event.id, payload: '{"a":1}' } });
      clock().advance(1000);
      const second = await events.insert({ source: 'github', eventType: 'issue.opened', deliveryId: 'd2', payload: 'x', receivedVia: 'inbox' });
      expect((await events.list({}, {})).items.map((e) => e.id)).toEqual([second.event.id, first.event.id]);
      expect((await events.list({ eventType: 'push' }, {})).items).toHaveLength(1);
      await events.update(first.event.id, { status: 'processed', attempts: 1, processedAt: clock().now().toISOString() });
      expect((await events.listByStatus('pending', 10)).map((e) => e.id)).toEqual([second.event.id]);
      await expect(events.insert({ source: 'Bad Source', eventType: 'x', deliveryId: 'd', payload: '', receivedVia: 'http' })).rejects.toThrow(/source/);
      expect(await events.purgeOlderThan('2026-04-02T00:00:00.000Z', ['processed'])).toBe(1);
    });

    it('treats the same signed content of a source as a duplicate whatever its delivery id, until the event is purged', async () => {
      const events = repository();
      const digest = 'a'.repeat(64);
      const first = await events.insert({ source: 'github', eventType: 'push', deliveryId: 'orig-1', payload: '{}', receivedVia: 'http', contentDigest: digest });
      expect(first).toMatchObject({ duplicate: false, event: { contentDigest: digest } });
      const replay = await events.insert({ source: 'github', eventType: 'issues', deliveryId: 'replay-2', payload: '{}', receivedVia: 'http', contentDigest: digest });
      expect(replay).toMatchObject({ duplicate: true, event: { id: first.event.id, eventType: 'push', deliveryId: 'orig-1' } });
      // Another source may legitimately send the same bytes.
      expect((await events.insert({ source: 'stripe', eventType: 'push', deliveryId: 'orig-1', payload: '{}', receivedVia: 'http', contentDigest: digest })).duplicate).toBe(false);
      // Events without a digest (inbox, ingest_webhook) are de-duplicated by delivery id only.
      expect((await events.insert({ source: 'github', eventType: 'push', deliveryId: 'inbox-1', payload: '{}', receivedVia: 'inbox' })).duplicate).toBe(false);
      expect((await events.insert({ source: 'github', eventType: 'push', deliveryId: 'inbox-2', payload: '{}', receivedVia: 'inbox' })).duplicate).toBe(false);
      await expect(events.insert({ source: 'github', eventType: 'push', deliveryId: 'x', payload: '{}', receivedVia: 'http', contentDigest: 'not-hex' })).rejects.toThrow(
        /content_digest/,
      );

      await events.update(first.event.id, { status: 'processed' });
      clock().advance(31 * 86_400_000);
      expect(await events.purgeOlderThan(clock().now().toISOString(), ['processed'])).toBeGreaterThan(0);
      expect((await events.insert({ source: 'github', eventType: 'push', deliveryId: 'replay-3', payload: '{}', receivedVia: 'http', contentDigest: digest })).duplicate).toBe(
        false,
      );
    });

    it('keeps one event when several writers store the same delivery at once', async () => {
      const events = repository();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          events.insert({ source: 'github', eventType: 'push', deliveryId: 'same', payload: `{"n":${i}}`, receivedVia: 'http', contentDigest: `${i}`.repeat(64) }),
        ),
      );
      expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
      expect(new Set(results.map((result) => result.event.id)).size).toBe(1);
      const digest = 'b'.repeat(64);
      const replays = await Promise.all(
        Array.from({ length: 8 }, (_, i) => events.insert({ source: 'github', eventType: 'push', deliveryId: `r${i}`, payload: '{}', receivedVia: 'http', contentDigest: digest })),
      );
      expect(replays.filter((result) => !result.duplicate)).toHaveLength(1);
      expect(new Set(replays.map((result) => result.event.id)).size).toBe(1);
      expect((await events.list({}, {})).total).toBe(2);
    });

    it('prefers the event with the same delivery id over one with the same content', async () => {
      const events = repository();
      const byDigest = await events.insert({ source: 'github', eventType: 'push', deliveryId: 'a', payload: '{}', receivedVia: 'http', contentDigest: 'c'.repeat(64) });
      const byDelivery = await events.insert({ source: 'github', eventType: 'push', deliveryId: 'b', payload: '{}', receivedVia: 'inbox' });
      const again = await events.insert({ source: 'github', eventType: 'push', deliveryId: 'b', payload: '{}', receivedVia: 'http', contentDigest: 'c'.repeat(64) });
      expect(again).toMatchObject({ duplicate: true, event: { id: byDelivery.event.id } });
      expect(again.event.id).not.toBe(byDigest.event.id);
    });

    it('stores the record as received: payload bytes in UTF-8, defaults, and the time of receipt', async () => {
      const events = repository();
      const { event } = await events.insert({ source: 'my-app.v2', eventType: 'order.paid', deliveryId: 'ü-1', payload: '{"name":"Zoë"}', receivedVia: 'tool' });
      expect(event).toEqual({
        id: expect.any(Number),
        source: 'my-app.v2',
        eventType: 'order.paid',
        deliveryId: 'ü-1',
        contentDigest: null,
        payload: '{"name":"Zoë"}',
        payloadBytes: 15,
        receivedVia: 'tool',
        signatureVerified: false,
        status: 'pending',
        attempts: 0,
        lastError: null,
        matchedRules: null,
        receivedAt: START,
        processedAt: null,
        createdAt: START,
        updatedAt: START,
      });
      expect(await events.get(event.id)).toEqual(event);
      expect(await events.get(event.id + 1000)).toBeUndefined();
    });

    it('refuses an invalid source, receipt channel or status naming the field', async () => {
      const events = repository();
      const base = { eventType: 'push', deliveryId: 'd', payload: '{}', receivedVia: 'http' as const };
      for (const source of ['', 'GitHub', '-github', 'a'.repeat(65), 'git hub']) {
        const error = await toolErrorOf(events.insert({ ...base, source }));
        expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
        expect(error.message).toMatch(/source/);
      }
      expect((await toolErrorOf(events.insert({ ...base, source: 'github', receivedVia: 'carrier-pigeon' as 'http' }))).code).toBe('INVALID_ARGUMENT');
      expect((await toolErrorOf(events.insert({ ...base, source: 'github', eventType: '  ' }))).code).toBe('INVALID_ARGUMENT');
      expect((await toolErrorOf(events.list({ status: 'done' as 'processed' }, {}))).code).toBe('INVALID_ARGUMENT');
      expect((await toolErrorOf(events.update(1, { status: 'done' as 'processed' }))).code).toBe('INVALID_ARGUMENT');
      expect((await events.list({}, {})).total).toBe(0);
    });

    it('filters by status, source, type and time, newest first, with the total and pages', async () => {
      const events = repository();
      const ids: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const source = i % 2 === 0 ? 'github' : 'stripe';
        ids.push((await events.insert({ source, eventType: i < 3 ? 'push' : 'charge', deliveryId: `d${i}`, payload: '{}', receivedVia: 'http' })).event.id);
        clock().advance(60_000);
      }
      await events.update(ids[1] ?? 0, { status: 'failed', attempts: 3, lastError: 'agent missing' });
      const first = await events.list({}, { limit: 2 });
      expect(first).toMatchObject({ total: 5, next_cursor: expect.any(String) });
      expect(first.items.map((e) => e.id)).toEqual([ids[4], ids[3]]);
      const second = await events.list({}, { limit: 2, cursor: first.next_cursor });
      expect(second.items.map((e) => e.id)).toEqual([ids[2], ids[1]]);
      expect((await events.list({ source: 'github' }, {})).items.map((e) => e.id)).toEqual([ids[4], ids[2], ids[0]]);
      expect((await events.list({ source: 'github', eventType: 'push' }, {})).total).toBe(2);
      expect((await events.list({ status: 'failed' }, {})).items).toMatchObject([{ id: ids[1], attempts: 3, lastError: 'agent missing' }]);
      expect((await events.list({ since: '2026-04-01T08:02:00.000Z' }, {})).items.map((e) => e.id)).toEqual([ids[4], ids[3], ids[2]]);
    });

    it('lists events of a status oldest first, up to the limit', async () => {
      const events = repository();
      const ids: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        ids.push((await events.insert({ source: 'github', eventType: 'push', deliveryId: `d${i}`, payload: '{}', receivedVia: 'http' })).event.id);
        clock().advance(1_000);
      }
      expect((await events.listByStatus('pending', 3)).map((e) => e.id)).toEqual(ids.slice(0, 3));
      expect(await events.listByStatus('processing', 3)).toEqual([]);
    });

    it('updates only the fields given, stamps the change, and keeps the matched rules as given', async () => {
      const events = repository();
      const { event } = await events.insert({ source: 'github', eventType: 'push', deliveryId: 'd', payload: '{}', receivedVia: 'http' });
      clock().advance(5_000);
      const matchedRules = [{ id: 3, name: 'triage', agent: 'triager', runId: null }, 'raw'];
      const updated = await events.update(event.id, { status: 'processed', matchedRules, processedAt: '2026-04-01T08:00:05.000Z' });
      expect(updated).toMatchObject({ status: 'processed', attempts: 0, matchedRules, processedAt: '2026-04-01T08:00:05.000Z', updatedAt: '2026-04-01T08:00:05.000Z' });
      expect(updated?.createdAt).toBe(START);
      const cleared = await events.update(event.id, { matchedRules: null, lastError: null, attempts: 2 });
      expect(cleared).toMatchObject({ status: 'processed', matchedRules: null, lastError: null, attempts: 2 });
      expect(await events.update(event.id + 1000, { status: 'failed' })).toBeUndefined();
    });

    it('purges only events received before the cutoff in the given statuses', async () => {
      const events = repository();
      const old = await events.insert({ source: 'github', eventType: 'push', deliveryId: 'old', payload: '{}', receivedVia: 'http' });
      const oldFailed = await events.insert({ source: 'github', eventType: 'push', deliveryId: 'old-failed', payload: '{}', receivedVia: 'http' });
      await events.update(old.event.id, { status: 'processed' });
      await events.update(oldFailed.event.id, { status: 'failed' });
      clock().advanceDays(10);
      const recent = await events.insert({ source: 'github', eventType: 'push', deliveryId: 'new', payload: '{}', receivedVia: 'http' });
      await events.update(recent.event.id, { status: 'processed' });
      expect(await events.purgeOlderThan('2026-04-05T00:00:00.000Z', [])).toBe(0);
      expect(await events.purgeOlderThan('2026-04-05T00:00:00.000Z', ['processed'])).toBe(1);
      expect(await events.get(old.event.id)).toBeUndefined();
      expect(await events.purgeOlderThan('2026-04-05T00:00:00.000Z', ['processed', 'failed', 'pending'])).toBe(1);
      expect((await events.list({}, {})).items.map((e) => e.id)).toEqual([recent.event.id]);
    });
  });
}

/** Declares the event rules repository contract as a jest `describe` block named after the adapter. */
export function describeEventRulesRepositoryContract(name: string, open: OpenRepository<EventRulesRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('EventRulesRepository', name, open, START, ({ clock, repository }) => {
    it('orders event rules by priority then name and refuses duplicate names unless upsert', async () => {
      const rules = repository();
      const base = { eventSource: 'github', eventTypePattern: 'issue.*', agentName: 'triage', createdBy: 'user' };
      await rules.create({ ...base, name: 'b', priority: 50 });
      await rules.create({ ...base, name: 'a', priority: 50 });
      await rules.create({ ...base, name: 'c', priority: 10, enabled: false });
      expect((await rules.list({}, {})).items.map((r) => r.name)).toEqual(['c', 'a', 'b']);
      expect((await rules.listEnabledForSource('github')).map((r) => r.name)).toEqual(['a', 'b']);
      expect((await toolErrorOf(rules.create({ ...base, name: 'a' }))).code).toBe('CONFLICT');
      expect((await rules.create({ ...base, name: 'a', priority: 5 }, { upsert: true })).created).toBe(false);
      expect((await rules.list({ enabledOnly: true }, {})).items.map((r) => r.name)).toEqual(['a', 'b']);
    });
    it('keeps what a rule was created with, and replaces all of it on upsert (same id, creation time kept)', async () => {
      const rules = repository();
      const { rule, created } = await rules.create({
        name: 'deploys',
        description: '  Deploy notices  ',
        eventSource: 'github',
        eventTypePattern: 'deployment.*',
        agentName: 'ops',
        instructionTemplate: 'Summarise {{payload}}',
        deliveryChannel: 'email',
        deliveryConfig: { to: 'me@example.com', nested: { b: 1, a: [1, 2] } },
        createdBy: 'user',
      });
      expect(created).toBe(true);
      expect(rule).toEqual({
        id: expect.any(Number),
        name: 'deploys',
        description: 'Deploy notices',
        eventSource: 'github',
        eventTypePattern: 'deployment.*',
        agentName: 'ops',
        instructionTemplate: 'Summarise {{payload}}',
        priority: 100,
        enabled: true,
        deliveryChannel: 'email',
        deliveryConfig: { to: 'me@example.com', nested: { b: 1, a: [1, 2] } },
        createdBy: 'user',
        createdAt: START,
        updatedAt: START,
      });
      expect(await rules.get(rule.id)).toEqual(rule);
      clock().advance(60_000);
      const replaced = await rules.create({ name: 'deploys', eventSource: 'gitlab', eventTypePattern: '*', agentName: 'ops2', createdBy: 'agent:x', enabled: false }, { upsert: true });
      expect(replaced.created).toBe(false);
      expect(replaced.rule).toMatchObject({
        id: rule.id,
        eventSource: 'gitlab',
        description: '',
        deliveryChannel: null,
        deliveryConfig: null,
        enabled: false,
        createdAt: START,
        updatedAt: '2026-04-01T08:01:00.000Z',
      });
      expect((await rules.create({ name: 'fresh', eventSource: 'x', eventTypePattern: '*', agentName: 'a', createdBy: 'user' }, { upsert: true })).created).toBe(true);
    });

    it('says which rule holds a name already taken, and how to replace it', async () => {
      const rules = repository();
      const base = { eventSource: 'github', eventTypePattern: '*', agentName: 'a', createdBy: 'user' };
      const { rule } = await rules.create({ ...base, name: 'taken' });
      const error = await toolErrorOf(rules.create({ ...base, name: 'taken', priority: 1 }));
      expect(error).toMatchObject({ code: 'CONFLICT', message: `An event rule named "taken" already exists (id ${rule.id}).` });
      expect(error.hint).toMatch(/upsert/);
      expect((await rules.get(rule.id))?.priority).toBe(100);
    });

    it('refuses a fractional priority, an unknown delivery channel and empty names, naming the field', async () => {
      const rules = repository();
      const base = { name: 'r', eventSource: 'github', eventTypePattern: '*', agentName: 'a', createdBy: 'user' };
      expect(await toolErrorOf(rules.create({ ...base, priority: 1.5 }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/priority/) });
      expect(await toolErrorOf(rules.create({ ...base, deliveryChannel: 'pager' as 'email' }))).toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect(await toolErrorOf(rules.create({ ...base, name: ' ' }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/name/) });
      expect(await toolErrorOf(rules.create({ ...base, agentName: '' }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/agent_name/) });
      expect((await rules.list({}, {})).total).toBe(0);
    });

    it('orders names of equal priority by code point (upper case before lower case), and pages with the total', async () => {
      const rules = repository();
      const base = { eventSource: 'github', eventTypePattern: '*', agentName: 'a', createdBy: 'user', priority: 10 };
      for (const name of ['beta', 'Zulu', 'alpha', '_under', 'Échelle', 'Alpha']) await rules.create({ ...base, name });
      await rules.create({ ...base, name: 'stripe-rule', eventSource: 'stripe', priority: -1 });
      const expected = ['stripe-rule', 'Alpha', 'Zulu', '_under', 'alpha', 'beta', 'Échelle'];
      expect((await rules.list({}, {})).items.map((r) => r.name)).toEqual(expected);
      const first = await rules.list({}, { limit: 4 });
      expect(first).toMatchObject({ total: 7, next_cursor: expect.any(String) });
      const second = await rules.list({}, { limit: 4, cursor: first.next_cursor });
      expect([...first.items, ...second.items].map((r) => r.name)).toEqual(expected);
      expect((await rules.list({ source: 'github' }, {})).total).toBe(6);
      expect((await rules.listEnabledForSource('github')).map((r) => r.name)).toEqual(expected.slice(1));
      expect(await rules.listEnabledForSource('gitlab')).toEqual([]);
    });

    it('keeps one rule when several writers upsert the same name at once', async () => {
      const rules = repository();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          rules.create({ name: 'same', eventSource: 'github', eventTypePattern: '*', agentName: `a${i}`, createdBy: 'user' }, { upsert: true }),
        ),
      );
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(results.map((result) => result.rule.id)).size).toBe(1);
      expect((await rules.list({}, {})).total).toBe(1);
    });

    it('deletes a rule once', async () => {
      const rules = repository();
      const { rule } = await rules.create({ name: 'r', eventSource: 'github', eventTypePattern: '*', agentName: 'a', createdBy: 'user' });
      expect(await rules.delete(rule.id)).toBe(true);
      expect(await rules.delete(rule.id)).toBe(false);
      expect(await rules.get(rule.id)).toBeUndefined();
    });
  });
}
