/**
 * How an agent run is summed up: its run record when it starts and ends, the warnings its ending carries, and the
 * result the caller gets (docs/reference/agents.md#run-result).
 */
import type { AgentConfig } from '../config/agent-config-schema.js';
import type { ModelResponse } from './model-client.js';
import type { AgentRunRecord, RunStatus, RunTrigger } from './recorders.js';
import type { AgentRunResult } from './run-result.js';
import type { RunState } from './run-state.js';

/** How the loop ended; `status` is unset when it ran out of rounds. */
export interface RunOutcome {
  status?: RunStatus;
  stopReason?: string;
  finalText?: string;
  incomplete?: boolean;
  error?: string;
}

export function runStartRecord(start: {
  runId: string;
  config: AgentConfig;
  trigger: RunTrigger | undefined;
  parentRunId: string | undefined;
  instruction: string;
  model: string;
  startedAt: string;
}): AgentRunRecord {
  return {
    run_id: start.runId,
    agent_name: start.config.name,
    trigger: start.trigger ?? 'host',
    parent_run_id: start.parentRunId ?? null,
    instruction_preview: start.instruction.slice(0, 200),
    status: null,
    stop_reason: null,
    rounds: 0,
    tool_call_count: 0,
    model: start.model,
    input_tokens: 0,
    output_tokens: 0,
    cache_read_tokens: 0,
    cache_creation_tokens: 0,
    started_at: start.startedAt,
    ended_at: null,
    error: null,
  };
}

/** The model answered without asking for tools; an answer cut off or declined is marked incomplete. */
export function completedOutcome(response: ModelResponse, text: string, maxTokens: number, warnings: string[]): RunOutcome {
  const stopReason = response.stop_reason ?? undefined;
  const incomplete = stopReason === 'max_tokens' || stopReason === 'refusal';
  if (incomplete) {
    warnings.push(
      stopReason === 'max_tokens'
        ? `The answer was cut off at max_tokens (${maxTokens}); it may be incomplete.`
        : 'The model declined to complete this request.',
    );
  }
  return { status: 'completed', stopReason, finalText: text, incomplete };
}

/** Gives a loop that ran out of rounds its status, and warns of the endings that return partial results. */
export function closeOutcome(outcome: RunOutcome, state: RunState, maxRounds: number, timeLimitMs: number): RunOutcome & { status: RunStatus } {
  const status = outcome.status ?? 'max_rounds';
  if (outcome.status === undefined) {
    state.warnings.push(`The agent used all ${maxRounds} rounds without a final answer; the last text it wrote is returned.`);
  }
  if (status === 'timeout') {
    state.warnings.push(`The run reached its time limit (${Math.round(timeLimitMs / 1000)} s); partial results are returned.`);
  }
  return { ...outcome, status };
}

export function runResult(
  run: { runId: string; config: AgentConfig; model: string; state: RunState; durationMs: number },
  outcome: RunOutcome & { status: RunStatus },
): AgentRunResult {
  const { state } = run;
  return {
    run_id: run.runId,
    agent: run.config.name,
    model: run.model,
    status: outcome.status,
    ...(outcome.stopReason === undefined ? {} : { stop_reason: outcome.stopReason }),
    text: outcome.finalText ?? state.lastText,
    rounds: state.rounds,
    tool_calls: state.toolCalls,
    usage: state.usage,
    duration_ms: run.durationMs,
    ...(outcome.incomplete === true ? { incomplete: true as const } : {}),
    warnings: state.warnings,
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
  };
}

export function finishedRecord(record: AgentRunRecord, result: AgentRunResult, endedAt: string): AgentRunRecord {
  return {
    ...record,
    status: result.status,
    stop_reason: result.stop_reason ?? null,
    rounds: result.rounds,
    tool_call_count: result.tool_calls.length,
    input_tokens: result.usage.input_tokens,
    output_tokens: result.usage.output_tokens,
    cache_read_tokens: result.usage.cache_read_tokens,
    cache_creation_tokens: result.usage.cache_creation_tokens,
    ended_at: endedAt,
    error: result.error ?? null,
  };
}
