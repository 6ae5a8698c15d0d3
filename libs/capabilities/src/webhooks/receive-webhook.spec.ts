import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { configSchema, FakeClock, type CosConfig } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { createRateLimiter } from './rate-limiter.js';
import { receiveWebhook } from './receive-webhook.js';
import { signPayload } from './verify-signature.js';

const SECRET = 'whsec-unit-0123456789';

describe('receiveWebhook replays', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;
  let webhooks: CosConfig['webhooks'];
  beforeEach(() => {
    clock = new FakeClock('2026-04-01T08:00:00.000Z');
    store = createTestMemoryStore({ clock });
    webhooks = { ...configSchema.parse({ webhooks: { sources: { github: { secret: SECRET }, generic: { secret: SECRET } } } }).webhooks, inboxDir: '/nonexistent' };
  });
  afterEach(async () => await store.cleanup());

  const receive = async (source: string, body: string, headers: Record<string, string>) =>
    await receiveWebhook(
      { events: store.webhookEvents, webhooks, limiter: createRateLimiter(1_000), nowMs: () => clock.now().getTime() },
      { source, body: Buffer.from(body), headers: { 'content-type': 'application/json', ...headers } },
    );

  it('answers a signed body resent with new delivery ids and another event type as a duplicate of the first event', async () => {
    const body = JSON.stringify({ ref: 'refs/heads/main', commits: 3 });
    const signature = { 'x-hub-signature-256': signPayload(SECRET, body) };
    const answers = [
      await receive('github', body, { ...signature, 'x-github-event': 'issues', 'x-github-delivery': 'orig-1' }),
      await receive('github', body, { ...signature, 'x-github-event': 'issues', 'x-github-delivery': 'orig-1' }),
      await receive('github', body, { ...signature, 'x-github-event': 'issues', 'x-github-delivery': 'replay-2' }),
      await receive('github', body, { ...signature, 'x-github-event': 'push', 'x-github-delivery': 'replay-3' }),
      // Without a delivery id header the body's own digest would have been the id: still the first event.
      await receive('github', body, { ...signature, 'x-event-type': 'release' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([202, 200, 200, 200, 200]);
    const firstId = answers[0]?.body['event_id'];
    expect(answers.slice(1).map((answer) => answer.body)).toEqual(Array.from({ length: 4 }, () => ({ status: 'duplicate', event_id: firstId })));
    expect(answers.slice(1).every((answer) => answer.storedEventId === undefined)).toBe(true);
    const events = (await store.webhookEvents.list({ source: 'github' }, {})).items;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ eventType: 'issues', deliveryId: 'orig-1' });
  });

  it('with a signed timestamp, the same timestamp is a duplicate and a new one (which needs the secret) is a new event', async () => {
    const body = JSON.stringify({ event_type: 'disk.full', host: 'db-2' });
    const at = String(Math.floor(clock.now().getTime() / 1000));
    const first = await receive('generic', body, { 'x-timestamp': at, 'x-hub-signature-256': signPayload(SECRET, body, at), 'x-delivery-id': 'a' });
    const replay = await receive('generic', body, { 'x-timestamp': at, 'x-hub-signature-256': signPayload(SECRET, body, at), 'x-delivery-id': 'b' });
    expect([first.status, replay.status]).toEqual([202, 200]);
    clock.advance(60_000);
    const later = String(Math.floor(clock.now().getTime() / 1000));
    // A replay cannot move the timestamp: the old signature no longer matches.
    expect((await receive('generic', body, { 'x-timestamp': later, 'x-hub-signature-256': signPayload(SECRET, body, at), 'x-delivery-id': 'c' })).status).toBe(401);
    // The sender, holding the secret, may send the same body again as a new event.
    expect((await receive('generic', body, { 'x-timestamp': later, 'x-hub-signature-256': signPayload(SECRET, body, later), 'x-delivery-id': 'd' })).status).toBe(202);
  });

  it('keeps sources apart: the same signed bytes are a new event for another source', async () => {
    const body = JSON.stringify({ event_type: 'ping' });
    const headers = { 'x-hub-signature-256': signPayload(SECRET, body) };
    expect((await receive('github', body, headers)).status).toBe(202);
    expect((await receive('generic', body, headers)).status).toBe(202);
  });
});
