/**
 * Where the runtime reports what happened: one record per run (`agent_runs`), per tool call
 * (`tool_usage_log`), per model call (`model_calls`) and per step of the run's trace (`agent_run_steps`, ADR 0087). These are ports; the SQLite repositories in
 * @chief-of-staff/stores implement them, the in-memory log here serves tests and embedders without a database.
 * Recording never changes a run's outcome: failures are logged and swallowed by the runner.
 */
import { queryPatternOf } from '@chief-of-staff/core';

export type RunTrigger = 'host' | 'cli' | 'agent' | 'scheduler' | 'webhook' | 'dispatch' | 'console';
export type RunStatus = 'completed' | 'max_rounds' | 'loop_detected' | 'timeout' | 'error';

export interface AgentRunRecord {
  run_id: string;
  agent_name: string;
  trigger: RunTrigger;
  parent_run_id: string | null;
  /** First 200 characters of the instruction. */
  instruction_preview: string;
  /** Null while the run is in progress. */
  status: RunStatus | null;
  stop_reason: string | null;
  rounds: number;
  tool_call_count: number;
  model: string;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_creation_tokens: number;
  started_at: string;
  ended_at: string | null;
  error: string | null;
}

export interface AgentRunRecorder {
  runStarted(record: AgentRunRecord): void | Promise<void>;
  runFinished(record: AgentRunRecord): void | Promise<void>;
}

export interface ToolUsageRecord {
  tool_name: string;
  caller_kind: 'host' | 'agent' | 'scheduler' | 'webhook' | 'cli' | 'console';
  agent_name: string | null;
  run_id: string | null;
  query_pattern: string;
  success: boolean;
  error_code: string | null;
  duration_ms: number | null;
  estimated_ms: number | null;
  response_bytes: number | null;
  truncated: boolean;
  served_by: string | null;
  created_at: string;
}

export interface ToolUsageRecorder {
  record(entry: ToolUsageRecord): void | Promise<void>;
}

/**
 * Successful usage rows since a moment, for the skills detector
 * (docs/reference/algorithms.md#skill-pattern-detection).
 */
export interface ToolUsageReader {
  listSuccessfulUsage(sinceIso: string): Promise<ReadonlyArray<Pick<ToolUsageRecord, 'tool_name' | 'query_pattern' | 'created_at'>>>;
}

export type ModelCallCaller = 'agent' | 'factory' | 'triage' | 'synthesis' | 'summariser';

export interface ModelCallRecord {
  run_id: string | null;
  caller: ModelCallCaller;
  model: string;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_creation_tokens: number;
  duration_ms: number;
  /** `ok`, or the failure kind (`status_429`, `connection`, `timeout`, …). */
  outcome: string;
  created_at: string;
}

export interface ModelCallRecorder {
  record(entry: ModelCallRecord): void | Promise<void>;
}

/**
 * One step of a run's trace: a model turn (tokens, time, stop reason, the text it wrote) or a tool call (its
 * arguments and what the model was given back, as bounded previews; whether that was third-party data).
 */
export interface AgentRunStepRecord {
  run_id: string;
  /** 0, 1, 2, … in run order; the tool calls of a turn follow their model turn. */
  seq: number;
  round: number;
  kind: 'model' | 'tool';
  /** The model id of a model turn, the tool name of a tool call. */
  name: string;
  ok: boolean;
  error_code: string | null;
  stop_reason: string | null;
  duration_ms: number;
  input_tokens: number;
  output_tokens: number;
  untrusted: boolean;
  truncated: boolean;
  arguments_preview: string | null;
  result_preview: string | null;
}

/** Previews of a step's arguments and result stop here (the stores cap them again, whoever writes). */
export const STEP_PREVIEW_CHARS = 2_048;

/** `text` cut to a step preview, so a trace never holds a tool's whole output. */
export function stepPreview(text: string): string {
  return text.length <= STEP_PREVIEW_CHARS ? text : `${text.slice(0, STEP_PREVIEW_CHARS - 7)} …[cut]`;
}

export interface AgentRunStepRecorder {
  recordStep(step: AgentRunStepRecord): void | Promise<void>;
}

/** An in-memory implementation of every recorder port (and the usage reader). */
export interface InMemoryRunLog extends AgentRunRecorder, ToolUsageRecorder, ToolUsageReader, AgentRunStepRecorder {
  readonly runs: AgentRunRecord[];
  readonly steps: AgentRunStepRecord[];
  readonly toolUsage: ToolUsageRecord[];
  readonly modelCalls: ModelCallRecord[];
  /** The model-call recorder (a separate object: both ports name their method `record`). */
  readonly modelCallRecorder: ModelCallRecorder;
}

export function createInMemoryRunLog(): InMemoryRunLog {
  const runs: AgentRunRecord[] = [];
  const toolUsage: ToolUsageRecord[] = [];
  const modelCalls: ModelCallRecord[] = [];
  const steps: AgentRunStepRecord[] = [];
  return {
    runs,
    steps,
    toolUsage,
    modelCalls,
    runStarted(record) {
      runs.push({ ...record });
    },
    runFinished(record) {
      const index = runs.findIndex((run) => run.run_id === record.run_id);
      if (index === -1) runs.push({ ...record });
      else runs[index] = { ...record };
    },
    record(entry) {
      toolUsage.push({ ...entry });
    },
    recordStep(step) {
      steps.push({ ...step });
    },
    async listSuccessfulUsage(sinceIso) {
      return toolUsage.filter((row) => row.success && row.created_at >= sinceIso);
    },
    modelCallRecorder: {
      record(entry) {
        modelCalls.push({ ...entry });
      },
    },
  };
}

/**
 * The usage-log query pattern of a call (docs/reference/conventions.md#usage-tracking); one rule for every caller,
 * kept in core.
 */
export const usageQueryPattern = queryPatternOf;
