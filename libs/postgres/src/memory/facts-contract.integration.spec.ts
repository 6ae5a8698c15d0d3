/**
 * The facts repository contract (ADR 0060) against the PostgreSQL adapter: one throw-away server for the file, a
 * fresh database per test. Also what only PostgreSQL has: a row lock held by another writer.
 */
import { expect, it } from '@jest/globals';
import pg from 'pg';
import { FakeClock, isToolError } from '@chief-of-staff/core';
import { describeFactsRepositoryContract } from '@chief-of-staff/stores/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { openPostgres } from '../open-postgres.js';
import { createPostgresFactsRepository } from './facts-repository.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('facts');

async function openFacts(clock: FakeClock) {
  const url = await databases.freshUrl();
  const database = await openPostgres({ url, poolSize: 3 });
  return { url, database, facts: createPostgresFactsRepository(database, clock), close: () => database.close() };
}

describeWithPostgres('on PostgreSQL', () => {
  describeFactsRepositoryContract('PostgreSQL', openFacts);
});

describeWithPostgres('FactsRepository on PostgreSQL only', () => {
  it('refuses a NUL character in a stored text, naming the field, and finds nothing for one', async () => {
    const opened = await openFacts(new FakeClock());
    try {
      const error = await opened.facts.upsert({ category: 'work', key: 'k', value: 'a\u0000b', source: 'user' }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isToolError(error) && error.code === 'INVALID_ARGUMENT' && error.message.startsWith('value:')).toBe(true);
      expect(await opened.facts.get('work', 'k\u0000')).toBeUndefined();
      expect(await opened.facts.delete('work', 'k\u0000')).toBeUndefined();
      expect((await opened.facts.list({ prefix: '\u0000' }, {})).items).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('does not wait for a row another writer has locked: the fact stays pending, at once', async () => {
    const opened = await openFacts(new FakeClock());
    const other = new pg.Client({ connectionString: opened.url });
    await other.connect();
    try {
      const { fact } = await opened.facts.upsert({ category: 'work', key: 'k', value: 'v', source: 'user' });
      await other.query('BEGIN');
      await other.query('SELECT 1 FROM facts WHERE id = $1 FOR UPDATE', [fact.id]);
      const started = performance.now();
      expect(await opened.facts.markEmbeddedIfFree(fact.id, fact.updatedAt)).toBe(false);
      expect(performance.now() - started).toBeLessThan(2_000);
      await other.query('ROLLBACK');
      expect((await opened.facts.getById(fact.id))?.embeddingStatus).toBe('pending');
      expect(await opened.facts.markEmbeddedIfFree(fact.id, fact.updatedAt)).toBe(true);
    } finally {
      await other.end();
      await opened.close();
    }
  });

  it('keeps one row when two writers create the same fact at once', async () => {
    const opened = await openFacts(new FakeClock());
    try {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => opened.facts.upsert({ category: 'work', key: 'same', value: `v${i}`, source: 'user' })),
      );
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(results.map((result) => result.fact.id)).size).toBe(1);
      expect(await opened.facts.count()).toBe(1);
    } finally {
      await opened.close();
    }
  });

  it('finds by the rare words of a query, ranks by all of them, and leaves out a word found in most facts', async () => {
    const opened = await openFacts(new FakeClock());
    try {
      // 2,500 facts: "quarterly" and "review" in all, "leo" in about 5%, "zebra" in 0.2% (three of them with "leo").
      await opened.database.pool.query(`
        INSERT INTO facts (category, key, value, source, search_terms)
        SELECT 'work', 'note_' || i, v, 'user', 'note ' || i || ' ' || v || ' work'
        FROM (SELECT i, CASE WHEN i % 1000 = 0 THEN 'quarterly zebra leo review'
                             WHEN i % 500 = 0 THEN 'quarterly zebra review'
                             WHEN i % 20 = 0 THEN 'quarterly leo review'
                             ELSE 'quarterly review' END AS v
              FROM generate_series(0, 2499) AS i) AS generated`);
      const keysOf = async (ids: number[] | null) => (await opened.facts.getMany(ids ?? [])).map((fact) => fact.key);
      const zebraLeo = await opened.facts.fullTextCandidates('zebra leo', { limit: 50 });
      expect(zebraLeo).toHaveLength(5);
      expect((await keysOf(zebraLeo?.slice(0, 3) ?? [])).sort()).toEqual(['note_0', 'note_1000', 'note_2000']);
      const zebras = await opened.facts.fullTextCandidates('quarterly zebra', { limit: 50 });
      expect(zebras).toHaveLength(5);
      expect(await opened.facts.fullTextCandidates('quarterly review', { limit: 50 })).toHaveLength(50);
      // A word no fact holds fits any budget yet finds nothing, so it does not settle the roles: "quarterly" is counted on
      // to the common-term share and left out, as on SQLite, instead of scoring every fact.
      expect(await opened.facts.fullTextCandidates('quarterly zebrra', { limit: 50 })).toHaveLength(0);
      expect(await opened.facts.fullTextCandidates('leo', { limit: 500 })).toHaveLength(123);
      // A budget of facts: zebra's 5 and leo's 123 fit in 6% (150) and both find; in 2% (50) only zebra does.
      expect(await opened.facts.fullTextCandidates('zebra leo', { limit: 500, findShare: 0.06 })).toHaveLength(125);
      expect(await opened.facts.fullTextCandidates('zebra leo', { limit: 500, findShare: 0.02 })).toHaveLength(5);
      // Once analysed, the statistics say which words are common in place of counting them: the same facts are found.
      await opened.database.pool.query('ANALYZE facts');
      const { rows } = await opened.database.pool.query(
        `SELECT count(*)::int AS n FROM pg_stats, unnest(most_common_elems::text::text[]) AS term
         WHERE schemaname = current_schema() AND tablename = 'facts' AND attname = 'search_vector' AND term IN ('leo', 'quarterly')`,
      );
      expect(rows[0].n).toBe(2);
      expect(await opened.facts.fullTextCandidates('zebra leo', { limit: 50 })).toEqual(zebraLeo);
      expect(await opened.facts.fullTextCandidates('quarterly zebra', { limit: 50 })).toEqual(zebras);
      expect(await opened.facts.fullTextCandidates('quarterly review', { limit: 50 })).toHaveLength(50);
      expect(await opened.facts.fullTextCandidates('zebra leo', { limit: 500, findShare: 0.06 })).toHaveLength(125);
      expect(await opened.facts.fullTextCandidates('zebra leo', { limit: 500, findShare: 0.02 })).toHaveLength(5);

      // A listed word is not counted: its share comes from the statistics until the next ANALYZE. 2,500 more facts
      // with "leo" make it a word of half the facts, yet the statistics still put it in 5%: with a budget of 6% of the
      // 5,000 facts (300) it still finds, as zebra does (counted, it would have been over the budget: only zebra's 5).
      await opened.database.pool.query('ALTER TABLE facts SET (autovacuum_enabled = false)');
      await opened.database.pool.query(`
        INSERT INTO facts (category, key, value, source, search_terms)
        SELECT 'work', 'note_' || i, 'leo review', 'user', 'note ' || i || ' leo review work' FROM generate_series(2500, 4999) AS i`);
      expect(await opened.facts.fullTextCandidates('zebra leo', { limit: 500, findShare: 0.06 })).toHaveLength(500);
    } finally {
      await opened.close();
    }
  });
});
