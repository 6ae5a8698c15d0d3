/**
 * Storage of agent run traces (ADR 0087): one row per model turn and per tool call of a run, with bounded previews of
 * the call's arguments and result, read back in run order for `get_agent_run`.
 */
import { AGENT_RUN_STEP_KINDS, type AgentRunStepKind } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertEnum, assertText, MAX_NAME_LENGTH } from '../db/validation.js';

export interface AgentRunStepRecord {
  id: number;
  runId: string;
  /** 0, 1, 2, … in run order; tool calls of one turn follow their model turn. */
  seq: number;
  /** The model round the step belongs to (1-based). */
  round: number;
  kind: AgentRunStepKind;
  /** The model id of a model turn, the tool name of a tool call. */
  name: string;
  ok: boolean;
  errorCode: string | null;
  stopReason: string | null;
  durationMs: number;
  inputTokens: number;
  outputTokens: number;
  /** The tool's result was third-party content (`untrusted_content`), passed to the model as data. */
  untrusted: boolean;
  truncated: boolean;
  argumentsPreview: string | null;
  /** A tool call's result, or the text a model turn wrote. */
  resultPreview: string | null;
  createdAt: string;
}

/** The longest argument or result preview a step keeps, in characters; longer ones are cut with a marker. */
export const RUN_STEP_PREVIEW_MAX_CHARS = 2_048;
const CUT_MARKER = ' …[cut]';

export const AGENT_RUN_STEP_LIST_LIMITS = { defaultLimit: 200, maxLimit: 500 };

export interface RecordAgentRunStepInput {
  runId: string;
  seq: number;
  round: number;
  kind: AgentRunStepKind;
  name: string;
  ok: boolean;
  errorCode?: string | null;
  stopReason?: string | null;
  durationMs: number;
  inputTokens?: number;
  outputTokens?: number;
  untrusted?: boolean;
  truncated?: boolean;
  argumentsPreview?: string | null;
  resultPreview?: string | null;
}

export interface AgentRunStepsRepository {
  record(input: RecordAgentRunStepInput): Promise<void>;
  /** In run order (`seq`). */
  listForRun(runId: string, page: PageRequest): Promise<Page<AgentRunStepRecord>>;
  purgeOlderThan(cutoff: string): Promise<number>;
}

/**
 * `text` cut to the preview size, so no step row grows with what a tool returned. U+0000 (which third-party content
 * may hold and PostgreSQL text cannot) reads as U+FFFD: a preview is for reading, and every adapter stores the same.
 */
export function boundRunStepPreview(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const clean = text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
  if (clean.length <= RUN_STEP_PREVIEW_MAX_CHARS) return clean;
  return clean.slice(0, RUN_STEP_PREVIEW_MAX_CHARS - CUT_MARKER.length) + CUT_MARKER;
}

/** The validated row of a step recorded `now` (the same checks on every adapter). */
export function agentRunStepValues(input: RecordAgentRunStepInput, now: string) {
  return {
    runId: assertText('run_id', input.runId, MAX_NAME_LENGTH),
    seq: Math.max(0, Math.trunc(input.seq)),
    round: Math.max(0, Math.trunc(input.round)),
    kind: assertEnum('kind', input.kind, AGENT_RUN_STEP_KINDS),
    name: assertText('name', input.name, MAX_NAME_LENGTH),
    ok: input.ok,
    errorCode: input.errorCode ?? null,
    stopReason: input.stopReason ?? null,
    durationMs: Math.max(0, Math.round(input.durationMs)),
    inputTokens: input.inputTokens ?? 0,
    outputTokens: input.outputTokens ?? 0,
    untrusted: input.untrusted ?? false,
    truncated: input.truncated ?? false,
    argumentsPreview: boundRunStepPreview(input.argumentsPreview),
    resultPreview: boundRunStepPreview(input.resultPreview),
    createdAt: now,
  };
}
