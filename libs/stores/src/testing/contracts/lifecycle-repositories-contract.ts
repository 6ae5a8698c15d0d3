/**
 * The behaviour of `DecisionsRepository`, `DelegationsRepository` and `AlertRulesRepository` that users notice (the
 * decision, delegation and alert tools, and alert evaluation), written once against the port and run against every
 * adapter: ADR 0063.
 */
import { FakeClock } from '@chief-of-staff/core';
import type { DecisionStatus, DelegationPriority, DelegationStatus } from '../../db/schema/enums.js';
import type { AlertRulesRepository } from '../../lifecycle/alert-rules-repository.js';
import type { DecisionsRepository } from '../../lifecycle/decisions-repository.js';
import type { DelegationsRepository } from '../../lifecycle/delegations-repository.js';
import { CONTRACT_START, contractJest, errorOf } from './contract-jest.js';

/** An empty decisions repository for one test, and how to close it. */
export interface OpenedDecisionsRepository {
  decisions: DecisionsRepository;
  close(): Promise<void>;
}

/** Opens an empty decisions repository whose timestamps come from `clock`. */
export type OpenDecisionsRepository = (clock: FakeClock) => Promise<OpenedDecisionsRepository>;

/** Declares the decisions repository contract as a jest `describe` block named after the adapter. */
export function describeDecisionsRepositoryContract(name: string, open: OpenDecisionsRepository): void {
  const { afterEach, beforeEach, describe, expect, it } = contractJest();
  describe(`DecisionsRepository contract: ${name}`, () => {
    let clock: FakeClock;
    let opened: OpenedDecisionsRepository;
    let decisions: DecisionsRepository;

    beforeEach(async () => {
      clock = new FakeClock(CONTRACT_START);
      opened = await open(clock);
      decisions = opened.decisions;
    });
    afterEach(async () => await opened.close());

    it('validates decision dates and enums on create and on update', async () => {
      expect((await errorOf(decisions.create({ title: 'x', followUpDate: '2026-02-30' }))).message).toMatch(
        /^follow_up_date:/,
      );
      const decision = await decisions.create({
        title: 'Move to the new office',
        tags: ['office', 'office', 'ops'],
      });
      expect(decision).toMatchObject({ status: 'pending_execution', tags: ['office', 'ops'] });
      const bad = await errorOf(decisions.update(decision.id, { status: 'done' as DecisionStatus }));
      expect(bad.code).toBe('INVALID_ARGUMENT');
      expect(bad.hint).toContain('pending_execution, executed, deferred, reversed');
      expect((await errorOf(decisions.update(decision.id, {}))).message).toMatch(/no field to update/);
      expect(await decisions.update(999, { title: 'x' })).toBeUndefined();
    });

    it('appends decision notes with the date and clears follow-up with null', async () => {
      const decision = await decisions.create({
        title: 'Hire',
        description: 'Open a role',
        followUpDate: '2026-01-20',
      });
      const updated = await decisions.update(decision.id, { notes: 'Budget approved', followUpDate: null });
      expect(updated?.description).toBe('Open a role\n[Update 2026-01-15] Budget approved');
      expect(updated?.followUpDate).toBeNull();
    });

    it('searches decisions case-insensitively over several fields, newest first, with escaped wildcards', async () => {
      const a = await decisions.create({ title: 'Adopt Postgres', owner: 'Noa' });
      clock.advance(1000);
      const b = await decisions.create({
        title: 'Other',
        context: 'we will adopt it at 100% scale',
        tags: ['DB'],
      });
      clock.advance(1000);
      await decisions.create({ title: 'Unrelated' });
      expect((await decisions.search({ query: 'ADOPT' }, {})).items.map((d) => d.id)).toEqual([b.id, a.id]);
      expect((await decisions.search({ query: '100%' }, {})).items.map((d) => d.id)).toEqual([b.id]);
      expect((await decisions.search({ query: '%' }, {})).items.map((d) => d.id)).toEqual([b.id]);
      expect((await decisions.search({ query: 'db' }, {})).items.map((d) => d.id)).toEqual([b.id]);
      expect((await decisions.search({ owner: 'noa' }, {})).items.map((d) => d.id)).toEqual([a.id]);
      expect((await decisions.search({}, {})).total).toBe(3);
    });

    it('lists pending decisions by follow-up date with nulls last and filters the due ones', async () => {
      const none = await decisions.create({ title: 'no date' });
      const later = await decisions.create({ title: 'later', followUpDate: '2026-02-01' });
      const due = await decisions.create({ title: 'due', followUpDate: '2026-01-10' });
      await decisions.create({ title: 'done', status: 'executed', followUpDate: '2026-01-01' });
      expect((await decisions.listPending({ today: '2026-01-15' }, {})).items.map((d) => d.id)).toEqual([
        due.id,
        later.id,
        none.id,
      ]);
      expect(
        (await decisions.listPending({ today: '2026-01-15', followUpDueOnly: true }, {})).items.map(
          (d) => d.id,
        ),
      ).toEqual([due.id]);
    });
  });
}

