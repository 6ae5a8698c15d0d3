/**
 * The behaviour of `DecisionsRepository`, `DelegationsRepository` and `AlertRulesRepository` that users notice (the
 * decision, delegation and alert tools, and alert evaluation), written once against the port and run against every
 * adapter: ADR 0063.
 */
import { FakeClock, foldCase } from '@chief-of-staff/core';
import type { DecisionStatus, DelegationPriority, DelegationStatus } from '../../db/enums.js';
import type { AlertRulesRepository } from '../../lifecycle/alert-rules-repository.js';
import type { DecisionsRepository } from '../../lifecycle/decisions-repository.js';
import type { DelegationsRepository } from '../../lifecycle/delegations-repository.js';
import type { DecisionRecord } from '../../lifecycle/decisions-repository.js';
import { CONTRACT_START, contractJest, errorOf } from './contract-jest.js';
import { DECISION_SEARCH_CORPUS, DECISION_SEARCH_QUERIES } from './decision-search-corpus.js';

/**
 * What a decision search must find, computed here without a database: the folded query is a substring of one of the
 * six searched texts, folded the same way (tags as their JSON text); newest first, then the higher id.
 */
function expectedSearch(all: readonly DecisionRecord[], query: string, filters: { status?: string; owner?: string } = {}): number[] {
  const folded = foldCase(query.trim());
  return all
    .filter((decision) =>
      [decision.title, decision.description, decision.context, JSON.stringify(decision.tags), decision.owner, decision.decidedBy].some((text) =>
        foldCase(text).includes(folded),
      ),
    )
    .filter((decision) => filters.status === undefined || decision.status === filters.status)
    .filter((decision) => filters.owner === undefined || foldCase(decision.owner) === foldCase(filters.owner.trim()))
    .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1))
    .map((decision) => decision.id);
}

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

    it('creates a decision with its defaults, reads it back, updates it in place and deletes it once', async () => {
      const created = await decisions.create({ title: ' Adopt Postgres ', tags: ['db'], sourceRef: { provider: 'email', message_id: 'm1' } });
      expect(created).toEqual({
        id: expect.any(Number),
        title: 'Adopt Postgres',
        description: '',
        context: '',
        alternativesConsidered: '',
        decidedBy: '',
        owner: '',
        status: 'pending_execution',
        followUpDate: null,
        tags: ['db'],
        source: 'user',
        sourceRef: { provider: 'email', message_id: 'm1' },
        createdAt: CONTRACT_START,
        updatedAt: CONTRACT_START,
      });
      expect(await decisions.get(created.id)).toEqual(created);
      clock.advanceDays(1);
      const updated = await decisions.update(created.id, {
        description: 'Move the facts',
        notes: 'Agreed',
        owner: ' Noa ',
        status: 'executed',
        followUpDate: '2026-03-01',
        tags: ['db', 'ops', 'db'],
        sourceRef: null,
      });
      expect(updated).toEqual({
        ...created,
        description: 'Move the facts\n[Update 2026-01-16] Agreed',
        owner: 'Noa',
        status: 'executed',
        followUpDate: '2026-03-01',
        tags: ['db', 'ops'],
        sourceRef: null,
        updatedAt: '2026-01-16T09:00:00.000Z',
      });
      expect(await decisions.get(created.id)).toEqual(updated);
      expect(await decisions.delete(created.id)).toBe(true);
      expect(await decisions.delete(created.id)).toBe(false);
      expect(await decisions.get(created.id)).toBeUndefined();
    });

    it('searches with status and folded owner filters, folds non-ASCII letters, and pages with a cursor bound to the filters', async () => {
      const zurich = await decisions.create({ title: 'Open the Zürich office', owner: 'Émile' });
      clock.advance(1000);
      const done = await decisions.create({ title: 'Close the Bern office', owner: 'émile', status: 'executed' });
      clock.advance(1000);
      const other = await decisions.create({ title: 'Office chairs', decidedBy: 'Ben' });
      expect((await decisions.search({ query: 'ZÜRICH' }, {})).items.map((d) => d.id)).toEqual([zurich.id]);
      expect((await decisions.search({ query: 'office', status: 'executed' }, {})).items.map((d) => d.id)).toEqual([done.id]);
      expect((await decisions.search({ owner: ' ÉMILE ' }, {})).items.map((d) => d.id)).toEqual([done.id, zurich.id]);
      expect((await decisions.search({ query: 'ben' }, {})).items.map((d) => d.id)).toEqual([other.id]);
      const first = await decisions.search({ query: 'office' }, { limit: 2 });
      expect(first.items.map((d) => d.id)).toEqual([other.id, done.id]);
      expect(first.total).toBe(3);
      const rest = await decisions.search({ query: 'office' }, { limit: 2, cursor: first.next_cursor });
      expect(rest.items.map((d) => d.id)).toEqual([zurich.id]);
      expect(rest.next_cursor).toBeNull();
      expect((await errorOf(decisions.search({ query: 'chairs' }, { limit: 2, cursor: first.next_cursor }))).code).toBe('INVALID_ARGUMENT');
      expect((await errorOf(decisions.search({ query: 'q'.repeat(501) }, {}))).message).toMatch(/^query:/);
      expect((await errorOf(decisions.search({ status: 'done' as DecisionStatus }, {}))).message).toMatch(/^status:/);
    });

    it('lists pending decisions of one owner, and every pending decision by id for alert evaluation', async () => {
      const later = await decisions.create({ title: 'later', owner: 'Noa', followUpDate: '2026-02-01' });
      const sooner = await decisions.create({ title: 'sooner', owner: 'NOA', followUpDate: '2026-01-20' });
      const ben = await decisions.create({ title: 'ben', owner: 'Ben' });
      await decisions.create({ title: 'done', owner: 'Noa', status: 'reversed' });
      const page = await decisions.listPending({ today: '2026-01-15', owner: 'noa' }, {});
      expect(page.items.map((d) => d.id)).toEqual([sooner.id, later.id]);
      expect(page.total).toBe(2);
      expect((await decisions.allPending()).map((d) => d.id)).toEqual([later.id, sooner.id, ben.id]);
    });

    it('finds exactly the decisions whose folded text holds the folded query, newest first, on every page with one total', async () => {
      const statuses: DecisionStatus[] = ['pending_execution', 'executed', 'deferred', 'reversed'];
      const all: DecisionRecord[] = [];
      for (const [i, input] of DECISION_SEARCH_CORPUS.entries()) {
        // Every third decision shares its creation time with the previous one, so the id tiebreak is exercised.
        if (i % 3 !== 2) clock.advance(1000);
        all.push(await decisions.create({ ...input, status: statuses[i % statuses.length] as DecisionStatus }));
      }
      const searchAll = async (filters: { query: string; status?: DecisionStatus; owner?: string }) => {
        const ids: number[] = [];
        const totals = new Set<number | undefined>();
        let cursor: string | null = null;
        do {
          const page: Awaited<ReturnType<DecisionsRepository['search']>> = await decisions.search(filters, { limit: 4, cursor });
          ids.push(...page.items.map((item) => item.id));
          totals.add(page.total);
          cursor = page.next_cursor;
        } while (cursor !== null);
        return { filters, ids, totals: [...totals] };
      };
      for (const query of DECISION_SEARCH_QUERIES) {
        const expected = expectedSearch(all, query);
        expect(await searchAll({ query })).toEqual({ filters: { query }, ids: expected, totals: [expected.length] });
      }
      const combined: { query: string; status?: DecisionStatus; owner?: string }[] = [
        { query: 'adopt', status: 'pending_execution' },
        { query: 'adopt', status: 'executed' },
        { query: 'strasse', owner: 'JÜRGEN GROSS' },
        { query: 'term', owner: 'dana' },
        { query: 'levi', owner: ' NOA LEVI ' },
        { query: 'של', owner: 'דנה כהן' },
        { query: 'in', status: 'deferred' },
      ];
      for (const filters of combined) {
        const expected = expectedSearch(all, filters.query, filters);
        expect(await searchAll(filters)).toEqual({ filters, ids: expected, totals: [expected.length] });
      }
      // The corpus really exercises Unicode folding, not just ASCII.
      expect(expectedSearch(all, 'STRASSE')).toHaveLength(2);
      expect((await decisions.search({ query: 'cafe\u0301' }, {})).items.map((d) => d.title)).toEqual(['Café opening']);
      expect((await decisions.search({ query: 'FILE' }, {})).items.map((d) => d.title)).toEqual(['ﬁle the taxes']);
    });

    it('searches what decisions hold now: after an update, appended notes and a delete', async () => {
      const a = await decisions.create({ title: 'Adopt Postgres', tags: ['db'] });
      const b = await decisions.create({ title: 'Move office', owner: 'Noa' });
      await decisions.update(a.id, { title: 'Adopt MySQL', tags: ['sql-engine'] });
      expect((await decisions.search({ query: 'postgres' }, {})).total).toBe(0);
      expect((await decisions.search({ query: 'MySQL' }, {})).items.map((d) => d.id)).toEqual([a.id]);
      expect((await decisions.search({ query: 'SQL-ENGINE' }, {})).items.map((d) => d.id)).toEqual([a.id]);
      await decisions.update(b.id, { notes: 'Signed the lease' });
      expect((await decisions.search({ query: 'lease' }, {})).items.map((d) => d.id)).toEqual([b.id]);
      expect(await decisions.delete(a.id)).toBe(true);
      expect((await decisions.search({ query: 'adopt' }, {})).total).toBe(0);
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
