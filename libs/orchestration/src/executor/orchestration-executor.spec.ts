import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { createSilentLogger, createSystemClock, createToolContext, defineTool, ToolError, type AnyToolDefinition } from '@chief-of-staff/core';
import { createToolIntelligenceRegistry, type ToolIntelligenceOverride } from '../registry/tool-intelligence-registry.js';
import { createOrchestrationExecutor, type ExecutorSettings, type FallbackRecord } from './orchestration-executor.js';

type Behaviour = 'ok' | 'empty' | 'fail' | 'hang' | 'bad_request';

function tool(name: string, behaviour: () => Behaviour, delayMs = 0): AnyToolDefinition {
  return defineTool({
    name,
    title: `Tool ${name}`,
    description: `Looks things up (${name}). Example: {"query": "tides"}`,
    input: z.object({ query: z.string().min(1) }).strict(),
    output: z.object({ items: z.array(z.string()), next_cursor: z.null() }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    latency: 'fast',
    async handler({ query }) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      switch (behaviour()) {
        case 'empty':
          return { items: [], next_cursor: null };
        case 'fail':
          throw new Error('upstream exploded');
        case 'hang':
          return new Promise(() => undefined);
        case 'bad_request':
          throw new ToolError('NOT_FOUND', 'No such thing.');
        default:
          return { items: [`${name}: ${query}`], next_cursor: null };
      }
    },
  }) as unknown as AnyToolDefinition;
}

function setup(behaviours: Record<string, () => Behaviour>, settings: Partial<ExecutorSettings> = {}, delays: Record<string, number> = {}) {
  const tools = Object.keys(behaviours).map((name) => tool(name, behaviours[name] as () => Behaviour, delays[name] ?? 0));
  const names = tools.map((entry) => entry.name);
  const latency = { typicalMs: 10, timeoutMs: 80, userFeedbackDelayMs: 40 };
  const overrides: Record<string, ToolIntelligenceOverride> = Object.fromEntries(
    names.map((name, index) => [name, { domain: 'web_research', hierarchy: names.slice(index + 1), latency }]),
  );
  const registry = createToolIntelligenceRegistry({ tools: tools.map((entry) => ({ name: entry.name, title: entry.title, description: entry.description })), overrides });
  const records: FallbackRecord[] = [];
  const executor = createOrchestrationExecutor({
    registry,
    resolve: (name) => tools.find((entry) => entry.name === name),
    settings: { breakers: { threshold: 2, halfOpenAfterMs: 60_000 }, ...settings },
    recordFallback: (record) => records.push(record),
  });
  const progress: string[] = [];
  const ctx = createToolContext({ services: {}, caller: { kind: 'agent' }, clock: createSystemClock('UTC'), logger: createSilentLogger(), progress: (message) => progress.push(message) });
  const call = (args: unknown = { query: 'tides' }, permits?: (name: string) => boolean) =>
    executor.execute({ tool: tools[0] as AnyToolDefinition, args, ctx, timeoutMs: 1_000, ...(permits ? { permits } : {}) });
  return { executor, records, progress, call };
}

const always = (behaviour: Behaviour) => () => behaviour;

describe('orchestration executor', () => {
  it('answers from the first tool without recording anything', async () => {
    const { call, records } = setup({ primary: always('ok'), backup: always('ok') });
    expect(await call()).toEqual({ result: { ok: true, value: { items: ['primary: tides'], next_cursor: null } } });
    expect(records).toEqual([]);
  });

  it('falls back on error, time-out and empty answers, and records each attempt', async () => {
    const { call, records } = setup({ primary: always('hang'), second: always('empty'), third: always('ok') });
    const outcome = await call();
    expect(outcome).toMatchObject({ result: { ok: true, value: { items: ['third: tides'] } }, servedBy: 'third' });
    expect(records.map((record) => [record.tool, record.attempt, record.outcome])).toEqual([
      ['primary', 0, 'timeout'],
      ['second', 1, 'empty_result'],
      ['third', 2, 'success'],
    ]);
  });

  it('makes a single attempt when fallback is off', async () => {
    const { call, records } = setup({ primary: always('fail'), backup: always('ok') }, { fallback: false });
    const outcome = await call();
    expect(outcome.result.ok).toBe(false);
    expect(outcome.servedBy).toBeUndefined();
    expect(records).toEqual([]);
  });

  it('never falls back to a tool the caller may not use', async () => {
    const { call } = setup({ primary: always('fail'), forbidden: always('ok') });
    const outcome = await call({ query: 'x' }, (name) => name !== 'forbidden');
    expect(outcome.result.ok).toBe(false);
  });

  it('catches bad arguments before running anything, with an example call', async () => {
    let ran = 0;
    const { call } = setup({ primary: () => ((ran += 1), 'ok'), backup: always('ok') });
    const outcome = await call({ query: 5 });
    expect(outcome.result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', hint: expect.stringContaining('Example call: primary({"query":"tides"})') } });
    expect(ran).toBe(0);
  });

  it('does not fall back when the caller asked for something that does not exist', async () => {
    const { call, records } = setup({ primary: always('bad_request'), backup: always('ok') });
    expect((await call()).result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(records).toEqual([]);
  });

  it('returns "nothing found" as an answer when every tool found nothing', async () => {
    const { call } = setup({ primary: always('empty'), backup: always('empty') });
    expect((await call()).result).toMatchObject({ ok: true, value: { items: [] } });
  });

  it('explains an exhausted chain in plain words without the upstream text', async () => {
    const { call } = setup({ primary: always('fail'), backup: always('hang') });
    const outcome = await call();
    expect(outcome.result).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE', message: expect.stringMatching(/^I could not get an answer: Tool primary was not available; Tool backup did not answer within 1 s/) } });
    expect(JSON.stringify(outcome)).not.toContain('exploded');
  });

  it('opens the breaker after the threshold and fails fast', async () => {
    const { call, executor } = setup({ primary: always('fail') });
    await call();
    await call();
    const started = performance.now();
    expect((await call()).result).toMatchObject({ ok: false, error: { code: 'CIRCUIT_OPEN' } });
    expect(performance.now() - started).toBeLessThan(20);
    expect(executor.breakerStates()).toEqual([{ name: 'primary', scope: 'tool', state: 'open' }]);
  });

  it('reports progress once the feedback delay has passed, and not for quick answers', async () => {
    const slow = setup({ primary: always('ok') }, {}, { primary: 70 });
    await slow.call();
    expect(slow.progress).toEqual([expect.stringMatching(/^Researching with Tool primary…/)]);
    const quick = setup({ primary: always('ok') });
    await quick.call();
    expect(quick.progress).toEqual([]);
  });
});
