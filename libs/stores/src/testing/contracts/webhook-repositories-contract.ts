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
  });
}

/** Declares the event rules repository contract as a jest `describe` block named after the adapter. */
export function describeEventRulesRepositoryContract(name: string, open: OpenRepository<EventRulesRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('EventRulesRepository', name, open, START, ({ repository }) => {
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
  });
}
