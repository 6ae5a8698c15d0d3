import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '../testing/create-test-memory-store.js';

describe('agent runs, model calls, fallbacks and notifications storage', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;
  beforeEach(() => {
    clock = new FakeClock('2026-04-01T08:00:00.000Z');
    store = createTestMemoryStore({ clock });
  });
  afterEach(async () => await store.cleanup());

  it('records a run from start to finish with a 200-character instruction preview', async () => {
    const run = await store.agentRuns.start({ agentName: 'researcher', trigger: 'host', instruction: 'x'.repeat(500), model: 'claude-sonnet-4-6' });
    expect(run.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(run.instructionPreview).toHaveLength(200);
    clock.advance(2000);
    const done = await store.agentRuns.finish(run.id, { status: 'completed', rounds: 3, toolCallCount: 4, inputTokens: 100, outputTokens: 50 });
    expect(done).toMatchObject({ status: 'completed', endedAt: '2026-04-01T08:00:02.000Z', inputTokens: 100 });
    await store.modelCalls.record({ runId: run.id, caller: 'agent', model: 'claude-sonnet-4-6', durationMs: 800, outcome: 'ok' });
    await store.fallbackEvents.record({ chainId: 'c1', primaryTool: 'a', tool: 'b', attempt: 2, outcome: 'success', durationMs: 12 });
    expect(await store.modelCalls.listSince('2026-04-01T00:00:00.000Z')).toHaveLength(1);
    expect(await store.fallbackEvents.listSince('2026-04-01T00:00:00.000Z')).toHaveLength(1);
    expect((await store.agentRuns.list({ agentName: 'researcher' }, {})).items).toHaveLength(1);
  });

  it('counts notifications per run and purges old ones', async () => {
    await store.notifications.record({ title: 'Hi', body: 'there', channels: ['log'], status: 'logged', origin: 'agent', runId: 'r1' });
    await store.notifications.record({ title: 'Hi', body: 'again', channels: ['log'], status: 'logged', origin: 'agent', runId: 'r1' });
    expect(await store.notifications.countForRun('r1')).toBe(2);
    clock.advanceDays(40);
    expect(await store.notifications.purgeOlderThan('2026-04-10T00:00:00.000Z')).toBe(2);
  });
});
