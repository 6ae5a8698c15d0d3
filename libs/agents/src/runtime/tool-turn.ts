/**
 * The tool calls of one model turn: each is gated (capability, catalogue, configuration, loop detection, outbound
 * cap), the permitted ones run side by side with a per-call timeout, and every result is cut to its share of the
 * context window, logged and traced.
 */
import { Buffer } from 'node:buffer';
import {
  formatToolErrorText,
  newErrorRef,
  type AnyToolDefinition,
  type Clock,
  type Logger,
  type ToolContext,
  type ToolErrorPayload,
  type ToolRunResult,
} from '@chief-of-staff/core';
import { capabilitiesGrantingTool, HOST_ONLY_TOOLS } from '@chief-of-staff/capabilities';
import { normalizeToolArguments } from '@chief-of-staff/orchestration';
import type { LoopDetector } from './loop-detector.js';
import type { ModelToolResultBlock, ModelToolUseBlock } from './model-client.js';
import { usageQueryPattern } from './recorders.js';
import { claimOutbound, resultBudgetChars } from './run-budgets.js';
import { safeJson, type RunRecording } from './run-recording.js';
import type { RunContext } from './run-state.js';
import { defaultToolTimeoutMs, type AgentToolExecutor } from './tool-port.js';
import { truncateForModel } from './truncate-result.js';

const UNKNOWN_TOOL_LIST = 20;

/** The runner's options a tool call reads (when it runs, as the runner did). */
export interface ToolCallOptions {
  /** `ctx.services` for every tool call. */
  services: unknown;
  toolTimeoutMs?: (tool: AnyToolDefinition) => number;
  estimateToolMs?: (toolName: string) => number | undefined;
}

export interface ToolTurnDeps {
  options: ToolCallOptions;
  executor: AgentToolExecutor;
  clock: Clock;
  logger: Logger;
  recording: RunRecording;
  /** Read on each turn: the limit comes from the configuration. */
  settings: { readonly toolResultMaxChars: number };
}

type Plan = { use: ModelToolUseBlock; refused: ToolRunResult; record: boolean } | { use: ModelToolUseBlock; tool: AnyToolDefinition; warning?: string };

/** Where one planned call sits in the turn: its index among the run's calls, its trace position, the turn's size. */
interface Slot {
  index: number;
  seq: number;
  round: number;
  calls: number;
}

export function toolError(code: ToolErrorPayload['code'], message: string, hint?: string): ToolRunResult {
  return { ok: false, error: hint === undefined ? { code, message } : { code, message, hint } };
}

/** Gates, executes (concurrently) and serialises the calls of one model turn. */
export async function runToolTurn(
  deps: ToolTurnDeps,
  uses: readonly ModelToolUseBlock[],
  run: RunContext,
  detector: LoopDetector,
): Promise<{ results: ModelToolResultBlock[]; stopped: boolean }> {
  const { plans, stopped } = planTurn(uses, run, detector);
  const firstIndex = run.state.toolCalls.length;
  // Steps are numbered before the calls run side by side, so the trace keeps the order the model asked in.
  const firstSeq = run.state.nextSeq;
  run.state.nextSeq += plans.length;
  const round = run.state.rounds;
  const results = await Promise.all(
    plans.map((plan, offset) => runPlanned(deps, plan, run, { index: firstIndex + offset, seq: firstSeq + offset, round, calls: plans.length })),
  );
  return { results, stopped };
}

