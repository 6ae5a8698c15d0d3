import { afterEach, describe, expect, it } from '@jest/globals';
import { createToolContext } from '@chief-of-staff/core';
import { startFakeMessagesServer, textTurn, toolUseTurn, type FakeMessagesServer } from '../testing/fake-messages-server.js';
import { agentConfig, createProbeTools, createRunnerHarness } from '../testing/fixtures/runner-harness.js';
import { createMinimalToolExecutor } from './tool-port.js';

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('minimal tool executor', () => {
  const { tools, probe } = createProbeTools();
  const byName = (name: string) => {
    const tool = tools.find((candidate) => candidate.name === name);
    if (tool === undefined) throw new Error(`no probe tool ${name}`);
    return tool;
  };
  const executor = createMinimalToolExecutor();

  it('runs a tool and validates its input', async () => {
    const ctx = createToolContext({ services: {} });
    expect(await executor.execute({ tool: byName('query_memory'), args: { query: 'x' }, ctx, timeoutMs: 1_000 })).toEqual({
      result: { ok: true, value: { query: 'x', facts: ['fact about x'] } },
    });
    const invalid = await executor.execute({ tool: byName('query_memory'), args: {}, ctx, timeoutMs: 1_000 });
    expect(invalid.result.ok).toBe(false);
  });

  it('normalises arguments before validation: an alias and a numeric string', async () => {
    const ctx = createToolContext({ services: {} });
    expect(await executor.execute({ tool: byName('query_memory'), args: { q: 'tea' }, ctx, timeoutMs: 1_000 })).toEqual({
      result: { ok: true, value: { query: 'tea', facts: ['fact about tea'] } },
    });
    const waited = await executor.execute({ tool: byName('list_facts'), args: { delay_ms: '0' }, ctx, timeoutMs: 1_000 });
    expect(waited.result).toEqual({ ok: true, value: { waited_ms: 0 } });
    // What normalisation cannot fix is still reported by strict validation.
    const unknown = await executor.execute({ tool: byName('query_memory'), args: { query: 'x', bogus: 1 }, ctx, timeoutMs: 1_000 });
    expect(unknown.result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('"bogus"') } });
  });

  it('lets an agent call a tool with an aliased argument (q → query) in one round', async () => {
    server = await startFakeMessagesServer({
      script: [toolUseTurn([{ name: 'query_memory', input: { q: 'alice' }, id: 'toolu_1' }]), textTurn('Alice likes tea.')],
    });
    const { runner, probe, log } = createRunnerHarness(server.url);
    const result = await runner.run(agentConfig(), 'What does Alice like?');
    // The usage log sees the normalised argument, so `q` and `query` count as the same pattern.
    expect(log.toolUsage.map((row) => row.query_pattern)).toEqual(['alice']);
    expect(result).toMatchObject({ status: 'completed', text: 'Alice likes tea.', rounds: 2 });
    expect(result.tool_calls).toMatchObject([{ name: 'query_memory', ok: true }]);
    expect(probe.calls).toMatchObject([{ tool: 'query_memory', args: { query: 'alice' } }]);
    const [, second] = server.messageRequests();
    expect(second?.messages?.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"query":"alice","facts":["fact about alice"]}' }],
    });
  });

  it('stops waiting for a tool that ignores its signal once the per-call timeout fires', async () => {
    const ctx = createToolContext({ services: {} });
    const started = Date.now();
    const outcome = await executor.execute({ tool: byName('list_locations'), args: {}, ctx, timeoutMs: 100 });
    expect(Date.now() - started).toBeLessThan(500);
    expect(outcome.result).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } });
    expect(probe.aborted).toContain('list_locations');
  });

  it('reports a caller cancellation as UNAVAILABLE', async () => {
    const controller = new AbortController();
    const ctx = createToolContext({ services: {}, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const outcome = await executor.execute({ tool: byName('list_facts'), args: { delay_ms: 5_000 }, ctx, timeoutMs: 10_000 });
    expect(outcome.result).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
  });
});
