/**
 * `get_orchestration_stats`: the four success metrics of orchestration over a window (default 7 days) with their
 * targets, pass/fail and sample sizes, calls that failed because of how they were asked, the circuit breakers that
 * are not closed, the slowest tools, the latest fallback events (a page of them) and the external MCP servers with
 * their health. With `series: "day"` it adds one point per UTC day for each metric (the console's charts).
 * `cos stats` prints the same.
 */
import { z } from 'zod';
import { defineTool } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import { computeSuccessMetrics, type BreakerStateView, type ServerStatus } from '@chief-of-staff/orchestration';

export interface OrchestrationStatsDeps {
  memory(): MemoryStore;
  breakers(): BreakerStateView[];
  /** The configured external servers and problems with the servers file (the orchestration runtime's status). */
  servers(): { servers: readonly ServerStatus[]; problems: readonly string[] };
  now(): Date;
}

/**
 * The most usage rows one call reads: the newest of the window. Beyond it the figures are those of the latest
 * MAX_ROWS calls (`rows_read` says so), which keeps a call well under a second on a log of millions.
 */
export const MAX_ROWS = 200_000;
/**
 * MAX_ROWS as the description says it ("200,000"), without `toLocaleString`: the process's first number format loads
 * ICU's data, ~10 ms of every start of the server and of `cos`, which build this tool's schema before their first answer.
 */
const MAX_ROWS_TEXT = String(MAX_ROWS).replace(/\B(?=(\d{3})+$)/g, ',');

const breakerState = z.enum(['closed', 'open', 'half_open', 'isolated']);

const metricSchema = z.object({
  name: z.enum(['tool_error_rate', 'fallback_recovery', 'latency_accuracy', 'truncation_rate']),
  value: z.number().nullable(),
  target: z.string(),
  pass: z.boolean().nullable().describe('null with no samples, or fewer than min_samples (not enough to judge)'),
  sample_size: z.number().int(),
  min_samples: z.number().int().describe('Samples needed before the metric passes or fails'),
});

const seriesPointSchema = z.object({
  day: z.string().describe('UTC day, YYYY-MM-DD'),
  calls: z.number().int(),
  tool_error_rate: z.number().nullable(),
  fallback_recovery: z.number().nullable(),
  latency_accuracy: z.number().nullable(),
  truncation_rate: z.number().nullable(),
});

const fallbackEventSchema = z.object({
  chain_id: z.string(),
  primary_tool: z.string().describe('The tool that was asked for'),
  tool: z.string().describe('The tool this attempt used'),
  attempt: z.number().int().describe('0 for the primary tool, then 1, 2, … for the fallbacks'),
  outcome: z.string(),
  error_code: z.string().nullable(),
  duration_ms: z.number().int(),
  created_at: z.string(),
});

const serverSchema = z.object({
  name: z.string(),
  state: z.enum(['disabled', 'not_connected', 'connecting', 'connected', 'failed', 'restarting']),
  transport: z.enum(['stdio', 'http']),
  tools: z.number().int(),
  restarts: z.number().int(),
  capability: z.string().optional(),
  problem: z.string().optional().describe('What went wrong and what to do about it'),
  breaker: breakerState.describe("The server's circuit breaker"),
});

export function createOrchestrationStatsTool(deps: OrchestrationStatsDeps) {
  return defineTool({
    name: 'get_orchestration_stats',
    title: 'Orchestration health',
    description:
      'How well tool calls are going: error rate, fallback recovery, latency-estimate accuracy and truncation rate against their targets, ' +
      'circuit breakers that are open, the slowest tools, the latest fallback events and the external MCP servers with their health. ' +
      'Add series "day" for one point per day of each metric. Example: {"days": 7}.',
    input: z
      .object({
        days: z.number().int().min(1).max(90).default(7).describe('How many days back to look (1–90).'),
        series: z.enum(['day']).optional().describe('"day": also return one point per UTC day of the window for each metric.'),
        fallback_limit: z.number().int().min(0).max(100).default(10).describe('How many fallback events to return, newest first (0–100).'),
        fallback_offset: z.number().int().min(0).default(0).describe('Fallback events to skip, for the next page.'),
      })
      .strict(),
    output: z.object({
      since: z.string(),
      metrics: z.array(metricSchema),
      caller_faults: z.number().int(),
      rows_read: z.number().int().describe(`Usage rows the figures come from; at most ${MAX_ROWS_TEXT}, the newest of the window`),
      breakers: z.array(z.object({ name: z.string(), scope: z.enum(['tool', 'server']), state: breakerState })),
      slowest_tools: z.array(z.object({ tool: z.string(), p50_ms: z.number(), p95_ms: z.number(), calls: z.number().int() })),
      series: z.array(seriesPointSchema).optional(),
      fallback_events: z.object({ total: z.number().int(), items: z.array(fallbackEventSchema), next_offset: z.number().int().nullable() }),
      servers: z.array(serverSchema),
      server_problems: z.array(z.string()).describe('Problems with the servers file itself'),
    }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    latency: 'fast',
    async handler({ days, series, fallback_limit: fallbackLimit, fallback_offset: fallbackOffset }) {
      const now = deps.now();
      const since = new Date(now.getTime() - days * 86_400_000).toISOString();
      const memory = deps.memory();
      const [usageRows, fallbackRows] = await Promise.all([memory.toolUsage.callSamplesSince(since, MAX_ROWS), memory.fallbackEvents.listSince(since)]);
      // This tool's own calls would otherwise move the figures each time someone looks at them.
      const calls = usageRows.filter((row) => row.toolName !== 'get_orchestration_stats');
      const fallbacks = fallbackRows.map((row) => ({ chainId: row.chainId, attempt: row.attempt, outcome: row.outcome, createdAt: row.createdAt }));
      const stats = computeSuccessMetrics(calls, fallbacks, series === 'day' ? { byDay: { from: since, to: now.toISOString() } } : {});
      const breakers = deps.breakers();
      const serverBreakers = new Map(breakers.filter((breaker) => breaker.scope === 'server').map((breaker) => [breaker.name, breaker.state]));
      const external = deps.servers();
      // listSince gives the oldest first: the page is counted from the newest.
      const newestFirst = fallbackRows.length - 1 - fallbackOffset;
      const page = [];
      for (let index = newestFirst; index >= 0 && page.length < fallbackLimit; index -= 1) {
        const row = fallbackRows[index];
        if (!row) break;
        page.push({ chain_id: row.chainId, primary_tool: row.primaryTool, tool: row.tool, attempt: row.attempt, outcome: row.outcome, error_code: row.errorCode, duration_ms: row.durationMs, created_at: row.createdAt });
      }
      const nextOffset = fallbackOffset + page.length;
      return {
        since,
        metrics: stats.metrics,
        caller_faults: stats.caller_faults,
        rows_read: usageRows.length,
        breakers: breakers.filter((breaker) => breaker.state !== 'closed'),
        slowest_tools: stats.slowest_tools,
        ...(stats.series ? { series: stats.series } : {}),
        fallback_events: { total: fallbackRows.length, items: page, next_offset: page.length > 0 && nextOffset < fallbackRows.length ? nextOffset : null },
        servers: external.servers.map((server) => ({
          name: server.name,
          state: server.state,
          transport: server.transport,
          tools: server.tools,
          restarts: server.restarts,
          ...(server.capability === undefined ? {} : { capability: server.capability }),
          ...(server.problem === undefined ? {} : { problem: server.problem }),
          breaker: serverBreakers.get(server.name) ?? 'closed',
        })),
        server_problems: [...external.problems],
      };
    },
  });
}
