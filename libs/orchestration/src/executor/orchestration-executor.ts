/**
 * The orchestration executor: every tool call, from agents and from the sdk's call path, runs through it.
 *   normalise arguments → validate (with an example call on failure) → breakers → per-attempt time limit →
 *   on time-out, service error or empty answer, the next tool of the chain (within the caller's permissions and the
 *   chain's attempt limit) → progress while it runs → a plain-words message when the chain is exhausted.
 * With `fallback` off it is a single attempt. Chains that fell back are recorded attempt by attempt, so the recovery
 * rate can be measured; calls whose first attempt answered record nothing extra.
 */
import { BrokenCircuitError } from 'cockatiel';
import {
  newErrorRef,
  validateToolInput,
  isToolError,
  toolErrorPayload,
  type AnyToolDefinition,
  type Logger,
  type ToolContext,
  type ToolRunResult,
} from '@chief-of-staff/core';
import { CALLER_FAULT_CODES } from '../metrics/success-metrics.js';
import { normalizeToolArguments } from '../normalization/normalize-tool-arguments.js';
import type { ToolIntelligence, ToolIntelligenceLookup } from '../registry/tool-intelligence.js';
import { createCircuitBreakers, DEFAULT_BREAKER_SETTINGS, type BreakerSettings, type BreakerStateView, type CircuitBreakers } from './circuit-breakers.js';
import { exhaustedChainError, type AttemptSummary } from './guidance.js';
import { startProgress } from './progress-timer.js';
import { runWithDeadline } from './run-with-deadline.js';

export interface ExecutionRequest {
  tool: AnyToolDefinition;
  args: unknown;
  ctx: ToolContext<unknown>;
  /** The caller's whole budget for this call, fallbacks included. */
  timeoutMs: number;
  /** Which tools the caller may use; fallbacks outside it are skipped (agents: their capabilities). */
  permits?: (toolName: string) => boolean;
}

export interface ExecutionOutcome {
  result: ToolRunResult;
  /** The tool that answered when it was not the one called. */
  servedBy?: string;
}

export interface FallbackRecord {
  chainId: string;
  primaryTool: string;
  tool: string;
  attempt: number;
  outcome: AttemptSummary['outcome'];
  errorCode?: string;
  durationMs: number;
}

export interface ExecutorSettings {
  /** Cascade through the chain on failure (`COS_ORCHESTRATION_FALLBACK`); off = single attempt. */
  fallback: boolean;
  /** Progress messages after a tool's feedback delay (`COS_ORCHESTRATION_PROGRESS`). */
  progress: boolean;
  breakers: BreakerSettings;
  /** Attempts per chain, the first included (default 3). */
  maxAttempts: number;
  /** Repeat interval of progress messages for slow tools (default 5 s). */
  progressIntervalMs: number;
}

export const DEFAULT_EXECUTOR_SETTINGS: ExecutorSettings = {
  fallback: true,
  progress: true,
  breakers: DEFAULT_BREAKER_SETTINGS,
  maxAttempts: 3,
  progressIntervalMs: 5_000,
};

export interface OrchestrationExecutorOptions {
  registry: ToolIntelligenceLookup;
  /** Definitions of chain members (the catalogue). */
  resolve: (name: string) => AnyToolDefinition | undefined;
  settings?: Partial<ExecutorSettings>;
  /** Awaited, so a store that fails to record is logged here and never fails the call. */
  recordFallback?: (record: FallbackRecord) => unknown;
  logger?: Logger;
}

export interface OrchestrationExecutor {
  execute(request: ExecutionRequest): Promise<ExecutionOutcome>;
  breakerStates(): BreakerStateView[];
}

/**
 * Caller faults (the same codes the success metrics count apart) are neither retried elsewhere nor held against a
 * breaker — except NOT_CONFIGURED: another tool of the chain may well be configured, so that one still falls back.
 */
const isCallerFault = (code: string): boolean => CALLER_FAULT_CODES.has(code) && code !== 'NOT_CONFIGURED';

