/** The public shape of an assembled Chief of Staff: what the apps and embedders work with. */
import type {
  AnyToolDefinition,
  Clock,
  CosConfig,
  Logger,
  ProgressReporter,
  ToolCaller,
  ToolRunResult,
} from '@chief-of-staff/core';
import type { AgentsService } from '@chief-of-staff/agents';
import type { SchedulerEngine } from '@chief-of-staff/scheduler';
import type { SchedulerLoop, SchedulerLoopOptions } from './scheduler-loop.js';

export interface ToolCallOptions {
  /** Who is calling; defaults to the host. */
  caller?: ToolCaller;
  /** Aborts the handler (client cancellation, timeouts). */
  signal?: AbortSignal;
  /** Receives progress messages from long-running tools. */
  progress?: ProgressReporter;
}

export interface ChiefOfStaff {
  readonly config: CosConfig;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Every exposed tool, sorted by name. */
  readonly tools: readonly AnyToolDefinition[];
  /** The agent registry, runner and factory (agents also appear as MCP prompts). */
  readonly agents: AgentsService;
  /** Runs scheduled tasks: `tick()` in a loop for a worker, `runNow(id)` on request. */
  readonly scheduler: SchedulerEngine;
  /** Starts the tick loop (the worker app, or the MCP server when no worker runs); seeds the default tasks. */
  startScheduler(options: SchedulerLoopOptions): SchedulerLoop;
  /** Calls a tool by name; never throws for tool failures — they come back as `{ ok: false, error }`. */
  callTool(name: string, args: unknown, options?: ToolCallOptions): Promise<ToolRunResult>;
  /** Releases databases and background work. Safe to call twice. */
  close(): Promise<void>;
}
