/**
 * The behaviour of `AgentRunsRepository`, `ModelCallsRepository` and `FallbackEventsRepository` that users notice
 * (`cos stats`, retention, debugging), written once against the port and run against every adapter (SQLite in
 * `@chief-of-staff/stores`, PostgreSQL in `@chief-of-staff/postgres`): ADR 0065.
 */
import type { AgentRunsRepository, FallbackEventsRepository, ModelCallsRepository } from '../../telemetry/run-log-repositories.js';
import { contractJest, describeRepositoryContract, toolErrorOf, type OpenRepository } from './contract-jest.js';

const START = '2026-04-01T08:00:00.000Z';

/** Declares the agent runs repository contract as a jest `describe` block named after the adapter. */
export function describeAgentRunsRepositoryContract(name: string, open: OpenRepository<AgentRunsRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('AgentRunsRepository', name, open, START, ({ clock, repository }) => {
    it('records a run from start to finish with a 200-character instruction preview', async () => {
      const runs = repository();
      const run = await runs.start({ agentName: 'researcher', trigger: 'host', instruction: 'x'.repeat(500), model: 'claude-sonnet-4-6' });
      expect(run.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(run.instructionPreview).toHaveLength(200);
      clock().advance(2000);
      const done = await runs.finish(run.id, { status: 'completed', rounds: 3, toolCallCount: 4, inputTokens: 100, outputTokens: 50 });
      expect(done).toMatchObject({ status: 'completed', endedAt: '2026-04-01T08:00:02.000Z', inputTokens: 100 });
      expect((await runs.list({ agentName: 'researcher' }, {})).items).toHaveLength(1);
    });

    it('starts a run with its defaults, or with the id and parent given, and refuses an unknown trigger', async () => {
      const runs = repository();
      const run = await runs.start({ id: 'run-1', agentName: 'researcher', trigger: 'dispatch', parentRunId: 'run-0', instruction: 'Find it', model: 'm' });
      expect(run).toEqual({
        id: 'run-1',
        agentName: 'researcher',
        trigger: 'dispatch',
        parentRunId: 'run-0',
        instructionPreview: 'Find it',
        status: 'running',
        stopReason: null,
        rounds: 0,
        toolCallCount: 0,
        model: 'm',
        inputTokens: 0,
        outputTokens: 0,
        cacheReadTokens: 0,
        cacheCreationTokens: 0,
        startedAt: START,
        endedAt: null,
        error: null,
        createdAt: START,
        updatedAt: START,
      });
      expect(await runs.get('run-1')).toEqual(run);
      expect(await runs.get('run-2')).toBeUndefined();
      expect(await toolErrorOf(runs.start({ agentName: 'a', trigger: 'cron' as 'host', instruction: '', model: 'm' }))).toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/trigger/),
      });
      expect((await toolErrorOf(runs.start({ agentName: ' ', trigger: 'host', instruction: '', model: 'm' }))).message).toMatch(/agent_name/);
    });

    it('finishes a run with its outcome and token counts, and says when there is no such run', async () => {
      const runs = repository();
      const run = await runs.start({ agentName: 'a', trigger: 'host', instruction: 'i', model: 'm' });
      clock().advance(1_500);
      const done = await runs.finish(run.id, {
        status: 'error',
        stopReason: 'tool_use',
        rounds: 2,
        toolCallCount: 1,
        inputTokens: 3_000_000_000,
        outputTokens: 5,
        cacheReadTokens: 6,
        cacheCreationTokens: 7,
        error: 'boom',
      });
      expect(done).toMatchObject({
        status: 'error',
        stopReason: 'tool_use',
        rounds: 2,
        toolCallCount: 1,
        inputTokens: 3_000_000_000,
        outputTokens: 5,
        cacheReadTokens: 6,
        cacheCreationTokens: 7,
        error: 'boom',
        startedAt: START,
        endedAt: '2026-04-01T08:00:01.500Z',
        updatedAt: '2026-04-01T08:00:01.500Z',
      });
      expect(await runs.finish('missing', { status: 'completed', rounds: 1, toolCallCount: 0 })).toBeUndefined();
      expect((await toolErrorOf(runs.finish(run.id, { status: 'running' as 'completed', rounds: 1, toolCallCount: 0 }))).code).toBe('INVALID_ARGUMENT');
      expect((await toolErrorOf(runs.finish(run.id, { status: 'paused' as 'completed', rounds: 1, toolCallCount: 0 }))).code).toBe('INVALID_ARGUMENT');
    });

    it('lists runs newest first (ids in code point order at the same start), filtered, with the total and pages', async () => {
      const runs = repository();
      for (const id of ['run-b', 'run-B', 'run-a']) await runs.start({ id, agentName: 'a', trigger: 'host', instruction: '', model: 'm' });
      clock().advance(1_000);
      await runs.start({ id: 'run-z', agentName: 'b', trigger: 'cli', instruction: '', model: 'm' });
      await runs.finish('run-a', { status: 'completed', rounds: 1, toolCallCount: 0 });
      const all = await runs.list({}, {});
      expect(all.items.map((run) => run.id)).toEqual(['run-z', 'run-b', 'run-a', 'run-B']);
      expect(all.total).toBe(4);
      const first = await runs.list({}, { limit: 3 });
      expect((await runs.list({}, { limit: 3, cursor: first.next_cursor })).items.map((run) => run.id)).toEqual(['run-B']);
      expect((await runs.list({ agentName: 'a' }, {})).total).toBe(3);
      expect((await runs.list({ agentName: 'a', status: 'running' }, {})).items.map((run) => run.id)).toEqual(['run-b', 'run-B']);
      expect((await toolErrorOf(runs.list({ status: 'done' as 'running' }, {}))).code).toBe('INVALID_ARGUMENT');
    });

    it('purges runs started before the cutoff', async () => {
      const runs = repository();
      await runs.start({ id: 'old', agentName: 'a', trigger: 'host', instruction: '', model: 'm' });
      clock().advanceDays(3);
      await runs.start({ id: 'new', agentName: 'a', trigger: 'host', instruction: '', model: 'm' });
      expect(await runs.purgeOlderThan('2026-04-02T00:00:00.000Z')).toBe(1);
      expect(await runs.purgeOlderThan('2026-04-02T00:00:00.000Z')).toBe(0);
      expect((await runs.list({}, {})).items.map((run) => run.id)).toEqual(['new']);
    });
  });
}

