/**
 * The behaviour of `DecisionsRepository` that users notice (the decision tools, their search, and alert evaluation),
 * written once against the port and run against every adapter: ADR 0063.
 */
import { FakeClock, foldCase } from '@chief-of-staff/core';
import type { DecisionStatus } from '../../db/enums.js';
import type { DecisionsRepository } from '../../lifecycle/decisions-repository.js';
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
