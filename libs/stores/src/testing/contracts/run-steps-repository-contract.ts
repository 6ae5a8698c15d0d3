/**
 * The behaviour of `AgentRunStepsRepository` (the trace of an agent run, ADR 0087) that users notice in the console
 * and `get_agent_run`, written once against the port and run against every adapter (ADR 0065).
 */
import { RUN_STEP_PREVIEW_MAX_CHARS, type AgentRunStepsRepository } from '../../telemetry/run-steps-repository.js';
import { contractJest, describeRepositoryContract, toolErrorOf, type OpenRepository } from './contract-jest.js';

const START = '2026-04-01T08:00:00.000Z';

/** Declares the agent run steps repository contract as a jest `describe` block named after the adapter. */
export function describeAgentRunStepsRepositoryContract(name: string, open: OpenRepository<AgentRunStepsRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('AgentRunStepsRepository', name, open, START, ({ clock, repository }) => {
    it('reads a run back in run order, whatever order the steps were written in, with every field', async () => {
      const steps = repository();
      await steps.record({ runId: 'run-1', seq: 2, round: 1, kind: 'tool', name: 'list_messages', ok: true, durationMs: 12.4, untrusted: true, argumentsPreview: '{"limit":5}', resultPreview: '{"items":[]}' });
      await steps.record({ runId: 'run-1', seq: 0, round: 1, kind: 'model', name: 'claude-sonnet-4-6', ok: true, stopReason: 'tool_use', durationMs: 800, inputTokens: 100, outputTokens: 20 });
      await steps.record({ runId: 'run-1', seq: 1, round: 1, kind: 'tool', name: 'search_facts', ok: false, errorCode: 'NOT_FOUND', durationMs: 3, truncated: true, argumentsPreview: '{"query":"דנה"}', resultPreview: 'NOT_FOUND: nothing' });
      await steps.record({ runId: 'run-2', seq: 0, round: 1, kind: 'model', name: 'm', ok: true, durationMs: 1 });
      const page = await steps.listForRun('run-1', {});
      expect(page.total).toBe(3);
      expect(page.next_cursor).toBeNull();
      expect(page.items.map((step) => step.seq)).toEqual([0, 1, 2]);
      expect(page.items[0]).toEqual({
        id: expect.any(Number),
        runId: 'run-1',
        seq: 0,
        round: 1,
        kind: 'model',
        name: 'claude-sonnet-4-6',
        ok: true,
        errorCode: null,
        stopReason: 'tool_use',
        durationMs: 800,
        inputTokens: 100,
        outputTokens: 20,
        untrusted: false,
        truncated: false,
        argumentsPreview: null,
        resultPreview: null,
        createdAt: START,
      });
      expect(page.items[1]).toMatchObject({ ok: false, errorCode: 'NOT_FOUND', truncated: true, argumentsPreview: '{"query":"דנה"}' });
      expect(page.items[2]).toMatchObject({ untrusted: true, durationMs: 12, resultPreview: '{"items":[]}' });
      expect((await steps.listForRun('missing', {})).items).toEqual([]);
    });

    it('pages a long trace with a cursor bound to its run', async () => {
      const steps = repository();
      for (let seq = 0; seq < 5; seq += 1) await steps.record({ runId: 'long', seq, round: seq + 1, kind: 'model', name: 'm', ok: true, durationMs: 1 });
      const first = await steps.listForRun('long', { limit: 2 });
      expect(first.items.map((step) => step.seq)).toEqual([0, 1]);
      expect(first.total).toBe(5);
      const second = await steps.listForRun('long', { limit: 2, cursor: first.next_cursor });
      expect(second.items.map((step) => step.seq)).toEqual([2, 3]);
      expect((await toolErrorOf(steps.listForRun('other', { cursor: first.next_cursor }))).code).toBe('INVALID_ARGUMENT');
    });

    it('caps argument and result previews, refuses an unknown kind, and purges old steps', async () => {
      const steps = repository();
      await steps.record({ runId: 'r', seq: 0, round: 1, kind: 'tool', name: 't', ok: true, durationMs: 1, argumentsPreview: 'a'.repeat(10_000), resultPreview: 'ב'.repeat(10_000) });
      const [step] = (await steps.listForRun('r', {})).items;
      expect(step?.argumentsPreview).toHaveLength(RUN_STEP_PREVIEW_MAX_CHARS);
      expect(step?.argumentsPreview?.endsWith('…[cut]')).toBe(true);
      expect(step?.resultPreview).toHaveLength(RUN_STEP_PREVIEW_MAX_CHARS);
      expect((await toolErrorOf(steps.record({ runId: 'r', seq: 1, round: 1, kind: 'thought' as 'model', name: 'm', ok: true, durationMs: 1 }))).message).toMatch(/kind/);
      clock().advanceDays(2);
      await steps.record({ runId: 'r2', seq: 0, round: 1, kind: 'model', name: 'm', ok: true, durationMs: 1 });
      expect(await steps.purgeOlderThan('2026-04-02T00:00:00.000Z')).toBe(1);
      expect((await steps.listForRun('r', {})).items).toEqual([]);
      expect((await steps.listForRun('r2', {})).items).toHaveLength(1);
    });
  });
}