/** Declares the model calls repository contract as a jest `describe` block named after the adapter. */
export function describeModelCallsRepositoryContract(name: string, open: OpenRepository<ModelCallsRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('ModelCallsRepository', name, open, START, ({ clock, repository }) => {
    it('lists the calls recorded since a time', async () => {
      await repository().record({ runId: 'r1', caller: 'agent', model: 'claude-sonnet-4-6', durationMs: 800, outcome: 'ok' });
      expect(await repository().listSince('2026-04-01T00:00:00.000Z')).toHaveLength(1);
    });

    it('records a call with zero tokens by default, lists them oldest first, and purges older ones', async () => {
      const calls = repository();
      const first = await calls.record({ caller: 'triage', model: 'haiku', durationMs: 120, outcome: 'ok' });
      expect(first).toEqual({
        id: expect.any(Number),
        runId: null,
        caller: 'triage',
        model: 'haiku',
        inputTokens: 0,
        outputTokens: 0,
        cacheReadTokens: 0,
        cacheCreationTokens: 0,
        durationMs: 120,
        outcome: 'ok',
        createdAt: START,
      });
      clock().advanceDays(2);
      const second = await calls.record({ runId: 'r', caller: 'agent', model: 'sonnet', durationMs: 9, outcome: 'error', inputTokens: 10, outputTokens: 20, cacheReadTokens: 30, cacheCreationTokens: 40 });
      const third = await calls.record({ caller: 'synthesis', model: 'sonnet', durationMs: 1, outcome: 'ok' });
      expect((await calls.listSince(START)).map((call) => call.id)).toEqual([first.id, second.id, third.id]);
      expect(await calls.listSince('2026-04-02T00:00:00.000Z')).toMatchObject([{ inputTokens: 10, outputTokens: 20, cacheReadTokens: 30, cacheCreationTokens: 40 }, { id: third.id }]);
      expect((await toolErrorOf(calls.record({ caller: 'robot' as 'agent', model: 'm', durationMs: 1, outcome: 'ok' }))).message).toMatch(/caller/);
      expect(await calls.purgeOlderThan('2026-04-02T00:00:00.000Z')).toBe(1);
      expect(await calls.listSince(START)).toHaveLength(2);
    });
  });
}

/** Declares the fallback events repository contract as a jest `describe` block named after the adapter. */
export function describeFallbackEventsRepositoryContract(name: string, open: OpenRepository<FallbackEventsRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('FallbackEventsRepository', name, open, START, ({ clock, repository }) => {
    it('lists the fallback attempts recorded since a time', async () => {
      await repository().record({ chainId: 'c1', primaryTool: 'a', tool: 'b', attempt: 2, outcome: 'success', durationMs: 12 });
      expect(await repository().listSince('2026-04-01T00:00:00.000Z')).toHaveLength(1);
    });

    it('records each attempt of a chain, lists them oldest first, and purges older ones', async () => {
      const fallbacks = repository();
      const first = await fallbacks.record({ chainId: 'c1', primaryTool: 'search_mail', tool: 'search_mail', attempt: 1, outcome: 'timeout', errorCode: 'TIMEOUT', durationMs: 3_000 });
      expect(first).toEqual({
        id: expect.any(Number),
        chainId: 'c1',
        primaryTool: 'search_mail',
        tool: 'search_mail',
        attempt: 1,
        outcome: 'timeout',
        errorCode: 'TIMEOUT',
        durationMs: 3_000,
        createdAt: START,
      });
      const second = await fallbacks.record({ chainId: 'c1', primaryTool: 'search_mail', tool: 'search_messages', attempt: 2, outcome: 'success', durationMs: 40 });
      expect(second.errorCode).toBeNull();
      clock().advanceDays(2);
      const later = await fallbacks.record({ chainId: 'c2', primaryTool: 'a', tool: 'a', attempt: 1, outcome: 'circuit_open', durationMs: 0 });
      expect((await fallbacks.listSince(START)).map((event) => event.id)).toEqual([first.id, second.id, later.id]);
      expect((await fallbacks.listSince('2026-04-02T00:00:00.000Z')).map((event) => event.id)).toEqual([later.id]);
      expect((await toolErrorOf(fallbacks.record({ chainId: 'c', primaryTool: 'a', tool: 'a', attempt: 1, outcome: 'lost' as 'success', durationMs: 0 }))).message).toMatch(
        /outcome/,
      );
      expect(await fallbacks.purgeOlderThan('2026-04-02T00:00:00.000Z')).toBe(2);
      expect(await fallbacks.listSince(START)).toHaveLength(1);
    });
  });
}
