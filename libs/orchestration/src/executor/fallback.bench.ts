/**
 * Fault injection through the orchestration executor: 1,000 executions of a three-tool search chain whose primary
 * fails 30% of the time (half service errors, half time-outs) and whose fallbacks fail 10% each, with answer times
 * scattered around what the registry expects and an occasional oversized answer. The seed's four success metrics
 * are computed from what the executor recorded, exactly as `get_orchestration_stats` computes them. A second pair
 * measures the executor's own cost on the success path against `runTool` alone.
 */
import { z } from 'zod';
import { createSilentLogger, createSystemClock, createToolContext, defineTool, runTool, type AnyToolDefinition } from '@chief-of-staff/core';
import { capToolResponse } from '../response-cap/cap-tool-response.js';
import { computeSuccessMetrics, formatSuccessMetrics, type FallbackSample, type UsageSample } from '../metrics/success-metrics.js';
import { createToolIntelligenceRegistry } from '../registry/tool-intelligence-registry.js';
import { createOrchestrationExecutor, type FallbackRecord } from './orchestration-executor.js';

const EXECUTIONS = 1_000;
const TYPICAL_MS = 6;
const TIMEOUT_MS = 25;

/** A seeded generator, so every run injects the same faults. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 4_294_967_296;
    return state / 4_294_967_296;
  };
}
const random = seeded(42);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const output = z.object({ items: z.array(z.object({ title: z.string(), snippet: z.string() })), next_cursor: z.null(), truncated: z.boolean().optional() });

function searchTool(name: string, failureRate: number, timeoutShare: number): AnyToolDefinition {
  return defineTool({
    name,
    title: name.replace('__', ' '),
    description: `Searches the web (${name}).`,
    input: z.object({ query: z.string() }).strict(),
    output,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    latency: 'fast',
    async handler({ query }, ctx) {
      const roll = random();
      if (roll < failureRate * timeoutShare) {
        await sleep(TIMEOUT_MS * 4);
        return { items: [], next_cursor: null };
      }
      if (roll < failureRate) throw new Error('upstream 503');
      if (ctx.signal.aborted) throw new Error('aborted');
      await sleep(TYPICAL_MS * (0.6 + random() * 0.9));
      const big = random() < 0.02;
      return { items: Array.from({ length: big ? 400 : 5 }, (_, i) => ({ title: `${query} ${i}`, snippet: 'x'.repeat(big ? 200 : 40) })), next_cursor: null };
    },
  }) as unknown as AnyToolDefinition;
}

const tools = [searchTool('research__primary', 0.3, 0.5), searchTool('research__second', 0.1, 0.5), searchTool('research__third', 0.1, 0.5)];
const byName = new Map(tools.map((tool) => [tool.name, tool]));
const latency = { typicalMs: TYPICAL_MS, timeoutMs: TIMEOUT_MS, userFeedbackDelayMs: 1_000 };
const registry = createToolIntelligenceRegistry({
  tools: tools.map((tool) => ({ name: tool.name, title: tool.title, description: tool.description })),
  overrides: {
    'research__primary': { domain: 'web_research', hierarchy: ['research__second', 'research__third'], latency },
    'research__second': { domain: 'web_research', hierarchy: ['research__third'], latency },
    'research__third': { domain: 'web_research', latency },
  },
});

const fallbacks: FallbackSample[] = [];
const calls: UsageSample[] = [];
const executor = createOrchestrationExecutor({
  registry,
  resolve: (name) => byName.get(name),
  settings: { breakers: { threshold: 1_000, halfOpenAfterMs: 1_000 } },
  recordFallback: (record: FallbackRecord) => fallbacks.push(record),
});
const clock = createSystemClock('UTC');
const logger = createSilentLogger();
const context = () => createToolContext({ services: {}, caller: { kind: 'agent' }, clock, logger });
let executed = 0;

async function executeOnce(): Promise<void> {
  const started = performance.now();
  const { result } = await executor.execute({ tool: tools[0] as AnyToolDefinition, args: { query: `q${executed}` }, ctx: context(), timeoutMs: 1_000 });
  const durationMs = performance.now() - started;
  let truncated = false;
  if (result.ok) truncated = capToolResponse(result.value, { maxTokens: 2_000 }).truncated;
  calls.push({ toolName: 'research__primary', success: result.ok, errorCode: result.ok ? null : result.error.code, durationMs, estimatedMs: TYPICAL_MS, truncated });
  executed += 1;
}

function figures(): Record<string, number> {
  const stats = computeSuccessMetrics(calls, fallbacks);
  console.log(`\n${formatSuccessMetrics({ ...stats, breakers: executor.breakerStates() })}\n`);
  const value = (name: string) => stats.metrics.find((entry) => entry.name === name)?.value ?? Number.NaN;
  return {
    executions: calls.length,
    fallback_recovery: value('fallback_recovery'),
    tool_error_rate: value('tool_error_rate'),
    latency_accuracy: value('latency_accuracy'),
    truncation_rate: value('truncation_rate'),
    // For the --check goal: recovery must be at least 0.8, so its shortfall must be at most 0.
    recovery_shortfall: Math.max(0, 0.8 - value('fallback_recovery')),
  };
}

const quick = defineTool({
  name: 'quick_lookup',
  title: 'Quick lookup',
  description: 'Answers at once.',
  input: z.object({ query: z.string() }).strict(),
  output: z.object({ answer: z.string() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  latency: 'fast',
  handler: async ({ query }) => ({ answer: query }),
}) as unknown as AnyToolDefinition;
const quickRegistry = createToolIntelligenceRegistry({ tools: [{ name: quick.name, title: quick.title, description: quick.description }] });
const quickExecutor = createOrchestrationExecutor({ registry: quickRegistry, resolve: () => quick });

export const benchmarks = [
  {
    name: 'fallback: 1,000 chain executions, primary failing 30% (errors and time-outs)',
    fn: executeOnce,
    iterations: EXECUTIONS,
    time: 0,
    metrics: figures,
    goal: { metric: 'recovery_shortfall', max: 0 },
  },
  {
    name: 'fallback: runTool alone on the success path (peer)',
    fn: () => runTool(quick, { query: 'x' }, context()),
    iterations: 5_000,
  },
  {
    name: 'fallback: executor on the success path',
    fn: () => quickExecutor.execute({ tool: quick, args: { query: 'x' }, ctx: context(), timeoutMs: 1_000 }),
    iterations: 5_000,
    peer: 'fallback: runTool alone on the success path (peer)',
    goal: { metric: 'p95', max: 0.5 },
  },
];