function planTurn(uses: readonly ModelToolUseBlock[], run: RunContext, detector: LoopDetector): { plans: Plan[]; stopped: boolean } {
  const plans: Plan[] = [];
  let stopped = false;
  for (const use of uses) {
    if (stopped) {
      plans.push({ use, refused: toolError('LOOP_DETECTED', 'skipped: run stopped'), record: false });
      continue;
    }
    const verdict = detector.check(use.name, use.input);
    if (verdict.action === 'stop') {
      stopped = true;
      plans.push({ use, refused: toolError('LOOP_DETECTED', verdict.message), record: true });
      continue;
    }
    const gate = gateTool(use.name, run);
    if ('refused' in gate) {
      plans.push({ use, refused: gate.refused, record: true });
      continue;
    }
    const overLimit = claimOutbound(run.state.outbound, use.name);
    if (overLimit !== undefined) {
      plans.push({ use, refused: toolError('LIMIT_EXCEEDED', overLimit), record: true });
      continue;
    }
    plans.push({ use, tool: gate.tool, ...(verdict.warning === undefined ? {} : { warning: verdict.warning }) });
  }
  return { plans, stopped };
}

async function runPlanned(deps: ToolTurnDeps, plan: Plan, run: RunContext, slot: Slot): Promise<ModelToolResultBlock> {
  const started = performance.now();
  let result: ToolRunResult;
  let servedBy: string | undefined;
  let warning: string | undefined;
  if ('refused' in plan) {
    result = plan.refused;
  } else {
    warning = plan.warning;
    const outcome = await executeTool(deps, plan.tool, plan.use, run);
    result = outcome.result;
    servedBy = outcome.servedBy;
    if (result.ok) learnActiveTools(plan.tool.name, result.value, run);
  }
  const durationMs = Math.round(performance.now() - started);
  const rendered = render(result, warning, resultBudgetChars(deps.settings.toolResultMaxChars, run.state.contextTokens, slot.calls));
  run.state.toolCalls[slot.index] = {
    name: plan.use.name.slice(0, 64),
    ok: result.ok,
    ...(result.ok ? {} : { error_code: result.error.code }),
    duration_ms: durationMs,
    truncated: rendered.truncated,
    ...(servedBy === undefined ? {} : { served_by: servedBy }),
  };
  if (!('refused' in plan) || plan.record) await recordToolUsage(deps, plan, run, { result, durationMs, rendered, servedBy });
  await deps.recording.recordStep(run.runId, undefined, {
    seq: slot.seq,
    round: slot.round,
    kind: 'tool',
    name: plan.use.name.slice(0, 64),
    ok: result.ok,
    error_code: result.ok ? null : result.error.code,
    duration_ms: durationMs,
    // Third-party content (mail, messages, documents, webhooks) is flagged by its tool; the trace shows it as such.
    untrusted: result.ok && result.value['untrusted_content'] === true,
    truncated: rendered.truncated,
    arguments_preview: safeJson(plan.use.input),
    result_preview: rendered.text,
  });
  return { type: 'tool_result', tool_use_id: plan.use.id, content: rendered.text, ...(result.ok ? {} : { is_error: true }) };
}

async function recordToolUsage(
  deps: ToolTurnDeps,
  plan: Plan,
  run: RunContext,
  call: { result: ToolRunResult; durationMs: number; rendered: { text: string; truncated: boolean }; servedBy: string | undefined },
): Promise<void> {
  const { result } = call;
  await deps.recording.safely('tool usage', () =>
    deps.recording.recorders.toolUsage?.record({
      tool_name: plan.use.name.slice(0, 64),
      caller_kind: 'agent',
      agent_name: run.config.name,
      run_id: run.runId,
      // Patterns are read after alias normalisation, so `q` and `query` count as one pattern.
      query_pattern: usageQueryPattern('tool' in plan ? normalizeToolArguments(plan.tool, plan.use.input).args : plan.use.input),
      success: result.ok,
      error_code: result.ok ? null : result.error.code,
      duration_ms: call.durationMs,
      estimated_ms: 'tool' in plan ? (deps.options.estimateToolMs?.(plan.tool.name) ?? null) : null,
      response_bytes: result.ok ? Buffer.byteLength(call.rendered.text) : null,
      truncated: call.rendered.truncated,
      served_by: call.servedBy ?? null,
      created_at: deps.clock.now().toISOString(),
    }),
  );
}

