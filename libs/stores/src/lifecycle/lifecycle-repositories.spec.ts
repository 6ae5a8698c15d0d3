import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeClock, isToolError } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '../testing/create-test-memory-store.js';
import type { DecisionStatus, DelegationPriority, DelegationStatus } from '../db/schema/enums.js';

async function errorOf(work: Promise<unknown>): Promise<{ code: string; message: string; hint?: string }> {
  try {
    await work;
  } catch (error) {
    if (isToolError(error)) return { code: error.code, message: error.message, hint: error.hint };
    throw error;
  }
  throw new Error('expected an error');
}

describe('decisions and delegations', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;

  beforeEach(() => {
    clock = new FakeClock('2026-01-15T09:00:00.000Z');
    store = createTestMemoryStore({ clock });
  });
  afterEach(async () => await store.cleanup());

  it('validates decision dates and enums on create and on update', async () => {
    expect((await errorOf(store.decisions.create({ title: 'x', followUpDate: '2026-02-30' }))).message).toMatch(/^follow_up_date:/);
    const decision = await store.decisions.create({ title: 'Move to the new office', tags: ['office', 'office', 'ops'] });
    expect(decision).toMatchObject({ status: 'pending_execution', tags: ['office', 'ops'] });
    const bad = await errorOf(store.decisions.update(decision.id, { status: 'done' as DecisionStatus }));
    expect(bad.code).toBe('INVALID_ARGUMENT');
    expect(bad.hint).toContain('pending_execution, executed, deferred, reversed');
    expect((await errorOf(store.decisions.update(decision.id, {}))).message).toMatch(/no field to update/);
    expect(await store.decisions.update(999, { title: 'x' })).toBeUndefined();
  });

  it('appends decision notes with the date and clears follow-up with null', async () => {
    const decision = await store.decisions.create({ title: 'Hire', description: 'Open a role', followUpDate: '2026-01-20' });
    const updated = await store.decisions.update(decision.id, { notes: 'Budget approved', followUpDate: null });
    expect(updated?.description).toBe('Open a role\n[Update 2026-01-15] Budget approved');
    expect(updated?.followUpDate).toBeNull();
  });

  it('searches decisions case-insensitively over several fields, newest first, with escaped wildcards', async () => {
    const a = await store.decisions.create({ title: 'Adopt Postgres', owner: 'Noa' });
    clock.advance(1000);
    const b = await store.decisions.create({ title: 'Other', context: 'we will adopt it at 100% scale', tags: ['DB'] });
    clock.advance(1000);
    await store.decisions.create({ title: 'Unrelated' });
    expect((await store.decisions.search({ query: 'ADOPT' }, {})).items.map((d) => d.id)).toEqual([b.id, a.id]);
    expect((await store.decisions.search({ query: '100%' }, {})).items.map((d) => d.id)).toEqual([b.id]);
    expect((await store.decisions.search({ query: '%' }, {})).items.map((d) => d.id)).toEqual([b.id]);
    expect((await store.decisions.search({ query: 'db' }, {})).items.map((d) => d.id)).toEqual([b.id]);
    expect((await store.decisions.search({ owner: 'noa' }, {})).items.map((d) => d.id)).toEqual([a.id]);
    expect((await store.decisions.search({}, {})).total).toBe(3);
  });

  it('lists pending decisions by follow-up date with nulls last and filters the due ones', async () => {
    const none = await store.decisions.create({ title: 'no date' });
    const later = await store.decisions.create({ title: 'later', followUpDate: '2026-02-01' });
    const due = await store.decisions.create({ title: 'due', followUpDate: '2026-01-10' });
    await store.decisions.create({ title: 'done', status: 'executed', followUpDate: '2026-01-01' });
    expect((await store.decisions.listPending({ today: '2026-01-15' }, {})).items.map((d) => d.id)).toEqual([due.id, later.id, none.id]);
    expect((await store.decisions.listPending({ today: '2026-01-15', followUpDueOnly: true }, {})).items.map((d) => d.id)).toEqual([due.id]);
  });

  it('validates delegations and keeps completed_at in step with the status', async () => {
    expect((await errorOf(store.delegations.create({ task: 't', delegatedTo: 'Noa', dueDate: '15/01/2026' }))).message).toMatch(/^due_date:/);
    expect((await errorOf(store.delegations.create({ task: 't', delegatedTo: 'Noa', priority: 'urgent' as DelegationPriority }))).hint).toContain(
      'critical, high, medium, low',
    );
    const delegation = await store.delegations.create({ task: 'Draft the deck', delegatedTo: 'Noa' });
    expect((await errorOf(store.delegations.update(delegation.id, { status: 'finished' as DelegationStatus }))).message).toMatch(/^status:/);
    clock.advanceDays(1);
    const done = await store.delegations.update(delegation.id, { status: 'completed', notes: 'sent to board' });
    expect(done).toMatchObject({ status: 'completed', completedAt: '2026-01-16T09:00:00.000Z', notes: '[2026-01-16] sent to board' });
    const reopened = await store.delegations.update(delegation.id, { status: 'active', notes: 'needs edits' });
    expect(reopened?.completedAt).toBeNull();
    expect(reopened?.notes).toBe('[2026-01-16] sent to board\n[2026-01-16] needs edits');
  });

  it('orders delegations by due date (nulls last), priority critical→low, id, and finds overdue ones', async () => {
    const noDate = await store.delegations.create({ task: 'no date', delegatedTo: 'Noa', priority: 'critical' });
    const lowSoon = await store.delegations.create({ task: 'low soon', delegatedTo: 'NOA', dueDate: '2026-01-10', priority: 'low' });
    const highSoon = await store.delegations.create({ task: 'high soon', delegatedTo: 'Ben', dueDate: '2026-01-10', priority: 'high' });
    const older = await store.delegations.create({ task: 'older', delegatedTo: 'Ben', dueDate: '2026-01-01' });
    const future = await store.delegations.create({ task: 'future', delegatedTo: 'Ben', dueDate: '2026-02-01' });
    const list = await store.delegations.list({ today: '2026-01-15' }, {});
    expect(list.items.map((d) => d.id)).toEqual([older.id, highSoon.id, lowSoon.id, future.id, noDate.id]);
    expect((await store.delegations.list({ today: '2026-01-15', delegatedTo: 'noa' }, {})).items.map((d) => d.id)).toEqual([lowSoon.id, noDate.id]);
    expect((await store.delegations.listOverdue({ today: '2026-01-15' }, {})).items.map((d) => d.id)).toEqual([older.id, highSoon.id, lowSoon.id]);
    expect((await store.delegations.list({ today: '2026-01-15', overdueOnly: true, delegatedTo: 'ben' }, {})).items.map((d) => d.id)).toEqual([
      older.id,
      highSoon.id,
    ]);
  });

  it('rejects duplicate alert rule names unless upsert, and validates conditions per type', async () => {
    const { rule } = await store.alertRules.create({ name: 'late', alertType: 'overdue_delegation', condition: { days_overdue_min: 3 } });
    expect(rule.condition).toEqual({ days_overdue_min: 3 });
    expect((await errorOf(store.alertRules.create({ name: 'late', alertType: 'overdue_delegation' }))).code).toBe('CONFLICT');
    const replaced = await store.alertRules.create({ name: 'late', alertType: 'pending_decision' }, { upsert: true });
    expect(replaced).toMatchObject({ created: false, rule: { id: rule.id, alertType: 'stale_decision', condition: { days_stale: 7 } } });
    const invalid = await errorOf(store.alertRules.create({ name: 'x', alertType: 'stale_fact', condition: { key: 'k' } }));
    expect(invalid.message).toMatch(/^condition:/);
    expect((await errorOf(store.alertRules.create({ name: 'y', alertType: 'upcoming_deadline', condition: { within: 3 } }))).code).toBe(
      'INVALID_ARGUMENT',
    );
  });
});