/** An empty delegations repository for one test, and how to close it. */
export interface OpenedDelegationsRepository {
  delegations: DelegationsRepository;
  close(): Promise<void>;
}

/** Opens an empty delegations repository whose timestamps come from `clock`. */
export type OpenDelegationsRepository = (clock: FakeClock) => Promise<OpenedDelegationsRepository>;

/** Declares the delegations repository contract as a jest `describe` block named after the adapter. */
export function describeDelegationsRepositoryContract(name: string, open: OpenDelegationsRepository): void {
  const { afterEach, beforeEach, describe, expect, it } = contractJest();
  describe(`DelegationsRepository contract: ${name}`, () => {
    let clock: FakeClock;
    let opened: OpenedDelegationsRepository;
    let delegations: DelegationsRepository;

    beforeEach(async () => {
      clock = new FakeClock(CONTRACT_START);
      opened = await open(clock);
      delegations = opened.delegations;
    });
    afterEach(async () => await opened.close());

    it('validates delegations and keeps completed_at in step with the status', async () => {
      expect(
        (await errorOf(delegations.create({ task: 't', delegatedTo: 'Noa', dueDate: '15/01/2026' }))).message,
      ).toMatch(/^due_date:/);
      expect(
        (
          await errorOf(
            delegations.create({ task: 't', delegatedTo: 'Noa', priority: 'urgent' as DelegationPriority }),
          )
        ).hint,
      ).toContain('critical, high, medium, low');
      const delegation = await delegations.create({ task: 'Draft the deck', delegatedTo: 'Noa' });
      expect(
        (await errorOf(delegations.update(delegation.id, { status: 'finished' as DelegationStatus })))
          .message,
      ).toMatch(/^status:/);
      clock.advanceDays(1);
      const done = await delegations.update(delegation.id, { status: 'completed', notes: 'sent to board' });
      expect(done).toMatchObject({
        status: 'completed',
        completedAt: '2026-01-16T09:00:00.000Z',
        notes: '[2026-01-16] sent to board',
      });
      const reopened = await delegations.update(delegation.id, { status: 'active', notes: 'needs edits' });
      expect(reopened?.completedAt).toBeNull();
      expect(reopened?.notes).toBe('[2026-01-16] sent to board\n[2026-01-16] needs edits');
    });

    it('orders delegations by due date (nulls last), priority critical→low, id, and finds overdue ones', async () => {
      const noDate = await delegations.create({ task: 'no date', delegatedTo: 'Noa', priority: 'critical' });
      const lowSoon = await delegations.create({
        task: 'low soon',
        delegatedTo: 'NOA',
        dueDate: '2026-01-10',
        priority: 'low',
      });
      const highSoon = await delegations.create({
        task: 'high soon',
        delegatedTo: 'Ben',
        dueDate: '2026-01-10',
        priority: 'high',
      });
      const older = await delegations.create({ task: 'older', delegatedTo: 'Ben', dueDate: '2026-01-01' });
      const future = await delegations.create({ task: 'future', delegatedTo: 'Ben', dueDate: '2026-02-01' });
      const list = await delegations.list({ today: '2026-01-15' }, {});
      expect(list.items.map((d) => d.id)).toEqual([older.id, highSoon.id, lowSoon.id, future.id, noDate.id]);
      expect(
        (await delegations.list({ today: '2026-01-15', delegatedTo: 'noa' }, {})).items.map((d) => d.id),
      ).toEqual([lowSoon.id, noDate.id]);
      expect((await delegations.listOverdue({ today: '2026-01-15' }, {})).items.map((d) => d.id)).toEqual([
        older.id,
        highSoon.id,
        lowSoon.id,
      ]);
      expect(
        (
          await delegations.list({ today: '2026-01-15', overdueOnly: true, delegatedTo: 'ben' }, {})
        ).items.map((d) => d.id),
      ).toEqual([older.id, highSoon.id]);
    });
  });
}

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
  });
}
