/**
 * Proactive suggestions and the inbound channel view over the real stores and local providers: each kind of
 * suggestion appears when it should (and not otherwise), the order is stable, a dismissed or snoozed suggestion stays
 * away even when its title changes, and the channel view merges mail, messages and webhook events.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { configSchema, createSilentLogger, createToolContext, FakeClock, runTool, type AnyToolDefinition } from '@chief-of-staff/core';
import { createProviderRegistry, type ProviderRegistry } from '@chief-of-staff/providers';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { channelTools } from '../../channels/channel-tools.js';
import { dismissSuggestionTool, getProactiveSuggestionsTool } from '../proactive-tools.js';

const NOW = '2026-03-10T12:00:00.000Z';
const DAY_MS = 86_400_000;
const me = { name: 'Alex Doe', address: 'alex@home.test' };

async function mail(providers: ProviderRegistry, box: string, id: string, thread: string, from: { name: string | null; address: string }, subject: string, at: Date): Promise<void> {
  const mailbox = await providers.local.mail.ensureMailbox('local', box);
  await providers.local.mail.importMessage(
    mailbox.id,
    { internetMessageId: `<${id}@example.test>`, threadId: thread, subject, from, to: [me], cc: [], date: at, bodyText: `${subject} body`, bodyHtml: null, snippet: subject, inReplyTo: null, references: [], attachments: [], read: undefined, flagged: undefined },
    { read: false, flagged: false },
  );
}

describe('proactive suggestions and the inbound channel view', () => {
  let store: TestMemoryStore;
  let providers: ProviderRegistry;
  let clock: FakeClock;

  const call = async (tool: AnyToolDefinition, args: unknown) => {
    const config = { ...configSchema.parse({ user: { email: me.address } }), timezone: 'UTC' };
    const result = await runTool(tool, args, createToolContext({ services: { memory: store, providers, config }, caller: { kind: 'host' }, clock, logger: createSilentLogger() }));
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    return result.value as Record<string, unknown> & { items: Array<Record<string, unknown>> };
  };
  const suggestions = (args: Record<string, unknown> = {}) => call(getProactiveSuggestionsTool as unknown as AnyToolDefinition, { limit: 100, ...args });

  beforeEach(async () => {
    clock = new FakeClock(NOW);
    store = createTestMemoryStore({ clock });
    providers = createProviderRegistry({ config: { ...configSchema.parse({ providers: { notifications: 'none' } }), timezone: 'UTC' }, memory: store, desktop: null });
    const ago = (days: number) => new Date(Date.parse(NOW) - days * DAY_MS);

    await store.delegations.create({ task: 'Send the board deck', delegatedTo: 'Dana', dueDate: '2026-03-08' });
    await store.delegations.create({ task: 'Book the offsite', delegatedTo: 'Omer', dueDate: '2026-03-12' });
    await store.delegations.create({ task: 'Plan Q3 hiring', delegatedTo: 'Noa', dueDate: '2026-04-30' });
    const done = await store.delegations.create({ task: 'Finished already', delegatedTo: 'Dana', dueDate: '2026-03-01' });
    await store.delegations.update(done.id, { status: 'completed' });

    clock.set(ago(10));
    await store.decisions.create({ title: 'Move to weekly releases' });
    clock.set(new Date(NOW));
    await store.decisions.create({ title: 'Hire a designer', followUpDate: '2026-03-09' });
    await store.decisions.create({ title: 'Fresh decision' });

    const failed = (await store.webhookEvents.insert({ source: 'github', eventType: 'push', deliveryId: 'd1', payload: '{}', receivedVia: 'http' })).event;
    await store.webhookEvents.update(failed.id, { status: 'failed', attempts: 3, lastError: 'agent timed out' });
    const unrouted = (await store.webhookEvents.insert({ source: 'stripe', eventType: 'charge.failed', deliveryId: 'd2', payload: '{"amount": 5}', receivedVia: 'http' })).event;
    await store.webhookEvents.update(unrouted.id, { status: 'unrouted' });

    const { rule } = await store.alertRules.create({ name: 'Overdue work', alertType: 'overdue_delegation', condition: {} });
    await store.alertRules.recordTrigger(rule.id, { triggeredAt: NOW, fingerprint: 'fp' });

    const dana = { name: 'Dana Levi', address: 'dana@acme.com' };
    await mail(providers, 'INBOX', 'm1', 't1', dana, 'Budget numbers', ago(5));
    await mail(providers, 'INBOX', 'm2', 't2', dana, 'Offsite venue?', ago(3));
    await mail(providers, 'INBOX', 'm3', 't3', dana, 'Quick question', ago(2));
    await mail(providers, 'Sent', 'm4', 't1', me, 'Re: Budget numbers', ago(4));
    await mail(providers, 'INBOX', 'm5', 't5', { name: null, address: 'rare@elsewhere.test' }, 'One-off', ago(3));
    await mail(providers, 'INBOX', 'm6', 't6', dana, 'Just now', new Date(Date.parse(NOW) - 3_600_000));

    const calendar = providers.require('calendar');
    const attendee = { email: 'dana@acme.com', name: 'Dana Levi', response: 'accepted' as const, isSelf: false };
    const inHours = (hours: number) => new Date(Date.parse(NOW) + hours * 3_600_000);
    await calendar.createEvent({ title: 'Pricing review', start: inHours(3), end: inHours(4), attendees: [attendee] });
    await calendar.createEvent({ title: 'Vendor call', start: inHours(5), end: inHours(6), attendees: [attendee] });
    await calendar.createEvent({ title: 'Focus time', start: inHours(7), end: inHours(8) });
    await calendar.createEvent({ title: 'Next week kickoff', start: inHours(72), end: inHours(73), attendees: [attendee] });
    await store.facts.upsert({ category: 'work', key: 'vendor.prep', value: 'Vendor call: ask about the SLA and the renewal price', source: 'user' });

    await store.skillSuggestions.upsertBySignature({ signature: 'search_mail:invoice', toolName: 'search_mail', description: 'Weekly invoice search', patterns: ['invoice'], suggestedName: 'invoice_finder', suggestedCapabilities: ['mail_read'], occurrences: 6, confidence: 0.8 });
    const { task } = await store.scheduledTasks.create({ name: 'nightly_digest', scheduleType: 'interval', scheduleConfig: { hours: 24 }, handlerType: 'digest', nextRunAt: null, createdBy: 'user' });
    await store.scheduledTasks.create({ name: 'healthy', scheduleType: 'interval', scheduleConfig: { hours: 24 }, handlerType: 'digest', nextRunAt: null, createdBy: 'user' });
    // Three failed runs in a row, as the engine records them.
    store.database.sqlite.prepare("UPDATE scheduled_tasks SET consecutive_failures = 3, last_error = 'agent missing' WHERE id = ?").run(task.id);

    await providers.local.messages.importMessages([{ externalId: 'x1', conversationId: 'c1', conversationTitle: null, channel: 'imessage', senderHandle: '+15551234567', senderName: 'Omer', isFromMe: false, text: 'Running late', sentAt: new Date(Date.parse(NOW) - 2 * 3_600_000), participants: [] }]);
  });

  afterEach(async () => {
    providers.close();
    await store.cleanup();
  });

  it('lists each kind when it applies, most urgent and newest first', async () => {
    const { items } = await suggestions();
    const keys = items.map((item) => `${item.priority} ${item.key}`);
    expect(keys).toContain('high delegation:1');
    expect(keys).toContain('high deadline:2');
    expect(keys.some((key) => key.endsWith('delegation:3') || key.endsWith('deadline:3') || key.endsWith(':4'))).toBe(false);
    expect(keys).toContain('medium decision:1');
    expect(keys).toContain('medium follow_up:2');
    expect(keys.some((key) => key.endsWith('decision:3'))).toBe(false);
    expect(keys).toContain('low webhook:failed:github:push');
    expect(keys).toContain('low webhook:unrouted:stripe:charge.failed');
    // The triggered "Overdue work" rule matches only delegation 1, which has its own entry.
    expect(keys.some((key) => key.includes('alert:'))).toBe(false);
    expect(keys).toContain('medium skill:1');
    expect(keys.filter((key) => key.includes('scheduler:'))).toEqual([`medium scheduler:1`]);
    const meetings = items.filter((item) => item.category === 'meeting').map((item) => item.title);
    expect(meetings).toEqual(['Prepare for "Pricing review"']);
    const mailKeys = items.filter((item) => item.category === 'mail').map((item) => item.title);
    expect(mailKeys).toEqual(['Unanswered: "Quick question" from Dana Levi', 'Unanswered: "Offsite venue?" from Dana Levi']);
    const ranks = items.map((item) => ({ high: 0, medium: 1, low: 2 })[item.priority as 'high']);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect((await suggestions()).items).toEqual(items);
  });

  it('ranks overdue before due soon, lists each item once, and groups webhook events by source and type', async () => {
    // A second triggered rule whose matches are partly listed already: only the unlisted ones are named.
    await store.delegations.create({ task: 'Sign the lease', delegatedTo: 'Ben', dueDate: '2026-03-02' });
    const { rule } = await store.alertRules.create({ name: 'Missing status', alertType: 'stale_fact', condition: { category: 'work', key: 'status' } });
    await store.alertRules.recordTrigger(rule.id, { triggeredAt: NOW, fingerprint: 'fp' });
    for (const [id, source, type] of [['d3', 'github', 'push'], ['d4', 'github', 'push'], ['d5', 'stripe', 'charge.failed']] as const) {
      const event = (await store.webhookEvents.insert({ source, eventType: type, deliveryId: id, payload: '{}', receivedVia: 'http' })).event;
      await store.webhookEvents.update(event.id, source === 'github' ? { status: 'failed', attempts: 4, lastError: `boom ${id}` } : { status: 'unrouted' });
    }
    const { items } = await suggestions();
    const high = items.filter((item) => item.priority === 'high');
    expect(high.map((item) => item.key)).toEqual(['alert:2', 'delegation:1', 'delegation:5', 'deadline:2']);
    expect(high[0]).toMatchObject({ title: 'Alert: Missing status', description: 'Fact work/status is missing.' });
    expect(items.filter((item) => String(item.key).startsWith('alert:1'))).toEqual([]);
    const webhooks = items.filter((item) => item.category === 'webhook');
    expect(webhooks.map((item) => [item.key, item.title])).toEqual([
      ['webhook:failed:github:push', 'Could not handle 3 github "push" events'],
      ['webhook:unrouted:stripe:charge.failed', 'No rule for 2 stripe "charge.failed" events'],
    ]);
    expect(webhooks[0]?.description).toContain('the latest error: boom d4');
    expect(webhooks[0]?.description).toContain('list_webhook_events {"source":"github","event_type":"push","status":"failed"}');
  });

  it('keeps a dismissed suggestion away even after its title changes, and a snoozed one until the snooze ends', async () => {
    await call(dismissSuggestionTool as unknown as AnyToolDefinition, { key: 'delegation:1' });
    await call(dismissSuggestionTool as unknown as AnyToolDefinition, { key: 'deadline:2', snooze_days: 2 });
    await store.delegations.update(1, { task: 'Send the board deck (v2)' });
    let keys = (await suggestions()).items.map((item) => item.key);
    expect(keys).not.toContain('delegation:1');
    expect(keys).not.toContain('deadline:2');
    const all = await suggestions({ include_dismissed: true });
    expect(all.items.find((item) => item.key === 'delegation:1')).toMatchObject({ dismissed: true, title: 'Overdue: Send the board deck (v2)' });
    clock.set(new Date(Date.parse(NOW) + 2 * DAY_MS + 60_000));
    keys = (await suggestions()).items.map((item) => item.key);
    expect(keys).not.toContain('delegation:1');
    expect(keys).toContain('deadline:2');
    // Dismissing wrote nothing to memory: the one fact is the meeting note seeded above.
    expect(await store.facts.count()).toBe(1);
  });

  it('merges mail, messages and webhook events newest first, and counts them per channel and sender', async () => {
    const [list, summary] = channelTools as unknown as [AnyToolDefinition, AnyToolDefinition];
    const recent = await call(list, { since: new Date(Date.parse(NOW) - 4 * DAY_MS).toISOString() });
    expect(recent.items.map((item) => item.channel)).toEqual(['webhook', 'webhook', 'mail', 'message', 'mail', 'mail', 'mail']);
    expect(recent).toMatchObject({ sources: { mail: 'ok', message: 'ok', webhook: 'ok' }, untrusted_content: true });
    const counts = await call(summary, { hours: 96 });
    expect(counts).toMatchObject({ counts: { mail: 4, message: 1, webhook: 2 }, total: 7 });
    expect((counts['by_person'] as Array<Record<string, unknown>>)[0]).toEqual({ source: 'dana@acme.com', channel: 'mail', count: 3 });
  });
});