class ServiceFailure extends Error {
  constructor(readonly result: ToolRunResult) {
    super('service failure');
  }
}

function isEmptyResult(value: Record<string, unknown>): boolean {
  if (value['empty'] === true) return true;
  const items = value['items'];
  return Array.isArray(items) && items.length === 0 && (value['total'] === undefined || value['total'] === 0);
}

function exampleHint(intelligence: ToolIntelligence | undefined, toolName: string): string {
  const example = intelligence?.parameterHints.examples[0];
  return example ? ` Example call: ${toolName}(${JSON.stringify(example)}).` : '';
}

function outcomeOf(result: ToolRunResult): AttemptSummary['outcome'] {
  if (result.ok) return isEmptyResult(result.value) ? 'empty_result' : 'success';
  if (result.error.code === 'TIMEOUT') return 'timeout';
  if (result.error.code === 'CIRCUIT_OPEN') return 'circuit_open';
  return 'error';
}

/** What every call of one executor shares. */
interface ExecutorContext {
  options: OrchestrationExecutorOptions;
  settings: ExecutorSettings;
  breakers: CircuitBreakers;
}

type Attempt = AttemptSummary & { name: string; result: ToolRunResult };

/** One tool's attempt within its limit, behind its breakers, with progress messages while it runs. */
async function attemptTool({ options, settings, breakers }: ExecutorContext, tool: AnyToolDefinition, args: unknown, ctx: ToolContext<unknown>, limitMs: number): Promise<ToolRunResult> {
  const intelligence = options.registry.get(tool.name);
  const policies = breakers.for(tool.name, intelligence?.server ?? 'internal');
  const run = async (): Promise<ToolRunResult> => {
    const result = await runWithDeadline(tool, args, ctx, limitMs);
    // Only service failures count against a breaker; the result still travels back through the throw.
    if (!result.ok && !CALLER_FAULT_CODES.has(result.error.code)) throw new ServiceFailure(result);
    return result;
  };
  const guarded = policies.reduceRight<() => Promise<ToolRunResult>>((inner, policy) => () => policy.execute(inner), run);
  const stopProgress = settings.progress && intelligence ? startProgress(ctx.progress, intelligence, tool.title, settings.progressIntervalMs) : undefined;
  try {
    return await guarded();
  } catch (error) {
    if (error instanceof ServiceFailure) return error.result;
    if (error instanceof BrokenCircuitError) {
      return { ok: false, error: { code: 'CIRCUIT_OPEN', message: `${tool.title} is paused after repeated failures.`, hint: 'It is tried again automatically in a little while.' } };
    }
    if (isToolError(error)) return { ok: false, error: toolErrorPayload(error) };
    throw error;
  } finally {
    stopProgress?.();
  }
}

/** The validation failure of the arguments, with an example call in its hint; undefined when they are valid. */
function invalidInput(tool: AnyToolDefinition, args: unknown, primary: ToolIntelligence | undefined): ExecutionOutcome | undefined {
  try {
    validateToolInput(tool, args);
    return undefined;
  } catch (error) {
    if (!isToolError(error)) throw error;
    const payload = toolErrorPayload(error);
    return { result: { ok: false, error: { ...payload, hint: `${payload.hint ?? ''}${exampleHint(primary, tool.name)}`.trim() } } };
  }
}

/** The chain's next tools in turn, within the caller's remaining budget, until one answers. */
async function fallBack(executor: ExecutorContext, request: ExecutionRequest, args: unknown, chain: readonly string[], started: number, attempts: Attempt[]): Promise<void> {
  const { tool, ctx, timeoutMs } = request;
  const { options, settings } = executor;
  for (const name of chain.slice(0, Math.max(0, settings.maxAttempts - 1))) {
    const remaining = timeoutMs - (performance.now() - started);
    const member = options.resolve(name);
    if (!member || remaining <= 0 || ctx.signal.aborted) break;
    ctx.progress(`${tool.title} did not answer; trying ${member.title}…`);
    const memberStarted = performance.now();
    const memberArgs = normalizeToolArguments(member, args).args;
    const result = await attemptTool(executor, member, memberArgs, ctx, Math.min(remaining, options.registry.get(name)?.latency.timeoutMs ?? remaining));
    attempts.push({ name, title: member.title, outcome: outcomeOf(result), durationMs: performance.now() - memberStarted, result });
    if (outcomeOf(result) === 'success') break;
  }
}

