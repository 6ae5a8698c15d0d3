/**
 * The behaviour of `DelegationsRepository` that users notice (the delegation tools and alert evaluation), written once
 * against the port and run against every adapter: ADR 0063.
 */
import { FakeClock } from '@chief-of-staff/core';
import type { DelegationPriority, DelegationStatus } from '../../db/enums.js';
import type { DelegationsRepository } from '../../lifecycle/delegations-repository.js';
import { CONTRACT_START, contractJest, errorOf } from './contract-jest.js';

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

    it('creates a delegation with its defaults, updates it in place and deletes it once', async () => {
      const created = await delegations.create({ task: ' Draft the deck ', delegatedTo: ' Noa ', dueDate: '2026-01-20' });
      expect(created).toEqual({
        id: expect.any(Number),
        task: 'Draft the deck',
        description: '',
        delegatedTo: 'Noa',
        delegatedToFolded: 'noa',
        delegatedBy: 'user',
        dueDate: '2026-01-20',
        priority: 'medium',
        status: 'active',
        notes: '',
        source: 'user',
        sourceRef: null,
        completedAt: null,
        createdAt: CONTRACT_START,
        updatedAt: CONTRACT_START,
      });
      expect(await delegations.get(created.id)).toEqual(created);
      clock.advanceDays(1);
      const moved = await delegations.update(created.id, { delegatedTo: 'BEN', dueDate: null, priority: 'high', status: 'active' });
      expect(moved).toEqual({
        ...created,
        delegatedTo: 'BEN',
        delegatedToFolded: 'ben',
        dueDate: null,
        priority: 'high',
        updatedAt: '2026-01-16T09:00:00.000Z',
      });
      expect(await delegations.update(999, { task: 'x' })).toBeUndefined();
      expect((await errorOf(delegations.update(created.id, {}))).message).toMatch(/no field to update/);
      expect(await delegations.delete(created.id)).toBe(true);
      expect(await delegations.delete(created.id)).toBe(false);
    });

    it('lists the active tasks due from today through a number of days ahead, soonest first', async () => {
      const late = await delegations.create({ task: 'late', delegatedTo: 'Noa', dueDate: '2026-01-14' });
      const today = await delegations.create({ task: 'today', delegatedTo: 'Noa', dueDate: '2026-01-15' });
      const friday = await delegations.create({ task: 'friday', delegatedTo: 'Ben', priority: 'high', dueDate: '2026-01-18' });
      const later = await delegations.create({ task: 'later', delegatedTo: 'Noa', dueDate: '2026-01-19' });
      const done = await delegations.create({ task: 'done', delegatedTo: 'Noa', dueDate: '2026-01-16' });
      await delegations.create({ task: 'undated', delegatedTo: 'Noa' });
      await delegations.update(done.id, { status: 'completed' });
      const soon = await delegations.list({ today: '2026-01-15', dueWithinDays: 3 }, {});
      expect(soon.items.map((d) => d.id)).toEqual([today.id, friday.id]);
      expect(soon.total).toBe(2);
      expect((await delegations.list({ today: '2026-01-15', dueWithinDays: 0 }, {})).items.map((d) => d.id)).toEqual([today.id]);
      expect((await delegations.list({ today: '2026-01-15', dueWithinDays: 4, delegatedTo: 'noa' }, {})).items.map((d) => d.id)).toEqual([today.id, later.id]);
      expect((await delegations.list({ today: '2026-01-15', dueWithinDays: 3, overdueOnly: true }, {})).items).toEqual([]);
      expect((await delegations.list({ today: '2026-01-15', overdueOnly: true }, {})).items.map((d) => d.id)).toEqual([late.id]);
      expect((await errorOf(delegations.list({ today: '2026-01-15', dueWithinDays: -1 }, {}))).message).toMatch(/due_within_days/);
      // A cursor belongs to its window: the next day's list does not take it.
      const first = await delegations.list({ today: '2026-01-15', dueWithinDays: 3 }, { limit: 1 });
      expect(first.next_cursor).not.toBeNull();
      await expect(delegations.list({ today: '2026-01-16', dueWithinDays: 3 }, { limit: 1, cursor: first.next_cursor })).rejects.toThrow();
    });

    it('filters by status (all by default), priority and overdue, and pages with a cursor bound to the filters', async () => {
      const a = await delegations.create({ task: 'a', delegatedTo: 'Noa', priority: 'low', dueDate: '2026-01-01' });
      const b = await delegations.create({ task: 'b', delegatedTo: 'Noa', priority: 'low', dueDate: '2026-01-02' });
      const c = await delegations.create({ task: 'c', delegatedTo: 'Noa', priority: 'high', dueDate: '2026-01-03' });
      await delegations.update(c.id, { status: 'completed' });
      expect((await delegations.list({ today: '2026-01-15' }, {})).total).toBe(3);
      expect((await delegations.list({ today: '2026-01-15', status: 'all' }, {})).total).toBe(3);
      expect((await delegations.list({ today: '2026-01-15', status: 'completed' }, {})).items.map((d) => d.id)).toEqual([c.id]);
      expect((await delegations.list({ today: '2026-01-15', priority: 'low' }, {})).items.map((d) => d.id)).toEqual([a.id, b.id]);
      expect((await delegations.list({ today: '2026-01-15', overdueOnly: true }, {})).items.map((d) => d.id)).toEqual([a.id, b.id]);
      const first = await delegations.list({ today: '2026-01-15' }, { limit: 2 });
      expect(first.items.map((d) => d.id)).toEqual([a.id, b.id]);
      const rest = await delegations.list({ today: '2026-01-15' }, { limit: 2, cursor: first.next_cursor });
      expect(rest.items.map((d) => d.id)).toEqual([c.id]);
      expect(rest.next_cursor).toBeNull();
      const overdue = await delegations.listOverdue({ today: '2026-01-15', delegatedTo: 'NOA' }, { limit: 1 });
      expect(overdue.items.map((d) => d.id)).toEqual([a.id]);
      expect(overdue.total).toBe(2);
      expect((await errorOf(delegations.list({ today: '2026-01-15', status: 'done' as DelegationStatus }, {}))).message).toMatch(/^status:/);
    });

    it('gives alert evaluation every active delegation by id, and suggestions the ones due by a date, latest first', async () => {
      const soon = await delegations.create({ task: 'soon', delegatedTo: 'Noa', dueDate: '2026-01-16' });
      const none = await delegations.create({ task: 'none', delegatedTo: 'Noa' });
      const past = await delegations.create({ task: 'past', delegatedTo: 'Ben', dueDate: '2026-01-10' });
      const later = await delegations.create({ task: 'later', delegatedTo: 'Ben', dueDate: '2026-02-01' });
      const done = await delegations.create({ task: 'done', delegatedTo: 'Ben', dueDate: '2026-01-11' });
      await delegations.update(done.id, { status: 'cancelled' });
      expect((await delegations.allActive()).map((d) => d.id)).toEqual([soon.id, none.id, past.id, later.id]);
      expect(await delegations.activeDueBy('2026-01-20', 10)).toEqual([
        { id: soon.id, task: 'soon', delegatedTo: 'Noa', dueDate: '2026-01-16' },
        { id: past.id, task: 'past', delegatedTo: 'Ben', dueDate: '2026-01-10' },
      ]);
      expect((await delegations.activeDueBy('2026-01-20', 1)).map((d) => d.id)).toEqual([soon.id]);
    });
  });
}
