/**
 * The behaviour of `FactsRepository` that users notice, written once against the port and run against every adapter
 * (SQLite in `@chief-of-staff/stores`, PostgreSQL in `@chief-of-staff/postgres`): ADR 0060. Each adapter's spec calls
 * `describeFactsRepositoryContract` with a function that opens an empty repository on a clock the suite controls.
 */
import { FakeClock, isToolError } from '@chief-of-staff/core';
import type { FactCategory } from '../../db/enums.js';
import type { FactsRepository } from '../../memory/facts-repository.js';
import { observedWindow } from '../../memory/observed-time.js';

/** An empty repository for one test, and how to close it. */
export interface OpenedFactsRepository {
  facts: FactsRepository;
  close(): Promise<void>;
}

/** Opens an empty facts repository whose timestamps come from `clock`. */
export type OpenFactsRepository = (clock: FakeClock) => Promise<OpenedFactsRepository>;

const START = '2026-01-15T09:00:00.000Z';

async function errorOf(work: Promise<unknown>): Promise<{ code: string; message: string; hint?: string | undefined }> {
  try {
    await work;
  } catch (error) {
    if (isToolError(error)) return { code: error.code, message: error.message, hint: error.hint };
    throw error;
  }
  throw new Error('expected an error');
}

/** The matchers the contract suites use (Jest's `expect`, described here so this library does not depend on Jest). */
interface ContractMatchers {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toMatchObject(expected: object): void;
  toHaveLength(expected: number): void;
  toBeUndefined(): void;
  toBeNull(): void;
  toMatch(expected: RegExp): void;
  toContain(expected: unknown): void;
  readonly not: ContractMatchers;
}

interface JestFunctions {
  describe(name: string, declare: () => void): void;
  it(name: string, test: () => Promise<void>): void;
  beforeEach(hook: () => Promise<void>): void;
  afterEach(hook: () => Promise<void>): void;
  expect: ((actual: unknown) => ContractMatchers) & { any(type: unknown): unknown };
}

/**
 * Jest's functions, taken from the globals Jest injects when the suite is declared: `@chief-of-staff/stores/testing`
 * is also loaded outside Jest (benchmarks, fixtures), where importing `@jest/globals` would fail on load.
 */
function jestGlobals(): JestFunctions {
  const globals = globalThis as unknown as Partial<JestFunctions>;
  if (typeof globals.describe !== 'function' || typeof globals.expect !== 'function') {
    throw new Error('The storage contract suites declare Jest tests: call them from a Jest spec file (with injectGlobals on).');
  }
  return globals as JestFunctions;
}

