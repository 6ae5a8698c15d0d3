import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '../testing/create-test-memory-store.js';
import { alertNotificationText, checkAlerts, decideAlertDelivery, loadAlertData, type AlertMatch } from '@chief-of-staff/stores';
import { factFreshness, type AlertTime } from '@chief-of-staff/stores/adapter-kit';

describe('alert evaluation', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;
  const time = (): AlertTime => ({ today: clock.today(), now: clock.now(), timezone: clock.timezone });
  const check = async (includeRules = true) => {
    const rules = await store.alertRules.listEnabled();
    return checkAlerts(await loadAlertData(store, rules), rules, time(), { includeRules });
  };

  beforeEach(() => {
    // 23:30 in New York on 14 Jan is already 15 Jan in UTC: "today" must follow the user's zone.
    clock = new FakeClock('2026-01-15T04:30:00.000Z', 'America/New_York');
    store = createTestMemoryStore({ clock });
  });
  afterEach(async () => await store.cleanup());

  it('computes overdue and upcoming delegations from the user-zone date', async () => {
    expect(clock.today()).toBe('2026-01-14');
    await store.delegations.create({ task: 'due today', delegatedTo: 'Noa', dueDate: '2026-01-14' });
    const overdue = await store.delegations.create({ task: 'late', delegatedTo: 'Noa', dueDate: '2026-01-11' });
    const soon = await store.delegations.create({ task: 'soon', delegatedTo: 'Ben', dueDate: '2026-01-17' });
    await store.delegations.create({ task: 'far', delegatedTo: 'Ben', dueDate: '2026-01-18' });
    const done = await store.delegations.create({ task: 'done', delegatedTo: 'Ben', dueDate: '2026-01-01' });
    await store.delegations.update(done.id, { status: 'completed' });
    const result = await check();
    expect(result.alerts.overdue_delegations).toEqual([
      { entity: 'delegation', id: overdue.id, task: 'late', delegated_to: 'Noa', due_date: '2026-01-11', days_overdue: 3 },
    ]);
    expect(result.alerts.upcoming_deadlines.map((m) => m.task)).toEqual(['due today', 'soon']);
    expect(result.alerts.upcoming_deadlines.some((m) => m.id === soon.id)).toBe(true);
    expect(result.total_alerts).toBe(3);
  });

  it('finds stale decisions by the start of (today − days) in the user zone and due follow-ups', async () => {
    // Created 6 Jan 23:00 New York time (= 7 Jan 04:00 UTC): pending > 7 days counts from 7 Jan local midnight.
    clock.set('2026-01-07T04:00:00.000Z');
    const stale = await store.decisions.create({ title: 'stale one' });
    clock.set('2026-01-07T06:00:00.000Z');
    await store.decisions.create({ title: 'exactly seven days' });
    clock.set('2026-01-15T04:30:00.000Z');
    const followUp = await store.decisions.create({ title: 'follow up', followUpDate: '2026-01-14' });
    const result = await check();
    expect(result.alerts.stale_decisions.map((m) => m.id)).toEqual([stale.id]);
    expect(result.alerts.follow_ups_due).toEqual([
      { entity: 'decision', id: followUp.id, title: 'follow up', created_at: '2026-01-15T04:30:00.000Z', follow_up_date: '2026-01-14' },
    ]);
  });

  it('adds rule alerts, counts distinct entities once, and skips disabled rules', async () => {
    const late = await store.delegations.create({ task: 'late', delegatedTo: 'Noa', dueDate: '2026-01-01' });
    await store.alertRules.create({ name: 'noa late', alertType: 'overdue_delegation', condition: { delegated_to: 'noa', days_overdue_min: 5 } });
    await store.alertRules.create({ name: 'weather', alertType: 'stale_fact', condition: { category: 'work', key: 'weather' } });
    const off = (await store.alertRules.create({ name: 'off', alertType: 'upcoming_deadline', enabled: false })).rule;
    const result = await check();
    expect(result.rule_alerts.map((r) => [r.name, r.count])).toEqual([
      ['noa late', 1],
      ['weather', 1],
    ]);
    expect(result.rule_alerts[0]?.matches[0]).toMatchObject({ entity: 'delegation', id: late.id });
    expect(result.rule_alerts[1]?.matches[0]).toEqual({ entity: 'fact', category: 'work', key: 'weather' });
    // The delegation shows in the built-in section and the rule but counts once; the missing fact adds one.
    expect(result.total_alerts).toBe(2);
    expect(result.formatted).toContain('Overdue delegations (1)');
    expect(result.rule_alerts.some((r) => r.rule_id === off.id)).toBe(false);
    expect((await check(false)).rule_alerts).toEqual([]);
  });

  it('reads fact freshness from a leading date in the value, else updated_at', async () => {
    await store.alertRules.create({ name: 'fx', alertType: 'stale_fact', condition: { category: 'work', key: 'fx', max_age_hours: 24 } });
    await store.facts.upsert({ category: 'work', key: 'fx', value: '2026-01-12 EUR/USD 1.09', source: 'user' });
    expect((await check()).rule_alerts[0]?.matches[0]).toMatchObject({ entity: 'fact', key: 'fx' });
    await store.facts.upsert({ category: 'work', key: 'fx', value: 'EUR/USD 1.10 (no date)', source: 'user' });
    expect((await check()).rule_alerts).toEqual([]);
    expect(factFreshness({ value: '2026-01-14T10:00Z rest', updatedAt: '2020-01-01T00:00:00.000Z' }, 'UTC')).toBe(
      Date.parse('2026-01-14T10:00:00.000Z'),
    );
    expect(factFreshness({ value: '2026-01-14T10:00 local', updatedAt: '2020-01-01T00:00:00.000Z' }, 'America/New_York')).toBe(
      Date.parse('2026-01-14T15:00:00.000Z'),
    );
  });

  it('decides notifications: first trigger, suppression in cooldown, new entities, cooldown elapsed', () => {
    const a = { entity: 'delegation' as const, id: 1, task: 'a', delegated_to: 'x', due_date: '2026-01-01' };
    const b = { ...a, id: 2 };
    const now = new Date('2026-01-15T10:00:00.000Z');
    const first = decideAlertDelivery({ cooldownHours: 4, lastTriggeredAt: null, lastFingerprint: null }, [a], now);
    expect(first).toMatchObject({ notify: true, reason: 'first_trigger' });
    const state = { cooldownHours: 4, lastTriggeredAt: '2026-01-15T09:00:00.000Z', lastFingerprint: first.fingerprint };
    expect(decideAlertDelivery(state, [a], now)).toMatchObject({ notify: false, reason: 'suppressed' });
    expect(decideAlertDelivery(state, [b, a], now)).toMatchObject({ notify: true, reason: 'new_entities' });
    expect(decideAlertDelivery(state, [a], new Date('2026-01-15T13:00:00.000Z'))).toMatchObject({ notify: true, reason: 'cooldown_elapsed' });
    expect(decideAlertDelivery(state, [], now)).toMatchObject({ notify: false, reason: 'no_matches' });
  });

  it('writes a notification that names the person, the task and how late, one line per match', () => {
    const late: AlertMatch = { entity: 'delegation', id: 1, task: 'Budget review', delegated_to: 'Tom Becker', due_date: '2026-11-24', days_overdue: 3 };
    expect(alertNotificationText({ name: 'late work' }, [late], '2026-11-27')).toEqual({
      title: 'Alert: late work',
      body: 'Delegation to Tom Becker overdue by 3 days: Budget review (due 24 Nov)',
    });
    const several: AlertMatch[] = [
      late,
      { entity: 'delegation', id: 2, task: 'Venue contract', delegated_to: 'Ana', due_date: '2026-11-26', days_overdue: 1 },
      { entity: 'delegation', id: 3, task: 'Slides', delegated_to: 'Ben', due_date: '2026-11-28' },
      { entity: 'decision', id: 4, title: 'Hire contractor', created_at: '2026-11-02T10:00:00.000Z' },
      { entity: 'decision', id: 5, title: 'Office move', created_at: '2026-10-01T10:00:00.000Z', follow_up_date: '2026-11-27' },
      { entity: 'fact', category: 'work', key: 'status', age_hours: 72 },
      { entity: 'fact', category: 'work', key: 'owner' },
    ];
    expect(alertNotificationText({ name: 'work' }, several, '2026-11-27').body).toBe(
      [
        '- Delegation to Tom Becker overdue by 3 days: Budget review (due 24 Nov)',
        '- Delegation to Ana overdue by 1 day: Venue contract (due 26 Nov)',
        '- Delegation to Ben due tomorrow: Slides (due 28 Nov)',
        '- Decision pending since 2 Nov: Hire contractor',
        '- Follow-up due 27 Nov on decision: Office move',
        '- … and 2 more (see check_alerts)',
      ].join('\n'),
    );
    expect(alertNotificationText({ name: 'facts' }, [several[5] as AlertMatch], '2026-11-27').body).toBe('Fact work/status not updated for 72 h');
    expect(alertNotificationText({ name: 'old' }, [{ ...late, due_date: '2025-12-30', days_overdue: 332 }], '2026-11-27').body).toBe(
      'Delegation to Tom Becker overdue by 332 days: Budget review (due 30 Dec 2025)',
    );
  });
});
