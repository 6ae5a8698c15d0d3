/**
 * The behaviour of `AlertRulesRepository` that users notice (the alert tools and the worker's alert evaluation), written
 * once against the port and run against every adapter: ADR 0063.
 */
import { FakeClock } from '@chief-of-staff/core';
import type { AlertRulesRepository } from '../../lifecycle/alert-rules-repository.js';
import { CONTRACT_START, contractJest, errorOf } from './contract-jest.js';

/** An empty alert rules repository for one test, and how to close it. */
export interface OpenedAlertRulesRepository {
  alertRules: AlertRulesRepository;
  close(): Promise<void>;
}

/** Opens an empty alert rules repository whose timestamps come from `clock`. */
export type OpenAlertRulesRepository = (clock: FakeClock) => Promise<OpenedAlertRulesRepository>;

/** Declares the alert rules repository contract as a jest `describe` block named after the adapter. */
export function describeAlertRulesRepositoryContract(name: string, open: OpenAlertRulesRepository): void {
  const { afterEach, beforeEach, describe, expect, it } = contractJest();
  describe(`AlertRulesRepository contract: ${name}`, () => {
    let clock: FakeClock;
    let opened: OpenedAlertRulesRepository;
    let alertRules: AlertRulesRepository;

    beforeEach(async () => {
      clock = new FakeClock(CONTRACT_START);
      opened = await open(clock);
      alertRules = opened.alertRules;
    });
    afterEach(async () => await opened.close());

    it('rejects duplicate alert rule names unless upsert, and validates conditions per type', async () => {
      const { rule } = await alertRules.create({
        name: 'late',
        alertType: 'overdue_delegation',
        condition: { days_overdue_min: 3 },
      });
      expect(rule.condition).toEqual({ days_overdue_min: 3 });
      expect((await errorOf(alertRules.create({ name: 'late', alertType: 'overdue_delegation' }))).code).toBe(
        'CONFLICT',
      );
      const replaced = await alertRules.create(
        { name: 'late', alertType: 'pending_decision' },
        { upsert: true },
      );
      expect(replaced).toMatchObject({
        created: false,
        rule: { id: rule.id, alertType: 'stale_decision', condition: { days_stale: 7 } },
      });
      const invalid = await errorOf(
        alertRules.create({ name: 'x', alertType: 'stale_fact', condition: { key: 'k' } }),
      );
      expect(invalid.message).toMatch(/^condition:/);
      expect(
        (
          await errorOf(
            alertRules.create({ name: 'y', alertType: 'upcoming_deadline', condition: { within: 3 } }),
          )
        ).code,
      ).toBe('INVALID_ARGUMENT');
    });

    it('creates a rule with its defaults, reads it by id and name, and keeps trigger state through an upsert', async () => {
      const { rule, created } = await alertRules.create({ name: ' late ', alertType: 'follow_up_due', description: ' chase ' });
      expect(created).toBe(true);
      expect(rule).toEqual({
        id: expect.any(Number),
        name: 'late',
        description: 'chase',
        alertType: 'follow_up_due',
        condition: {},
        enabled: true,
        cooldownHours: 4,
        deliveryChannel: null,
        deliveryConfig: null,
        lastTriggeredAt: null,
        lastFingerprint: null,
        createdAt: CONTRACT_START,
        updatedAt: CONTRACT_START,
      });
      expect(await alertRules.get(rule.id)).toEqual(rule);
      expect(await alertRules.getByName('late')).toEqual(rule);
      expect(await alertRules.getByName('LATE')).toBeUndefined();
      await alertRules.recordTrigger(rule.id, { triggeredAt: '2026-01-15T10:00:00.000Z', fingerprint: 'f1' });
      clock.advanceDays(1);
      const replaced = await alertRules.create(
        { name: 'late', alertType: 'overdue_delegation', cooldownHours: 0.5, deliveryChannel: 'webhook', deliveryConfig: { url: 'http://127.0.0.1/x' } },
        { upsert: true },
      );
      expect(replaced).toEqual({
        created: false,
        rule: {
          ...rule,
          description: '',
          alertType: 'overdue_delegation',
          condition: { days_overdue_min: 1 },
          cooldownHours: 0.5,
          deliveryChannel: 'webhook',
          deliveryConfig: { url: 'http://127.0.0.1/x' },
          lastTriggeredAt: '2026-01-15T10:00:00.000Z',
          lastFingerprint: 'f1',
          updatedAt: '2026-01-16T09:00:00.000Z',
        },
      });
      const conflict = await errorOf(alertRules.create({ name: 'late', alertType: 'follow_up_due' }));
      expect(conflict.message).toContain(`id ${rule.id}`);
      expect(conflict.hint).toContain('upsert');
    });

    it('refuses an out-of-range cooldown and an unknown delivery channel or alert type, with the field named', async () => {
      expect((await errorOf(alertRules.create({ name: 'x', alertType: 'follow_up_due', cooldownHours: 169 }))).message).toMatch(/^cooldown_hours:/);
      expect((await errorOf(alertRules.create({ name: 'x', alertType: 'follow_up_due', cooldownHours: -1 }))).message).toMatch(/^cooldown_hours:/);
      const channel = await errorOf(alertRules.create({ name: 'x', alertType: 'follow_up_due', deliveryChannel: 'sms' as 'email' }));
      expect(channel.message).toMatch(/^delivery_channel:/);
      expect((await errorOf(alertRules.create({ name: 'x', alertType: 'nope' as 'follow_up_due' }))).message).toMatch(/^alert_type:/);
      expect((await alertRules.list({}, {})).total).toBe(0);
    });

    it('lists by name in code point order, the enabled ones on their own, and turns rules on and off', async () => {
      const lower = (await alertRules.create({ name: 'alpha', alertType: 'follow_up_due' })).rule;
      const upper = (await alertRules.create({ name: 'Zulu', alertType: 'follow_up_due' })).rule;
      const off = (await alertRules.create({ name: 'beta', alertType: 'follow_up_due', enabled: false })).rule;
      expect((await alertRules.list({}, {})).items.map((rule) => rule.id)).toEqual([upper.id, lower.id, off.id]);
      expect((await alertRules.list({ enabledOnly: true }, {})).items.map((rule) => rule.id)).toEqual([upper.id, lower.id]);
      expect((await alertRules.listEnabled()).map((rule) => rule.id)).toEqual([upper.id, lower.id]);
      const first = await alertRules.list({}, { limit: 2 });
      expect((await alertRules.list({}, { limit: 2, cursor: first.next_cursor })).items.map((rule) => rule.id)).toEqual([off.id]);
      clock.advance(1000);
      const enabled = await alertRules.setEnabled(off.id, true);
      expect(enabled).toEqual({ ...off, enabled: true, updatedAt: '2026-01-15T09:00:01.000Z' });
      expect(await alertRules.setEnabled(999, true)).toBeUndefined();
      expect((await alertRules.listEnabled()).map((rule) => rule.id)).toEqual([upper.id, lower.id, off.id]);
      expect(await alertRules.delete(off.id)).toBe(true);
      expect(await alertRules.delete(off.id)).toBe(false);
      expect(await alertRules.get(off.id)).toBeUndefined();
    });
  });
}
