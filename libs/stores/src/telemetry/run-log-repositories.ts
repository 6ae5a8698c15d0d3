/**
 * Storage of agent runs, model calls and fallback events (docs/reference/data-model.md#tables): what the agent
 * runtime and orchestration record so `cos stats`, retention and debugging can read it back.
 */
import { newUuid } from '@chief-of-staff/core';
import { FALLBACK_OUTCOMES, MODEL_CALL_CALLERS, RUN_STATUSES, RUN_TRIGGERS, type AgentRunStatus, type FallbackOutcome, type ModelCallCaller, type RunTrigger } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertEnum, assertText, MAX_NAME_LENGTH } from '../db/validation.js';

export interface AgentRunRecord {
  /** UUID. */
  id: string;
  agentName: string;
  trigger: RunTrigger;
  parentRunId: string | null;
  /** First 200 characters of the instruction. */
  instructionPreview: string;
  status: AgentRunStatus;
  stopReason: string | null;
  rounds: number;
  toolCallCount: number;
  model: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
  startedAt: string;
  endedAt: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface ModelCallRecord {
  id: number;
  runId: string | null;
  caller: ModelCallCaller;
  model: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
  durationMs: number;
  /** e.g. `ok`, `error:<code>`, `retried`; free text so new outcomes need no migration. */
  outcome: string;
  createdAt: string;
}
export interface FallbackEventRecord {
  id: number;
  chainId: string;
  primaryTool: string;
  tool: string;
  attempt: number;
  outcome: FallbackOutcome;
  errorCode: string | null;
  durationMs: number;
  createdAt: string;
}

export interface TokenCounts {
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  cacheCreationTokens?: number;
}

export interface StartAgentRunInput {
  /** UUID; generated when omitted. */
  id?: string;
  agentName: string;
  trigger: RunTrigger;
  parentRunId?: string | null;
  instruction: string;
  model: string;
}

export interface FinishAgentRunInput extends TokenCounts {
  status: Exclude<AgentRunStatus, 'running'>;
  stopReason?: string | null;
  rounds: number;
  toolCallCount: number;
  error?: string | null;
}

export const AGENT_RUN_LIST_LIMITS = { defaultLimit: 25, maxLimit: 200 };

export interface AgentRunsRepository {
  start(input: StartAgentRunInput): Promise<AgentRunRecord>;
  finish(id: string, result: FinishAgentRunInput): Promise<AgentRunRecord | undefined>;
  get(id: string): Promise<AgentRunRecord | undefined>;
  /** Newest first. */
  list(filters: { agentName?: string; status?: AgentRunStatus }, page: PageRequest): Promise<Page<AgentRunRecord>>;
  purgeOlderThan(cutoff: string): Promise<number>;
}

export interface RecordModelCallInput extends TokenCounts {
  runId?: string | null;
  caller: ModelCallCaller;
  model: string;
  durationMs: number;
  outcome: string;
}

export interface RecordFallbackEventInput {
  chainId: string;
  primaryTool: string;
  tool: string;
  attempt: number;
  outcome: FallbackOutcome;
  errorCode?: string | null;
  durationMs: number;
}

export interface ModelCallsRepository {
  record(input: RecordModelCallInput): Promise<ModelCallRecord>;
  listSince(since: string): Promise<ModelCallRecord[]>;
  purgeOlderThan(cutoff: string): Promise<number>;
}

export interface FallbackEventsRepository {
  record(input: RecordFallbackEventInput): Promise<FallbackEventRecord>;
  listSince(since: string): Promise<FallbackEventRecord[]>;
  purgeOlderThan(cutoff: string): Promise<number>;
}

/** The validated row of a run started `now` (the same checks on every adapter). */
export function agentRunStartValues(input: StartAgentRunInput, now: string) {
  return {
    id: input.id ?? newUuid(),
    agentName: assertText('agent_name', input.agentName, MAX_NAME_LENGTH),
    trigger: assertEnum('trigger', input.trigger, RUN_TRIGGERS),
    parentRunId: input.parentRunId ?? null,
    instructionPreview: input.instruction.slice(0, 200),
    status: 'running' as const,
    model: input.model,
    startedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/** The columns a run's end sets, validated, ended `now`. */
export function agentRunFinishValues(result: FinishAgentRunInput, now: string) {
  return {
    // A finished run has an outcome: 'running' is only what `start` writes.
    status: assertEnum('status', result.status, RUN_STATUSES),
    stopReason: result.stopReason ?? null,
    rounds: result.rounds,
    toolCallCount: result.toolCallCount,
    inputTokens: result.inputTokens ?? 0,
    outputTokens: result.outputTokens ?? 0,
    cacheReadTokens: result.cacheReadTokens ?? 0,
    cacheCreationTokens: result.cacheCreationTokens ?? 0,
    error: result.error ?? null,
    endedAt: now,
    updatedAt: now,
  };
}

/** The validated row of a model call recorded `now`. */
export function modelCallValues(input: RecordModelCallInput, now: string) {
  return {
    runId: input.runId ?? null,
    caller: assertEnum('caller', input.caller, MODEL_CALL_CALLERS),
    model: input.model,
    inputTokens: input.inputTokens ?? 0,
    outputTokens: input.outputTokens ?? 0,
    cacheReadTokens: input.cacheReadTokens ?? 0,
    cacheCreationTokens: input.cacheCreationTokens ?? 0,
    durationMs: input.durationMs,
    outcome: input.outcome,
    createdAt: now,
  };
}

/** The validated row of a fallback attempt recorded `now`. */
export function fallbackEventValues(input: RecordFallbackEventInput, now: string) {
  return {
    chainId: input.chainId,
    primaryTool: input.primaryTool,
    tool: input.tool,
    attempt: input.attempt,
    outcome: assertEnum('outcome', input.outcome, FALLBACK_OUTCOMES),
    errorCode: input.errorCode ?? null,
    durationMs: input.durationMs,
    createdAt: now,
  };
}