/** Decides whether a named tool may run for this agent; the model's tool list is never the boundary. */
function gateTool(name: string, run: RunContext): { tool: AnyToolDefinition } | { refused: ToolRunResult } {
  const shown = name.slice(0, 64);
  const tool = run.catalogue.get(name);
  const available = () => [...run.active].slice(0, UNKNOWN_TOOL_LIST).join(', ') || '(none)';
  if (!run.permitted.has(name)) {
    const granting = capabilitiesGrantingTool(name, {});
    if (tool !== undefined || granting.length > 0 || HOST_ONLY_TOOLS.includes(name)) {
      const needs = granting.length > 0 ? ` It needs the ${granting.join(' or ')} capability, which this agent does not have.` : '';
      return {
        refused: toolError('PERMISSION_DENIED', `Tool ${shown} is not permitted for agent ${run.config.name}.${needs}`, `Use one of: ${available()}.`),
      };
    }
    return { refused: toolError('UNKNOWN_TOOL', `Unknown tool "${shown}".`, `Available tools: ${available()}.`) };
  }
  if (tool === undefined) {
    return { refused: toolError('UNKNOWN_TOOL', `Tool ${shown} is not available in this installation.`, `Available tools: ${available()}.`) };
  }
  const source = run.unavailable.get(name);
  if (source !== undefined) {
    return {
      refused: toolError('NOT_CONFIGURED', `The ${source} source is not configured, so ${shown} cannot run.`, 'Run `cos doctor` to see how to configure it.'),
    };
  }
  return { tool };
}

async function executeTool(
  deps: ToolTurnDeps,
  tool: AnyToolDefinition,
  use: ModelToolUseBlock,
  run: RunContext,
): Promise<{ result: ToolRunResult; servedBy?: string }> {
  const ctx: ToolContext<unknown> = {
    services: deps.options.services,
    clock: deps.clock,
    logger: deps.logger,
    signal: run.signal,
    progress: run.progress ?? (() => undefined),
    caller: {
      kind: 'agent',
      agentName: run.config.name,
      runId: run.runId,
      capabilities: run.capabilities,
      namespaces: run.config.namespaces,
    },
  };
  const perTool = deps.options.toolTimeoutMs?.(tool) ?? defaultToolTimeoutMs(tool);
  const timeoutMs = Math.max(0, Math.min(perTool, run.deadlineAt - Date.now()));
  try {
    const outcome = await deps.executor.execute({ tool, args: use.input, ctx, timeoutMs, permits: (name) => run.permitted.has(name) });
    return outcome.servedBy === undefined ? { result: outcome.result } : { result: outcome.result, servedBy: outcome.servedBy };
  } catch (failure) {
    const ref = newErrorRef();
    deps.logger.error({ err: failure, tool: tool.name, ref }, 'tool executor failed');
    return { result: toolError('INTERNAL', `Unexpected error in ${tool.name} (ref ${ref}).`) };
  }
}

/** Tools found by tool_search, and permitted tools the model uses, join the offered set for later rounds. */
function learnActiveTools(toolName: string, value: Record<string, unknown>, run: RunContext): void {
  const candidates = [toolName];
  if (toolName === 'tool_search' && Array.isArray(value['items'])) {
    for (const item of value['items'] as unknown[]) {
      const name = (item as { name?: unknown } | null)?.name;
      if (typeof name === 'string') candidates.push(name);
    }
  }
  for (const name of candidates) {
    if (run.permitted.has(name) && run.catalogue.has(name) && !run.unavailable.has(name)) run.active.add(name);
  }
}

function render(result: ToolRunResult, warning: string | undefined, max: number): { text: string; truncated: boolean } {
  if (result.ok) {
    const value = warning === undefined ? result.value : { loop_warning: warning, ...result.value };
    return truncateForModel(value, max);
  }
  const text = formatToolErrorText(result.error) + (warning === undefined ? '' : ` loop_warning: ${warning}`);
  return truncateForModel(text, max);
}
