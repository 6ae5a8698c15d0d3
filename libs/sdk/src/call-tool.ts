/**
 * The single call path for every surface (MCP, CLI, scheduler, embedders): look the tool up, normalise its
 * arguments (docs/orchestration.md#argument-normalisation), build its context, run it through `runTool`, cap a
 * successful result to the response size limit (docs/reference/conventions.md#pagination-and-size-caps), and record
 * the call in the usage log (docs/reference/conventions.md#usage-tracking). Tracking failures are logged and
 * swallowed; they never change the tool's result.
 */
import {
  type AnyToolDefinition,
  createToolContext,
  didYouMean,
  isToolError,
  queryPatternOf,
  type CallerKind,
  runTool,
  sanitizeToolInput,
  toolErrorPayload,
  type Clock,
  type LatencyTier,
  type Logger,
  type ToolCaller,
  type ToolContext,
  type ToolRunResult,
} from '@chief-of-staff/core';
import { capToolResponse, DEFAULT_MAX_RESPONSE_TOKENS, normalizeToolArguments } from '@chief-of-staff/orchestration';
import type { ToolCallOptions } from './chief-of-staff.js';
import type { ToolCatalogue } from './tool-catalogue.js';

/** One row of the usage log, as the store records it. */
export interface ToolUsageEntry {
  toolName: string;
  callerKind: CallerKind;
  agentName?: string;
  runId?: string;
  queryPattern: string;
  success: boolean;
  errorCode?: string;
  durationMs: number;
  responseBytes?: number;
  truncated: boolean;
  /** The typical latency orchestration expected for this call (for the latency-accuracy metric). */
  estimatedMs?: number;
}

export interface UsageRecorder {
  record(entry: ToolUsageEntry): void;
  /** Resolves once the rows recorded so far are written (or given up on): closing the store waits for it. */
  settled?(): Promise<void>;
}

export interface ToolInvokerDeps {
  catalogue: ToolCatalogue;
  services: unknown;
  clock: Clock;
  logger: Logger;
  usage?: UsageRecorder;
  /** Response cap in estimated tokens (config `responses.maxTokens`; default 25,000). */
  maxResponseTokens?: number;
  /** Typical latency of a tool, recorded with each call as `estimated_ms`. */
  estimateMs?: (toolName: string) => number | undefined;
  /** Runs the call (orchestration: breakers, fallback, progress); without it, a single `runTool`. */
  executor?: { execute(request: { tool: AnyToolDefinition; args: unknown; ctx: ToolContext<unknown>; timeoutMs: number }): Promise<{ result: ToolRunResult; servedBy?: string }> };
}

/** Time limits of host calls by latency tier: generous, since a person is waiting on the answer either way. */
const HOST_TIMEOUT_MS: Record<LatencyTier, number> = { fast: 60_000, medium: 120_000, slow: 600_000, very_slow: 900_000 };

export type ToolInvoker = (name: string, args: unknown, options?: ToolCallOptions) => Promise<ToolRunResult>;

export function createToolInvoker(deps: ToolInvokerDeps): ToolInvoker {
  const execute = async (tool: AnyToolDefinition, args: unknown, options: ToolCallOptions, caller: ToolCaller): Promise<ToolRunResult> => {
    const ctx = createToolContext({
      services: deps.services,
      caller,
      clock: deps.clock,
      logger: deps.logger.child({ tool: tool.name }),
      signal: options.signal,
      progress: options.progress,
    });
    if (!deps.executor) return runTool(tool, args, ctx);
    return (await deps.executor.execute({ tool, args, ctx, timeoutMs: HOST_TIMEOUT_MS[tool.latency] ?? 60_000 })).result;
  };
  return async (name, args, options = {}) => {
    const caller = options.caller ?? { kind: 'host' };
    const started = performance.now();
    const tool = deps.catalogue.get(name);
    let safeArgs: unknown;
    let refused: ToolRunResult | undefined;
    try {
      // Before normalisation and logging: nothing downstream should ever walk hostile nesting.
      safeArgs = sanitizeToolInput(args);
    } catch (error) {
      if (!isToolError(error)) throw error;
      refused = { ok: false, error: toolErrorPayload(error) };
    }
    const callArgs = tool && refused === undefined ? normalizedArguments(tool, safeArgs, deps.logger) : safeArgs;
    let truncated = false;
    let result: ToolRunResult = refused
      ? refused
      : tool
      ? await execute(tool, callArgs, options, caller)
      : unknownTool(name, deps.catalogue.tools, caller);
    if (tool && result.ok) {
      const capped = capToolResponse(result.value, {
        maxTokens: deps.maxResponseTokens ?? DEFAULT_MAX_RESPONSE_TOKENS,
        outputSchema: tool.output,
      });
      result = { ok: true, value: capped.value };
      // A tool may also say it cut its own output (`truncated: true` in its result).
      truncated = capped.truncated || capped.value.truncated === true;
    }
    if (deps.usage) {
      try {
        deps.usage.record({
          toolName: name,
          callerKind: caller.kind,
          agentName: caller.agentName,
          runId: caller.runId,
          queryPattern: queryPatternOf(callArgs),
          success: result.ok,
          errorCode: result.ok ? undefined : result.error.code,
          durationMs: Math.round(performance.now() - started),
          responseBytes: result.ok ? Buffer.byteLength(JSON.stringify(result.value)) : undefined,
          truncated,
          estimatedMs: tool ? deps.estimateMs?.(name) : undefined,
        });
      } catch (error) {
        deps.logger.warn({ err: error, tool: name }, 'could not record tool usage');
      }
    }
    return result;
  };
}

/** UNKNOWN_TOOL with the closest names and, in the caller's own terms, where the full list is. */
function unknownTool(name: string, tools: readonly AnyToolDefinition[], caller: ToolCaller): ToolRunResult {
  const where = caller.kind === 'cli' ? 'Run `cos tools` to see them all.' : 'List the available tools (tools/list, or tool_search) and use one of their names.';
  return {
    ok: false,
    error: { code: 'UNKNOWN_TOOL', message: `Tool "${name.slice(0, 80)}" does not exist.${didYouMean(name, tools.map((tool) => tool.name))}`, hint: where },
  };
}

function normalizedArguments(tool: AnyToolDefinition, args: unknown, logger: Logger): unknown {
  const normalized = normalizeToolArguments(tool, args);
  // Only the field names and kinds of change are logged, never argument values.
  if (normalized.applied.length > 0) logger.debug({ tool: tool.name, applied: normalized.applied }, 'tool arguments normalised');
  return normalized.args;
}
