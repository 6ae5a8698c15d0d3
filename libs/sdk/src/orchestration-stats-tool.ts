/**
 * `get_orchestration_stats`: the four success metrics of orchestration over a window (default 7 days) with their
 * targets, pass/fail and sample sizes, calls that failed because of how they were asked, the circuit breakers that
 * are not closed, and the slowest tools. `cos stats` prints the same.
 */
import { z } from 'zod';
import { defineTool } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import { computeSuccessMetrics, type BreakerStateView } from '@chief-of-staff/orchestration';

export interface OrchestrationStatsDeps {
  memory(): MemoryStore;
  breakers(): BreakerStateView[];
  now(): Date;
}

const MAX_ROWS = 200_000;

const metricSchema = z.object({
  name: z.enum(['tool_error_rate', 'fallback_recovery', 'latency_accuracy', 'truncation_rate']),
  value: z.number().nullable(),
  target: z.string(),
  pass: z.boolean().nullable().describe('null with no samples, or fewer than min_samples (not enough to judge)'),
  sample_size: z.number().int(),
  min_samples: z.number().int().describe('Samples needed before the metric passes or fails'),
});

export function createOrchestrationStatsTool(deps: OrchestrationStatsDeps) {
  return defineTool({
    name: 'get_orchestration_stats',
    title: 'Orchestration health',
    description:
      'How well tool calls are going: error rate, fallback recovery, latency-estimate accuracy and truncation rate against their targets, ' +
      'circuit breakers that are open, and the slowest tools. Example: {"days": 7}.',
    input: z.object({ days: z.number().int().min(1).max(90).default(7).describe('How many days back to look (1–90).') }).strict(),
    output: z.object({
      since: z.string(),
      metrics: z.array(metricSchema),
      caller_faults: z.number().int(),
      breakers: z.array(z.object({ name: z.string(), scope: z.enum(['tool', 'server']), state: z.enum(['closed', 'open', 'half_open', 'isolated']) })),
      slowest_tools: z.array(z.object({ tool: z.string(), p50_ms: z.number(), p95_ms: z.number(), calls: z.number().int() })),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    latency: 'fast',
    async handler({ days }) {
      const since = new Date(deps.now().getTime() - days * 86_400_000).toISOString();
      const memory = deps.memory();
      const calls = (await memory.toolUsage.listSince(since, MAX_ROWS))
        .filter((row) => row.toolName !== 'get_orchestration_stats')
        .map((row) => ({ toolName: row.toolName, success: row.success, errorCode: row.errorCode, durationMs: row.durationMs ?? 0, estimatedMs: row.estimatedMs, truncated: row.truncated }));
      const fallbacks = (await memory.fallbackEvents.listSince(since)).map((row) => ({ chainId: row.chainId, attempt: row.attempt, outcome: row.outcome }));
      return { since, ...computeSuccessMetrics(calls, fallbacks), breakers: deps.breakers().filter((breaker) => breaker.state !== 'closed') };
    },
  });
}
