import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeClock, isToolError } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '../testing/create-test-memory-store.js';

describe('webhook events and event rules storage', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;
  beforeEach(() => {
    clock = new FakeClock('2026-04-01T08:00:00.000Z');
    store = createTestMemoryStore({ clock });
  });
  afterEach(async () => await store.cleanup());

  it('de-duplicates events by (source, delivery id) and lists newest first', async () => {
    const first = await store.webhookEvents.insert({ source: 'github', eventType: 'push', deliveryId: 'd1', payload: '{"a":1}', receivedVia: 'http', signatureVerified: true });
    expect(first).toMatchObject({ duplicate: false, event: { status: 'pending', attempts: 0, payloadBytes: 7, signatureVerified: true } });
    const again = await store.webhookEvents.insert({ source: 'github', eventType: 'push', deliveryId: 'd1', payload: '{"a":2}', receivedVia: 'tool' });
    expect(again).toMatchObject({ duplicate: true, event: { id: first.event.id, payload: '{"a":1}' } });
    clock.advance(1000);
    const second = await store.webhookEvents.insert({ source: 'github', eventType: 'issue.opened', deliveryId: 'd2', payload: 'x', receivedVia: 'inbox' });
    expect((await store.webhookEvents.list({}, {})).items.map((e) => e.id)).toEqual([second.event.id, first.event.id]);
    expect((await store.webhookEvents.list({ eventType: 'push' }, {})).items).toHaveLength(1);
    await store.webhookEvents.update(first.event.id, { status: 'processed', attempts: 1, processedAt: clock.now().toISOString() });
    expect((await store.webhookEvents.listByStatus('pending', 10)).map((e) => e.id)).toEqual([second.event.id]);
    await expect(store.webhookEvents.insert({ source: 'Bad Source', eventType: 'x', deliveryId: 'd', payload: '', receivedVia: 'http' })).rejects.toThrow(
      /source/,
    );
    expect(await store.webhookEvents.purgeOlderThan('2026-04-02T00:00:00.000Z', ['processed'])).toBe(1);
  });

  it('treats the same signed content of a source as a duplicate whatever its delivery id, until the event is purged', async () => {
    const digest = 'a'.repeat(64);
    const first = await store.webhookEvents.insert({ source: 'github', eventType: 'push', deliveryId: 'orig-1', payload: '{}', receivedVia: 'http', contentDigest: digest });
    expect(first).toMatchObject({ duplicate: false, event: { contentDigest: digest } });
    const replay = await store.webhookEvents.insert({ source: 'github', eventType: 'issues', deliveryId: 'replay-2', payload: '{}', receivedVia: 'http', contentDigest: digest });
    expect(replay).toMatchObject({ duplicate: true, event: { id: first.event.id, eventType: 'push', deliveryId: 'orig-1' } });
    // Another source may legitimately send the same bytes.
    expect((await store.webhookEvents.insert({ source: 'stripe', eventType: 'push', deliveryId: 'orig-1', payload: '{}', receivedVia: 'http', contentDigest: digest })).duplicate).toBe(false);
    // Events without a digest (inbox, ingest_webhook) are de-duplicated by delivery id only.
    expect((await store.webhookEvents.insert({ source: 'github', eventType: 'push', deliveryId: 'inbox-1', payload: '{}', receivedVia: 'inbox' })).duplicate).toBe(false);
    expect((await store.webhookEvents.insert({ source: 'github', eventType: 'push', deliveryId: 'inbox-2', payload: '{}', receivedVia: 'inbox' })).duplicate).toBe(false);
    await expect(store.webhookEvents.insert({ source: 'github', eventType: 'push', deliveryId: 'x', payload: '{}', receivedVia: 'http', contentDigest: 'not-hex' })).rejects.toThrow(/content_digest/);

    await store.webhookEvents.update(first.event.id, { status: 'processed' });
    clock.advance(31 * 86_400_000);
    expect(await store.webhookEvents.purgeOlderThan(clock.now().toISOString(), ['processed'])).toBeGreaterThanOrEqual(1);
    expect((await store.webhookEvents.insert({ source: 'github', eventType: 'push', deliveryId: 'replay-3', payload: '{}', receivedVia: 'http', contentDigest: digest })).duplicate).toBe(false);
  });

  it('orders event rules by priority then name and refuses duplicate names unless upsert', async () => {
    const base = { eventSource: 'github', eventTypePattern: 'issue.*', agentName: 'triage', createdBy: 'user' };
    await store.eventRules.create({ ...base, name: 'b', priority: 50 });
    await store.eventRules.create({ ...base, name: 'a', priority: 50 });
    await store.eventRules.create({ ...base, name: 'c', priority: 10, enabled: false });
    expect((await store.eventRules.list({}, {})).items.map((r) => r.name)).toEqual(['c', 'a', 'b']);
    expect((await store.eventRules.listEnabledForSource('github')).map((r) => r.name)).toEqual(['a', 'b']);
    let code: string | undefined;
    try {
      await store.eventRules.create({ ...base, name: 'a' });
    } catch (error) {
      code = isToolError(error) ? error.code : undefined;
    }
    expect(code).toBe('CONFLICT');
    expect((await store.eventRules.create({ ...base, name: 'a', priority: 5 }, { upsert: true })).created).toBe(false);
    expect((await store.eventRules.list({ enabledOnly: true }, {})).items.map((r) => r.name)).toEqual(['a', 'b']);
  });
});
