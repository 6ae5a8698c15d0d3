/**
 * How tools reach the runtime. The catalogue says which tool definitions exist (and which are unusable because
 * their provider is not configured); the executor runs one call. The minimal executor here (argument
 * normalisation of docs/orchestration.md#argument-normalisation, input validation via `runTool`, per-call timeout
 * that really stops waiting) is what agents use until the orchestration executor replaces it behind the same
 * interface (docs/orchestration.md). Capability gating, truncation and usage logging stay in the runner, so they
 * apply whichever executor is plugged in.
 */
import type { AnyToolDefinition, LatencyTier, ToolContext, ToolRunResult } from '@chief-of-staff/core';
import { normalizeToolArguments, runWithDeadline } from '@chief-of-staff/orchestration';

export interface AgentToolCatalogue {
  /** Every tool an agent could be offered. */
  listTools(): readonly AnyToolDefinition[];
  /**
   * Tools that would only fail with NOT_CONFIGURED right now, mapped to the data source a person would name
   * ("calendar", "mail"). They are left out of an agent's tools and listed in its runtime context.
   */
  unavailableTools?(): ReadonlyMap<string, string>;
  /**
   * Called when a run starts, before the tools are listed: a catalogue with external servers connects them here, so
   * their tools are there for the run. Must not throw; a server that cannot connect is simply absent.
   */
  prepare?(): Promise<void>;
}

export interface ToolCallRequest {
  tool: AnyToolDefinition;
  args: unknown;
  ctx: ToolContext<unknown>;
  /** Per-call limit (tool timeout, already bounded by the run's remaining time). */
  timeoutMs: number;
  /** The tools this caller may use: an executor that falls back to another tool stays within them. */
  permits?: (toolName: string) => boolean;
}

export interface ToolCallOutcome {
  result: ToolRunResult;
  /** The tool that actually answered when a fallback chain served the call. */
  servedBy?: string;
}

export interface AgentToolExecutor {
  execute(request: ToolCallRequest): Promise<ToolCallOutcome>;
}

/** A fixed catalogue over a list of definitions. */
export function createToolCatalogue(
  tools: readonly AnyToolDefinition[],
  unavailable: ReadonlyMap<string, string> = new Map(),
): AgentToolCatalogue {
  const frozen = Object.freeze([...tools]);
  return { listTools: () => frozen, unavailableTools: () => unavailable };
}

const TIMEOUT_BY_LATENCY: Record<LatencyTier, number> = {
  fast: 30_000,
  medium: 60_000,
  slow: 300_000,
  very_slow: 300_000,
};

/**
 * The default per-call timeout of a tool, from its latency tier (the defaults in
 * docs/orchestration.md#tool-metadata).
 */
export function defaultToolTimeoutMs(tool: AnyToolDefinition): number {
  return TIMEOUT_BY_LATENCY[tool.latency] ?? 30_000;
}

/**
 * Runs a tool with `runTool` under its own timeout (orchestration's `runWithDeadline`: a handler that ignores its
 * signal is not waited for), after normalising its arguments.
 */
export function createMinimalToolExecutor(): AgentToolExecutor {
  return {
    async execute({ tool, args, ctx, timeoutMs }) {
      // Models often write `q` for `query` or "5" for 5; normalising first spares them a failed round.
      const { args: normalized } = normalizeToolArguments(tool, args);
      return { result: await runWithDeadline(tool, normalized, ctx, timeoutMs) };
    },
  };
}