/** Declares the facts repository contract as a jest `describe` block named after the adapter. */
export function describeFactsRepositoryContract(name: string, open: OpenFactsRepository): void {
  const { afterEach, beforeEach, describe, expect, it } = jestGlobals();
  describe(`FactsRepository contract: ${name}`, () => {
    let clock: FakeClock;
    let opened: OpenedFactsRepository;
    let facts: FactsRepository;

    beforeEach(async () => {
      clock = new FakeClock(START);
      opened = await open(clock);
      facts = opened.facts;
    });
    afterEach(async () => await opened.close());

    const put = (category: FactCategory, key: string, value: string) => facts.upsert({ category, key, value, source: 'user' });

    describe('upsert, get and delete', () => {
      it('creates, then replaces on (category, key): created_at kept, updated_at moves, the vector back to pending', async () => {
        const first = await facts.upsert({ category: 'preference', key: 'coffee', value: 'flat white', source: 'user' });
        expect(first.created).toBe(true);
        expect(first.fact).toMatchObject({
          category: 'preference',
          key: 'coffee',
          value: 'flat white',
          confidence: 1,
          pinned: false,
          source: 'user',
          sourceRef: null,
          embeddingStatus: 'pending',
          createdAt: START,
          updatedAt: START,
        });
        expect(typeof first.fact.id).toBe('number');
        expect(await facts.setEmbeddingStatus(first.fact.id, 'ok')).toBe(true);
        clock.advanceDays(1);
        const sourceRef = { provider: 'email', message_id: 'msg-1' } as const;
        const second = await facts.upsert({
          category: 'preference',
          key: 'coffee',
          value: 'oat latte',
          confidence: 0.8,
          pinned: true,
          source: 'assistant',
          sourceRef,
        });
        expect(second.created).toBe(false);
        expect(second.fact).toEqual({
          id: first.fact.id,
          category: 'preference',
          key: 'coffee',
          value: 'oat latte',
          confidence: 0.8,
          pinned: true,
          source: 'assistant',
          sourceRef,
          embeddingStatus: 'pending',
          observedAt: null,
          createdAt: START,
          updatedAt: '2026-01-16T09:00:00.000Z',
        });
        expect(await facts.get('preference', 'coffee')).toEqual(second.fact);
        expect(await facts.getById(first.fact.id)).toEqual(second.fact);
        expect(await facts.count()).toBe(1);
      });

      it('keeps the same key apart in different categories and trims key and value', async () => {
        const work = await put('work', '  editor ', ' vim  ');
        const personal = await put('personal', 'editor', 'pen and paper');
        expect(work.fact).toMatchObject({ key: 'editor', value: 'vim' });
        expect(personal.created).toBe(true);
        expect(personal.fact.id).not.toBe(work.fact.id);
        expect(await facts.count()).toBe(2);
      });

      it('rejects a bad category, an empty key, an over-long value and an out-of-range confidence, naming the field', async () => {
        const bad = await errorOf(facts.upsert({ category: 'hobby' as FactCategory, key: 'k', value: 'v', source: 'user' }));
        expect(bad.code).toBe('INVALID_ARGUMENT');
        expect(bad.message).toMatch(/^category:/);
        expect(bad.hint).toContain('personal, preference, work, relationship, backlog');
        expect((await errorOf(put('work', '  ', 'v'))).message).toMatch(/^key:/);
        expect((await errorOf(put('work', 'k', 'x'.repeat(10_001)))).message).toMatch(/^value:/);
        expect((await errorOf(facts.upsert({ category: 'work', key: 'k', value: 'v', confidence: 1.5, source: 'user' }))).message).toMatch(
          /^confidence:/,
        );
        expect((await errorOf(facts.list({ category: 'hobby' as FactCategory }, {}))).message).toMatch(/^category:/);
        expect(await facts.count()).toBe(0);
        expect(await facts.hasAnyFact()).toBe(false);
      });

      it('reads by key, by id and by many ids; unknown ones are absent, not errors', async () => {
        const a = await put('work', 'a', 'first');
        const b = await put('work', 'b', 'second');
        expect(await facts.get('work', 'a')).toEqual(a.fact);
        expect(await facts.get('personal', 'a')).toBeUndefined();
        expect(await facts.getById(b.fact.id)).toEqual(b.fact);
        expect(await facts.getById(b.fact.id + 1000)).toBeUndefined();
        const many = await facts.getMany([b.fact.id, a.fact.id, b.fact.id + 1000]);
        expect(many.map((fact) => fact.id).sort((x, y) => x - y)).toEqual([a.fact.id, b.fact.id]);
        expect(await facts.getMany([])).toEqual([]);
      });

      it('deletes by (category, key), returning the row once, and search forgets it', async () => {
        const { fact } = await put('work', 'standup', 'daily at nine');
        expect(await facts.delete('personal', 'standup')).toBeUndefined();
        expect(await facts.delete('work', 'standup')).toEqual(fact);
        expect(await facts.delete('work', 'standup')).toBeUndefined();
        expect(await facts.get('work', 'standup')).toBeUndefined();
        expect(await facts.fullTextCandidates('nine', { limit: 50 })).toEqual([]);
        expect(await facts.substringCandidates('at nin', { limit: 50 })).toEqual([]);
        expect(await facts.count()).toBe(0);
      });
    });

    describe('list and allInCategory', () => {
      it('lists by category then key, pages with a cursor round trip, and filters by category, pinned and literal prefix', async () => {
        for (const key of ['b_2', 'a%1', 'a_1', 'ab']) await put('work', key, 'x');
        await facts.upsert({ category: 'personal', key: 'z', value: 'x', pinned: true, source: 'user' });
        const first = await facts.list({}, { limit: 3 });
        expect(first.items.map((f) => `${f.category}/${f.key}`)).toEqual(['personal/z', 'work/a%1', 'work/a_1']);
        expect(first.total).toBe(5);
        expect(first.next_cursor).toEqual(expect.any(String));
        const second = await facts.list({}, { limit: 3, cursor: first.next_cursor });
        expect(second.items.map((f) => f.key)).toEqual(['ab', 'b_2']);
        expect(second.next_cursor).toBeNull();
        // The same request gives the same page.
        expect((await facts.list({}, { limit: 3, cursor: first.next_cursor })).items).toEqual(second.items);
        expect((await facts.list({ prefix: 'a_' }, {})).items.map((f) => f.key)).toEqual(['a_1']);
        expect((await facts.list({ prefix: 'a%' }, {})).items.map((f) => f.key)).toEqual(['a%1']);
        expect((await facts.list({ prefix: 'A' }, {})).items).toEqual([]);
        const pinned = await facts.list({ pinned: true }, {});
        expect(pinned.items.map((f) => f.key)).toEqual(['z']);
        expect(pinned.total).toBe(1);
        const work = await facts.list({ category: 'work', pinned: false }, { limit: 2 });
        expect(work.items.map((f) => f.key)).toEqual(['a%1', 'a_1']);
        expect(work.total).toBe(4);
      });

      it('refuses a cursor made for other filters', async () => {
        for (const key of ['a', 'b', 'c']) await put('work', key, 'x');
        const first = await facts.list({ category: 'work' }, { limit: 1 });
        const error = await errorOf(facts.list({ category: 'personal' }, { limit: 1, cursor: first.next_cursor }));
        expect(error.code).toBe('INVALID_ARGUMENT');
      });

      it('returns every fact of a category, and only those', async () => {
        await put('work', 'a', 'x');
        await put('work', 'b', 'y');
        await put('personal', 'c', 'z');
        expect((await facts.allInCategory('work')).map((f) => f.key).sort()).toEqual(['a', 'b']);
        expect(await facts.allInCategory('backlog')).toEqual([]);
      });
    });

    describe('full-text candidates', () => {
      it('finds facts by any word of key, value or category, case and Latin diacritics ignored, filtered by category', async () => {
        const standup = await put('work', 'standup', 'Daily at nine in the Café');
        const garden = await put('personal', 'garden', 'the tomatoes need water');
        expect(await facts.fullTextCandidates('NINE', { limit: 50 })).toEqual([standup.fact.id]);
        expect(await facts.fullTextCandidates('cafe', { limit: 50 })).toEqual([standup.fact.id]);
        expect(await facts.fullTextCandidates('standup', { limit: 50 })).toEqual([standup.fact.id]);
        expect(await facts.fullTextCandidates('personal', { limit: 50 })).toEqual([garden.fact.id]);
        expect((await facts.fullTextCandidates('nine tomatoes', { limit: 50 }))?.sort((a, b) => a - b)).toEqual([standup.fact.id, garden.fact.id]);
        expect(await facts.fullTextCandidates('nine tomatoes', { limit: 50, category: 'personal' })).toEqual([garden.fact.id]);
        expect(await facts.fullTextCandidates('nine', { limit: 50, category: 'personal' })).toEqual([]);
        expect(await facts.fullTextCandidates('nine tomatoes', { limit: 1 })).toHaveLength(1);
        expect(await facts.fullTextCandidates('absent', { limit: 50 })).toEqual([]);
      });

      it('follows updates: the old words stop matching, the new ones match', async () => {
        const { fact } = await put('work', 'standup', 'daily at nine');
        await put('work', 'standup', 'daily at ten');
        expect(await facts.fullTextCandidates('nine', { limit: 50 })).toEqual([]);
        expect(await facts.fullTextCandidates('ten', { limit: 50 })).toEqual([fact.id]);
      });

      it('finds Hebrew words as written, and ignores function words when the query has other words', async () => {
        const meeting = await put('work', 'vendor_meeting', 'בפגישה עם הספק סיכמנו על הנחה');
        const budget = await put('work', 'budget', 'the budget review is on monday');
        await put('work', 'other', 'what is the plan');
        expect(await facts.fullTextCandidates('הספק', { limit: 50 })).toEqual([meeting.fact.id]);
        expect(await facts.fullTextCandidates('what is the budget', { limit: 50 })).toEqual([budget.fact.id]);
      });

      it('puts the fact matching every query word before facts matching one', async () => {
        await put('work', 'finance', 'quarterly numbers are due');
        await put('work', 'review', 'the code review is on friday');
        const both = await put('work', 'planning', 'quarterly review of the roadmap');
        await put('work', 'lunch', 'team lunch on friday');
        const found = await facts.fullTextCandidates('quarterly review', { limit: 50 });
        expect(found).toHaveLength(3);
        expect(found?.[0]).toBe(both.fact.id);
      });

      it('finds the other forms of a query word by its stem, and not unrelated words that share a short start', async () => {
        const book = await put('preference', 'book', 'I recommend this series, and the screenplay I wrote');
        await put('preference', 'window', 'the window in the kitchen sticks');
        expect(await facts.fullTextCandidates('recommendations', { limit: 50 })).toEqual([book.fact.id]);
        expect(await facts.fullTextCandidates('screenplays', { limit: 50 })).toEqual([book.fact.id]);
        // "winning" keeps its own form: the stem "win" is too short to widen.
        expect(await facts.fullTextCandidates('winning', { limit: 50 })).toEqual([]);
      });

      it('returns null for a query with no searchable word', async () => {
        await put('work', 'a', 'x');
        for (const query of ['', '   ', '!!! ??? ...', '"" * ( ) :', '\u0000']) {
          expect(await facts.fullTextCandidates(query, { limit: 50 })).toBeNull();
        }
      });
    });

    describe('substring candidates', () => {
      it('matches substrings of key or value case-insensitively beyond ASCII, the exact key first, then the most recent', async () => {
        const street = await put('personal', 'address', 'Hauptstraße 5, ÉCOLE district');
        clock.advanceDays(1);
        const exact = await put('personal', 'École', 'the old school');
        clock.advanceDays(1);
        const later = await put('personal', 'écoles_nearby', 'two of them');
        expect(await facts.substringCandidates('école', { limit: 50 })).toEqual([exact.fact.id, later.fact.id, street.fact.id]);
        expect(await facts.substringCandidates('STRAßE', { limit: 50 })).toEqual([street.fact.id]);
        // No key equals the query: the most recently updated first.
        expect(await facts.substringCandidates('ÉC', { limit: 50 })).toEqual([later.fact.id, exact.fact.id, street.fact.id]);
        expect(await facts.substringCandidates('école', { limit: 50, category: 'work' })).toEqual([]);
        expect(await facts.substringCandidates('école', { limit: 1 })).toEqual([exact.fact.id]);
        expect(await facts.substringCandidates('   ', { limit: 50 })).toEqual([]);
      });

      it('treats LIKE wildcards and the escape character literally', async () => {
        const discount = await put('work', 'discount', 'we give 100% off on _friday_ \\o/');
        await put('work', 'other', 'plain text for 1000 friends');
        for (const query of ['%', '_', '100%', '_fr', '\\', '\\o/']) {
          expect(await facts.substringCandidates(query, { limit: 50 })).toEqual([discount.fact.id]);
        }
      });
    });

    describe('Hebrew word candidates', () => {
      it('finds a Hebrew word under other one-letter prefixes, best match first, and nothing for other scripts', async () => {
        const meeting = await put('work', 'vendor_meeting', 'בפגישה עם הספק סיכמנו על הנחה של עשרה אחוזים');
        const leave = await put('personal', 'leave_days', 'לכל עובד מגיעים עשרים ימי חופשה בשנה');
        await put('personal', 'garden', 'the tomatoes need water');
        expect(await facts.hebrewWordCandidates('החופשה', { limit: 50 })).toEqual([leave.fact.id]);
        expect(await facts.hebrewWordCandidates('בפגישות והספקים', { limit: 50 })).toEqual([meeting.fact.id]);
        expect(await facts.hebrewWordCandidates('החופשה', { limit: 50, category: 'work' })).toEqual([]);
        expect(await facts.hebrewWordCandidates('tomatoes', { limit: 50 })).toEqual([]);
        expect(await facts.hebrewWordCandidates('על', { limit: 50 })).toEqual([]);
      });
    });

    describe('observed time', () => {
      const observed = (key: string, value: string, observedAt?: string) =>
        facts.upsert({ category: 'personal', key, value, source: 'user', ...(observedAt === undefined ? {} : { observedAt }) });
      const window = (since?: string, until?: string) => {
        const found = observedWindow(since, until);
        if (found === undefined) throw new Error('a window needs since or until');
        return found;
      };

      it('keeps a day as a day and a moment in UTC, unknown when not given, and replaces it with the fact', async () => {
        expect((await observed('support_group', 'Caroline went to the support group', '2023-05-07')).fact.observedAt).toBe('2023-05-07');
        expect((await observed('race', 'Melanie ran a charity race', '2023-05-25T13:56+02:00')).fact.observedAt).toBe('2023-05-25T11:56:00.000Z');
        // Without a zone, as conversation exports write it: read as UTC on every machine.
        expect((await observed('painting', 'Melanie painted a sunrise', '2023-05-08T13:56')).fact.observedAt).toBe('2023-05-08T13:56:00.000Z');
        expect((await observed('unknown', 'Caroline likes hiking')).fact.observedAt).toBeNull();
        const replaced = await observed('support_group', 'Caroline went to the LGBTQ support group');
        expect(replaced.fact.observedAt).toBeNull();
        expect(await facts.get('personal', 'race')).toMatchObject({ observedAt: '2023-05-25T11:56:00.000Z' });
      });

      it('rejects a time that is not a real date or moment, naming observed_at and the accepted forms', async () => {
        for (const bad of ['2023-02-30', 'last Tuesday', '2023-05-08T25:00', '1850-01-01']) {
          const error = await errorOf(observed('bad', 'v', bad));
          expect(error.code).toBe('INVALID_ARGUMENT');
          expect(error.message).toMatch(/observed_at/);
        }
        expect(await facts.count()).toBe(0);
      });

      it('keeps only facts observed in the window in every candidate list; without observed_at a fact counts at its creation', async () => {
        await observed('may_7', 'Caroline support group meeting', '2023-05-07');
        await observed('may_8_evening', 'Caroline support group dinner', '2023-05-08T19:30:00Z');
        await observed('june', 'Caroline support group picnic', '2023-06-20');
        await observed('stored_now', 'Caroline support group call');
        const keysOf = async (ids: number[] | null) => (await facts.getMany(ids ?? [])).map((fact) => fact.key).sort();
        const lists = async (since?: string, until?: string) => {
          const options = { limit: 10, observed: window(since, until) };
          return {
            fullText: await keysOf(await facts.fullTextCandidates('support group', options)),
            substring: await keysOf(await facts.substringCandidates('support group', options)),
          };
        };
        // `until` a day keeps the whole day; the fact without observed_at was created on 2026-01-15.
        expect(await lists(undefined, '2023-05-08')).toEqual({ fullText: ['may_7', 'may_8_evening'], substring: ['may_7', 'may_8_evening'] });
        expect(await lists('2023-05-08', '2023-05-31')).toEqual({ fullText: ['may_8_evening'], substring: ['may_8_evening'] });
        expect(await lists('2023-06-01')).toEqual({ fullText: ['june', 'stored_now'], substring: ['june', 'stored_now'] });
        expect(await lists('2026-01-15T08:00Z', '2026-01-15T10:00Z')).toEqual({ fullText: ['stored_now'], substring: ['stored_now'] });
        // A fact known only to the day is kept by a window starting within that day.
        expect(await lists('2023-05-07T12:00Z', '2023-05-07T23:00Z')).toEqual({ fullText: ['may_7'], substring: ['may_7'] });
        // A short query goes through the substring scan rather than the trigram index: the same window applies.
        expect(await keysOf(await facts.substringCandidates('ca', { limit: 10, observed: window('2023-06-01', '2023-06-30') }))).toEqual(['june']);
        const hebrew = await observed('hebrew', 'פגישה עם קרולין', '2023-05-07');
        expect(await facts.hebrewWordCandidates('בפגישה', { limit: 10, observed: window('2023-05-01', '2023-05-31') })).toEqual([hebrew.fact.id]);
        expect(await facts.hebrewWordCandidates('בפגישה', { limit: 10, observed: window('2023-06-01') })).toEqual([]);
      });

      it('lists the facts of a window latest observed first, by category and up to the limit', async () => {
        await observed('first', 'one', '2023-05-07');
        await observed('second', 'two', '2023-05-08T10:00:00Z');
        await observed('third', 'three', '2023-05-09');
        await facts.upsert({ category: 'work', key: 'work_item', value: 'four', source: 'user', observedAt: '2023-05-08' });
        const keys = async (filters: Parameters<FactsRepository['observedIn']>[0], limit = 10) =>
          (await facts.observedIn(filters, limit)).map((fact) => fact.key);
        expect(await keys({ observed: window('2023-05-08', '2023-05-09') })).toEqual(['third', 'second', 'work_item']);
        expect(await keys({ category: 'personal', observed: window('2023-05-08') })).toEqual(['third', 'second']);
        expect(await keys({ observed: window(undefined, '2023-05-08') }, 2)).toEqual(['second', 'work_item']);
      });
    });

    describe('embedding state', () => {
      it('marks the vector state, with ifUpdatedAt only while the row is unchanged', async () => {
        const { fact } = await put('work', 'a', 'x');
        expect(await facts.pendingEmbedding(10)).toEqual([fact]);
        expect(await facts.setEmbeddingStatus(fact.id, 'ok', '2020-01-01T00:00:00.000Z')).toBe(false);
        expect((await facts.getById(fact.id))?.embeddingStatus).toBe('pending');
        expect(await facts.setEmbeddingStatus(fact.id, 'ok', fact.updatedAt)).toBe(true);
        expect((await facts.getById(fact.id))?.embeddingStatus).toBe('ok');
        expect(await facts.pendingEmbedding(10)).toEqual([]);
        expect(await facts.setEmbeddingStatus(fact.id, 'pending')).toBe(true);
        expect(await facts.setEmbeddingStatus(fact.id + 1000, 'ok')).toBe(false);
      });

      it('marks a fact embedded when free, unless it changed since the vector was made', async () => {
        const { fact } = await put('work', 'a', 'x');
        clock.advance(1_000);
        const changed = await put('work', 'a', 'y');
        expect(await facts.markEmbeddedIfFree(fact.id, fact.updatedAt)).toBe(false);
        expect((await facts.getById(fact.id))?.embeddingStatus).toBe('pending');
        expect(await facts.markEmbeddedIfFree(fact.id, changed.fact.updatedAt)).toBe(true);
        expect((await facts.getById(fact.id))?.embeddingStatus).toBe('ok');
      });

      it('counts facts and lists the pending ones oldest first, up to the limit', async () => {
        expect(await facts.count()).toBe(0);
        expect(await facts.hasAnyFact()).toBe(false);
        const a = await put('work', 'a', 'x');
        const b = await put('work', 'b', 'y');
        const c = await put('work', 'c', 'z');
        await facts.setEmbeddingStatus(b.fact.id, 'ok');
        expect(await facts.count()).toBe(3);
        expect(await facts.hasAnyFact()).toBe(true);
        expect((await facts.pendingEmbedding(10)).map((f) => f.id)).toEqual([a.fact.id, c.fact.id]);
        expect((await facts.pendingEmbedding(1)).map((f) => f.id)).toEqual([a.fact.id]);
      });
    });

    describe('hostile input', () => {
      const hostile = ['"', '""', '*', 'NEAR(', 'a AND', 'OR', '(x', 'col:val', '^start', '-', '+', "'", "''); DROP TABLE facts; --", '\\', '%', '_',
        'a"b', '{}', 'NOT NOT', '!', '&', '|', ':*', '<->', 'a & b | !c', '\u0000', 'x\u0000y', '🙂', '👩‍💻 standup'];

      it('stores quotes, operators, emoji and a 10,000-character value, and finds them again', async () => {
        const quoted = await put('work', `it's "quoted"`, `a AND b OR NOT c NEAR(d) col:val ^e * f & g | !h <-> i:*`);
        const emoji = await put('personal', 'mood 🙂', 'feeling 👩‍💻 productive 🎉');
        const long = await put('work', 'long', `${'word '.repeat(1_998)}needle`);
        const oneWord = await put('work', 'one_word', 'y'.repeat(10_000));
        expect((await facts.get('work', `it's "quoted"`))?.id).toBe(quoted.fact.id);
        expect((await facts.getById(emoji.fact.id))?.value).toBe('feeling 👩‍💻 productive 🎉');
        expect((await facts.getById(oneWord.fact.id))?.value).toHaveLength(10_000);
        expect(await facts.fullTextCandidates('productive', { limit: 50 })).toEqual([emoji.fact.id]);
        expect(await facts.fullTextCandidates('needle', { limit: 50 })).toEqual([long.fact.id]);
        expect(await facts.fullTextCandidates('col val', { limit: 50 })).toEqual([quoted.fact.id]);
        expect(await facts.substringCandidates('👩‍💻', { limit: 50 })).toEqual([emoji.fact.id]);
        expect(await facts.substringCandidates(`"quoted"`, { limit: 50 })).toEqual([quoted.fact.id]);
        expect(await facts.substringCandidates('<-> i:*', { limit: 50 })).toEqual([quoted.fact.id]);
      });

      it('searches with any query text without an error', async () => {
        await put('work', 'discount', 'we give 100% off on _friday_');
        for (const query of [...hostile, 'x'.repeat(500), `${'"('.repeat(200)}`]) {
          await facts.fullTextCandidates(query, { limit: 50 });
          await facts.fullTextCandidates(query, { limit: 50, category: 'work' });
          await facts.substringCandidates(query, { limit: 50 });
          await facts.substringCandidates(query, { limit: 50, category: 'work' });
          await facts.hebrewWordCandidates(query, { limit: 50 });
          expect(await facts.get('work', query)).toBeUndefined();
        }
        expect(await facts.count()).toBe(1);
      });
    });
  });
}
