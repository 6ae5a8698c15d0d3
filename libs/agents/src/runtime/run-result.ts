/**
 * The result of one agent run (docs/reference/agents.md#run-result): what run_agent returns and the CLI prints as
 * JSON.
 */
import type { RunStatus } from './recorders.js';

export interface ToolCallSummary {
  name: string;
  ok: boolean;
  error_code?: string;
  duration_ms: number;
  truncated: boolean;
  served_by?: string;
}

export interface RunUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_creation_tokens: number;
  model_calls: number;
}

export interface AgentRunResult {
  run_id: string;
  agent: string;
  model: string;
  status: RunStatus;
  stop_reason?: string;
  text: string;
  rounds: number;
  /** In issue order; arguments are never echoed. */
  tool_calls: ToolCallSummary[];
  usage: RunUsage;
  duration_ms: number;
  incomplete?: true;
  warnings: string[];
  error?: string;
}