async function recordAttempts(options: OrchestrationExecutorOptions, chainId: string, primaryTool: string, attempts: readonly Attempt[]): Promise<void> {
  for (const [index, entry] of attempts.entries()) {
    try {
      await options.recordFallback?.({
        chainId,
        primaryTool,
        tool: entry.name,
        attempt: index,
        outcome: entry.outcome,
        ...(entry.result.ok ? {} : { errorCode: entry.result.error.code }),
        durationMs: Math.round(entry.durationMs),
      });
    } catch (error) {
      options.logger?.warn({ err: error }, 'could not record a fallback event');
    }
  }
}

/** The chain's answer: the tool that answered, else a shared empty answer, else the exhausted chain's message. */
function chainOutcome(options: OrchestrationExecutorOptions, tool: AnyToolDefinition, primary: ToolIntelligence | undefined, attempts: readonly Attempt[], chainId: string): ExecutionOutcome {
  const answered = attempts.find((entry) => entry.outcome === 'success');
  if (answered) return { result: answered.result, servedBy: answered.name };
  const lastEmpty = attempts.find((entry) => entry.outcome === 'empty_result');
  // Everyone answered "nothing": that is an answer, not a failure.
  if (lastEmpty && attempts.every((entry) => entry.outcome === 'empty_result')) return { result: lastEmpty.result, servedBy: lastEmpty.name };
  options.logger?.warn(
    { ref: chainId, tool: tool.name, attempts: attempts.map((entry) => ({ tool: entry.name, outcome: entry.outcome, error: entry.result.ok ? undefined : entry.result.error })) },
    'fallback chain exhausted',
  );
  return { result: { ok: false, error: exhaustedChainError(primary?.domain ?? 'external', attempts, chainId) } };
}

async function execute(executor: ExecutorContext, request: ExecutionRequest): Promise<ExecutionOutcome> {
  const { tool, args, ctx, timeoutMs, permits } = request;
  const { options, settings } = executor;
  const started = performance.now();
  const primary = options.registry.get(tool.name);
  // Models often write `q` for `query` or "5" for 5; normalising first spares them a failed round.
  const normalized = normalizeToolArguments(tool, args).args;
  const invalid = invalidInput(tool, normalized, primary);
  if (invalid) return invalid;
  const chain = settings.fallback && primary ? primary.hierarchy.filter((name) => name !== tool.name && (permits?.(name) ?? true)) : [];
  const first = await attemptTool(executor, tool, normalized, ctx, Math.min(timeoutMs, primary?.latency.timeoutMs ?? timeoutMs));
  const firstOutcome = outcomeOf(first);
  if (firstOutcome === 'success' || chain.length === 0 || (!first.ok && isCallerFault(first.error.code))) return { result: first };

  const chainId = newErrorRef();
  const attempts: Attempt[] = [{ name: tool.name, title: tool.title, outcome: firstOutcome, durationMs: performance.now() - started, result: first }];
  await fallBack(executor, request, normalized, chain, started, attempts);
  await recordAttempts(options, chainId, tool.name, attempts);
  return chainOutcome(options, tool, primary, attempts, chainId);
}

export function createOrchestrationExecutor(options: OrchestrationExecutorOptions): OrchestrationExecutor {
  const settings: ExecutorSettings = { ...DEFAULT_EXECUTOR_SETTINGS, ...options.settings, breakers: { ...DEFAULT_EXECUTOR_SETTINGS.breakers, ...options.settings?.breakers } };
  const executor: ExecutorContext = { options, settings, breakers: createCircuitBreakers(settings.breakers) };
  return {
    breakerStates: () => executor.breakers.states(),
    execute: (request) => execute(executor, request),
  };
}
