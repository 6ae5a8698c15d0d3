/**
 * The decisions, delegations and alert rules contracts (ADR 0063) against the PostgreSQL adapter: one throw-away
 * server for the file, a fresh database per test. Also what only PostgreSQL has: several writers updating or
 * creating the same row at once, and texts holding U+0000.
 */
import { expect, it } from '@jest/globals';
import { FakeClock, isToolError } from '@chief-of-staff/core';
import {
  describeAlertRulesRepositoryContract,
  describeDecisionsRepositoryContract,
  describeDelegationsRepositoryContract,
} from '@chief-of-staff/stores/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { createPostgresAlertRulesRepository } from './alert-rules-repository.js';
import { createPostgresDecisionsRepository, decisionCandidates } from './decisions-repository.js';
import { decisions } from '../schema/lifecycle.js';
import { createPostgresDelegationsRepository } from './delegations-repository.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('lifecycle');

async function open(clock: FakeClock) {
  const database = await databases.open();
  return {
    database,
    decisions: createPostgresDecisionsRepository(database, clock),
    delegations: createPostgresDelegationsRepository(database, clock),
    alertRules: createPostgresAlertRulesRepository(database, clock),
    close: () => database.close(),
  };
}

describeWithPostgres('on PostgreSQL', () => {
  describeDecisionsRepositoryContract('PostgreSQL', open);
  describeDelegationsRepositoryContract('PostgreSQL', open);
  describeAlertRulesRepositoryContract('PostgreSQL', open);
});

const many = <T>(count: number, write: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => write(i)));

describeWithPostgres('lifecycle repositories on PostgreSQL only', () => {
  it('keep every note when several writers append to the same decision or delegation at once', async () => {
    const opened = await open(new FakeClock('2026-01-15T09:00:00.000Z'));
    try {
      const decision = await opened.decisions.create({ title: 'Hire' });
      await many(6, (i) => opened.decisions.update(decision.id, { notes: `note ${i}` }));
      const lines = (await opened.decisions.get(decision.id))?.description.split('\n') ?? [];
      expect(lines.sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `[Update 2026-01-15] note ${i}`));
      const delegation = await opened.delegations.create({ task: 'Deck', delegatedTo: 'Noa' });
      await many(6, (i) => opened.delegations.update(delegation.id, { notes: `note ${i}` }));
      expect((await opened.delegations.get(delegation.id))?.notes.split('\n')).toHaveLength(6);
    } finally {
      await opened.close();
    }
  });

  it('create one alert rule when several writers create the same name at once; the others get CONFLICT naming it', async () => {
    const opened = await open(new FakeClock());
    try {
      const results = await many(6, (i) =>
        opened.alertRules.create({ name: 'late', alertType: 'follow_up_due', description: `d${i}` }).then(
          (result) => ({ id: result.rule.id, code: 'created' }),
          (error: unknown) => ({ id: undefined, code: isToolError(error) ? error.code : String(error) }),
        ),
      );
      expect(results.filter((result) => result.code === 'created')).toHaveLength(1);
      expect(results.filter((result) => result.code === 'CONFLICT')).toHaveLength(5);
      const upserts = await many(6, (i) => opened.alertRules.create({ name: 'late', alertType: 'follow_up_due', description: `u${i}` }, { upsert: true }));
      expect(upserts.every((result) => !result.created && result.rule.id === results.find((r) => r.code === 'created')?.id)).toBe(true);
    } finally {
      await opened.close();
    }
  });

  it('refuse a NUL character in a stored text, naming the field, and find nothing for one', async () => {
    const opened = await open(new FakeClock());
    try {
      const fieldOf = async (work: Promise<unknown>) =>
        work.then(
          () => 'accepted',
          (error: unknown) => (isToolError(error) && error.code === 'INVALID_ARGUMENT' ? error.message.split(':')[0] : error),
        );
      expect(await fieldOf(opened.decisions.create({ title: 'a\u0000' }))).toBe('title');
      expect(await fieldOf(opened.decisions.create({ title: 'a', tags: ['\u0000x'] }))).toBe('tags');
      expect(await fieldOf(opened.delegations.create({ task: 't', delegatedTo: 'N\u0000' }))).toBe('delegated_to');
      expect(await fieldOf(opened.alertRules.create({ name: 'r\u0000', alertType: 'follow_up_due' }))).toBe('name');
      expect((await opened.decisions.search({ query: '\u0000' }, {})).total).toBe(0);
      expect((await opened.decisions.listPending({ today: '2026-01-15', owner: '\u0000' }, {})).total).toBe(0);
      expect((await opened.delegations.list({ today: '2026-01-15', delegatedTo: '\u0000' }, {})).total).toBe(0);
      expect(await opened.alertRules.getByName('\u0000')).toBeUndefined();
    } finally {
      await opened.close();
    }
  });

  it('reads the candidates of a decision search from the trigram and fold-scan indexes, not from every decision', async () => {
    const opened = await open(new FakeClock());
    const client = await opened.database.pool.connect();
    try {
      await client.query(`
        INSERT INTO decisions (title, description)
        SELECT 'decision ' || i, CASE WHEN i % 100 = 0 THEN 'Straße ' ELSE 'about topic ' END || (i % 97) FROM generate_series(1, 5000) AS i`);
      await client.query('ANALYZE decisions');
      expect((await opened.decisions.search({ query: 'TOPIC 42' }, { limit: 5 })).total).toBe(51);
      expect((await opened.decisions.search({ query: 'STRASSE' }, { limit: 5 })).total).toBe(50);
      const candidates = decisionCandidates('Topic 42');
      expect(candidates).not.toBeNull();
      expect(decisionCandidates('a,b')).toBeNull();
      const query = opened.database.db.select({ id: decisions.id }).from(decisions).where(candidates ?? undefined).toSQL();
      // A small table is cheaper to scan; with scans priced out the plan shows which indexes can serve the search.
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query.sql}`, query.params);
      await client.query('ROLLBACK');
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('decisions_trgm_idx');
      expect(text).toContain('decisions_fold_scan_idx');
    } finally {
      client.release();
      await opened.close();
    }
  });
});
