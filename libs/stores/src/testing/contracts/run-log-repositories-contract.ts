/**
 * The behaviour of `AgentRunsRepository`, `ModelCallsRepository` and `FallbackEventsRepository` that users notice
 * (`cos stats`, retention, debugging), written once against the port and run against every adapter (SQLite in
 * `@chief-of-staff/stores`, PostgreSQL in `@chief-of-staff/postgres`): ADR 0065.
 */
import type { AgentRunsRepository, FallbackEventsRepository, ModelCallsRepository } from '../../telemetry/run-log-repositories.js';
import { contractJest, describeRepositoryContract, type OpenRepository } from './contract-jest.js';

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
  });
}

/** Declares the model calls repository contract as a jest `describe` block named after the adapter. */
export function describeModelCallsRepositoryContract(name: string, open: OpenRepository<ModelCallsRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('ModelCallsRepository', name, open, START, ({ repository }) => {
    it('lists the calls recorded since a time', async () => {
      await repository().record({ runId: 'r1', caller: 'agent', model: 'claude-sonnet-4-6', durationMs: 800, outcome: 'ok' });
      expect(await repository().listSince('2026-04-01T00:00:00.000Z')).toHaveLength(1);
    });
  });
}

/** Declares the fallback events repository contract as a jest `describe` block named after the adapter. */
export function describeFallbackEventsRepositoryContract(name: string, open: OpenRepository<FallbackEventsRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('FallbackEventsRepository', name, open, START, ({ repository }) => {
    it('lists the fallback attempts recorded since a time', async () => {
      await repository().record({ chainId: 'c1', primaryTool: 'a', tool: 'b', attempt: 2, outcome: 'success', durationMs: 12 });
      expect(await repository().listSince('2026-04-01T00:00:00.000Z')).toHaveLength(1);
    });
  });
}
