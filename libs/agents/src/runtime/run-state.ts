/**
 * What one agent run carries from turn to turn: its fixed facts (who runs, which tools, until when) and the state
 * its loop, tool execution and budgets update.
 */
import type { AnyToolDefinition, ProgressReporter } from '@chief-of-staff/core';
import type { AgentConfig } from '../config/agent-config-schema.js';
import type { ModelUsage } from './model-client.js';
import type { RunUsage, ToolCallSummary } from './run-result.js';

export interface RunState {
  rounds: number;
  toolCalls: ToolCallSummary[];
  usage: RunUsage;
  warnings: string[];
  /** The last non-empty text the model wrote during a run, so partial answers survive timeouts. */
  lastText: string;
  outbound: Map<string, number>;
  /** Tokens the conversation holds after the last model response (what the next request starts from). */
  contextTokens: number;
  /** The trace position of the next step. */
  nextSeq: number;
}

/** One run's facts, shared by the loop and its tool execution. */
export interface RunContext {
  config: AgentConfig;
  runId: string;
  model: string;
  capabilities: readonly string[];
  permitted: ReadonlySet<string>;
  /** The tools offered to the model; tool_search and use add to it during the run. */
  active: Set<string>;
  catalogue: ReadonlyMap<string, AnyToolDefinition>;
  unavailable: ReadonlyMap<string, string>;
  state: RunState;
  signal: AbortSignal;
  deadlineAt: number;
  progress: ProgressReporter | undefined;
}

export function newRunState(): RunState {
  return {
    rounds: 0,
    toolCalls: [],
    usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_creation_tokens: 0, model_calls: 0 },
    warnings: [],
    lastText: '',
    outbound: new Map(),
    contextTokens: 0,
    nextSeq: 0,
  };
}

/** Adds one model response's usage to the run, and notes how large the conversation now is. */
export function countUsage(state: RunState, usage: ModelUsage): void {
  state.usage.model_calls += 1;
  state.usage.input_tokens += usage.input_tokens;
  state.usage.output_tokens += usage.output_tokens;
  state.usage.cache_read_tokens += usage.cache_read_input_tokens;
  state.usage.cache_creation_tokens += usage.cache_creation_input_tokens;
  state.contextTokens = usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens + usage.output_tokens;
}
