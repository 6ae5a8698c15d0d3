/**
 * What the Agents pages share: the shapes of the agent tools' answers they read, and the small pieces of markup for a
 * run (status tag, duration, tokens) used by the landing page, the runs list and the trace.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface AgentSummary {
  name: string;
  description: string;
  capabilities: string[];
  model: string;
  origin: 'builtin' | 'user' | 'override';
}

export interface AgentList {
  items: AgentSummary[];
  next_cursor: string | null;
  total: number;
  problems: { file: string; severity: string; error: string }[];
}

export interface RunView {
  run_id: string;
  agent: string;
  trigger: string;
  parent_run_id: string | null;
  status: string;
  stop_reason: string | null;
  instruction_preview: string;
  model: string;
  rounds: number;
  tool_call_count: number;
  input_tokens: number;
  output_tokens: number;
  started_at: string;
  ended_at: string | null;
  duration_ms: number | null;
  error: string | null;
}

export interface RunList {
  items: RunView[];
  next_cursor: string | null;
  total?: number;
}

export interface StepView {
  seq: number;
  round: number;
  kind: 'model' | 'tool';
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
  at: string;
}

export interface RunTrace {
  run: RunView;
  steps: StepView[];
  next_cursor: string | null;
  total_steps: number;
}

/** The statuses `list_agent_runs` filters by, in the order the filter offers them. */
export const RUN_STATUSES = ['running', 'completed', 'max_rounds', 'loop_detected', 'timeout', 'error'] as const;

const STATUS_TEXT: Record<string, string> = {
  running: 'running',
  completed: 'completed',
  max_rounds: 'out of rounds',
  loop_detected: 'stopped: loop',
  timeout: 'timed out',
  error: 'failed',
};

export function statusText(status: string): string {
  return STATUS_TEXT[status] ?? status;
}

/** A run's status as a tag; the wording carries the meaning, the colour only repeats it. */
export function statusTag(status: string): Html {
  const tone = status === 'completed' ? 'ok' : status === 'running' ? 'neutral' : 'bad';
  return html`<span class="tag status-${tone}">${statusText(status)}</span>`;
}

/** 850 ms, 12.3 s, 2 min 5 s; an unfinished run has no duration yet. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1_000)} s`;
}

const numbers = new Intl.NumberFormat('en-GB');

export function formatTokens(input: number, output: number): string {
  return `${numbers.format(input)} in / ${numbers.format(output)} out`;
}

/** JSON shown indented when it parses (a preview cut short does not, and is shown as written). */
export function readablePayload(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

export function runLink(runId: string): string {
  return `/agents/runs/${encodeURIComponent(runId)}`;
}
