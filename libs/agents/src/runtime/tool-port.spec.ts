import { describe, expect, it } from '@jest/globals';
import { createToolContext } from '@chief-of-staff/core';
import { createProbeTools } from '../testing/fixtures/runner-harness.js';
import { createMinimalToolExecutor } from './tool-port.js';

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
