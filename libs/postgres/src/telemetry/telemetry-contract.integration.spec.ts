/**
 * The tool usage, skill suggestions, agent runs, model calls and fallback events contracts (ADR 0065) against the PostgreSQL adapter: one throw-away server for
 * the file, a fresh database per test, sorting text by language
 * (so code point orders are checked). Also what only PostgreSQL has: a table lock held by another session, and text that cannot hold U+0000.
 */
import { expect, it } from '@jest/globals';
import pg from 'pg';
import { FakeClock } from '@chief-of-staff/core';
import {
  describeAgentRunStepsRepositoryContract,
  describeAgentRunsRepositoryContract,
  describeFallbackEventsRepositoryContract,
  describeModelCallsRepositoryContract,
  describeSkillSuggestionsRepositoryContract,
  describeToolUsageRepositoryContract,
  toolErrorOf,
} from '@chief-of-staff/stores/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import {
  createPostgresAgentRunsRepository,
  createPostgresFallbackEventsRepository,
  createPostgresModelCallsRepository,
} from './run-log-repositories.js';
import { createPostgresAgentRunStepsRepository } from './run-steps-repository.js';
import { createPostgresSkillSuggestionsRepository } from './skill-suggestions-repository.js';
import { createPostgresToolUsageRepository } from './tool-usage-repository.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('telemetry', { languageSorted: true });
const opener = databases.opener;

async function openDatabase(): Promise<{ url: string; database: PostgresDatabase }> {
  const url = await databases.freshUrl();
  return { url, database: await openPostgres({ url, poolSize: 4 }) };
}

describeWithPostgres('on PostgreSQL', () => {
  describeToolUsageRepositoryContract('PostgreSQL', opener(createPostgresToolUsageRepository));
  describeSkillSuggestionsRepositoryContract('PostgreSQL', opener(createPostgresSkillSuggestionsRepository));
  describeAgentRunsRepositoryContract('PostgreSQL', opener(createPostgresAgentRunsRepository));
  describeModelCallsRepositoryContract('PostgreSQL', opener(createPostgresModelCallsRepository));
  describeAgentRunStepsRepositoryContract('PostgreSQL', opener(createPostgresAgentRunStepsRepository));
  describeFallbackEventsRepositoryContract('PostgreSQL', opener(createPostgresFallbackEventsRepository));
});

describeWithPostgres('ToolUsageRepository on PostgreSQL only', () => {
  it('keeps a batch for later, at once and with nothing written, while another session holds the table', async () => {
    const { url, database } = await openDatabase();
    const usage = createPostgresToolUsageRepository(database, new FakeClock('2026-04-01T08:00:00.000Z'));
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      const row = { toolName: 'query_memory', callerKind: 'host' as const, success: true, durationMs: 5 };
      await other.query('BEGIN');
      await other.query('LOCK TABLE tool_usage_log IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      expect(await usage.recordIfFree([row, row])).toBe(false);
      expect(performance.now() - started).toBeLessThan(2_000);
      await other.query('ROLLBACK');
      expect(await usage.listSince('2026-01-01T00:00:00.000Z', 10)).toEqual([]);
      expect(await usage.recordIfFree([row])).toBe(true);
      expect(await usage.listSince('2026-01-01T00:00:00.000Z', 10)).toHaveLength(1);
    } finally {
      await other.end();
      await database.close();
    }
  });

  it('refuses a NUL character in a recorded call, naming the field, and has no figures for a tool name holding one', async () => {
    const { database } = await openDatabase();
    const clock = new FakeClock('2026-04-01T08:00:00.000Z');
    const usage = createPostgresToolUsageRepository(database, clock);
    const runs = createPostgresAgentRunsRepository(database, clock);
    try {
      const row = { toolName: 'query_memory', callerKind: 'host' as const, success: true, durationMs: 5 };
      expect(await toolErrorOf(usage.record({ ...row, queryPattern: 'a\u0000' }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^query_pattern:/) });
      expect((await toolErrorOf(usage.recordIfFree([row, { ...row, errorCode: '\u0000' }]))).message).toMatch(/^error_code:/);
      expect(await usage.listSince('2026-01-01T00:00:00.000Z', 10)).toEqual([]);
      expect(await usage.statistics({ since: '2026-01-01T00:00:00.000Z', toolName: 'query\u0000' }, {})).toMatchObject({ items: [], total: 0 });
      expect(await usage.performanceSince('\u0000', '2026-01-01T00:00:00.000Z')).toBeUndefined();
      expect((await toolErrorOf(runs.start({ agentName: 'a', trigger: 'host', instruction: 'x\u0000', model: 'm' }))).message).toMatch(/^instruction_preview:/);
      expect(await runs.get('\u0000')).toBeUndefined();
      expect(await runs.finish('\u0000', { status: 'completed', rounds: 1, toolCallCount: 0 })).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
