/**
 * The facts repository contract (ADR 0060) against the PostgreSQL adapter: one throw-away server for the file, a
 * fresh database per test. Also what only PostgreSQL has: a row lock held by another writer.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { FakeClock, isToolError } from '@chief-of-staff/core';
import { describeFactsRepositoryContract } from '@chief-of-staff/stores/testing';
import { startTestPostgres, type TestPostgres } from '../testing/index.js';
import { openPostgres } from '../open-postgres.js';
import { createPostgresFactsRepository } from './facts-repository.js';

let server: TestPostgres;
let databases = 0;

beforeAll(async () => {
  server = await startTestPostgres();
});

afterAll(async () => {
  await server?.stop();
});

async function openFacts(clock: FakeClock) {
  databases += 1;
  const url = await server.createDatabase(`facts_${databases}`);
  const database = await openPostgres({ url, poolSize: 3 });
  return { url, database, facts: createPostgresFactsRepository(database, clock), close: () => database.close() };
}

describeFactsRepositoryContract('PostgreSQL', openFacts);

describe('FactsRepository on PostgreSQL only', () => {
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
});
