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
import type { BreakerStateView, ServerStatus } from '@chief-of-staff/orchestration';
import type { SchedulerEngine } from '@chief-of-staff/scheduler';
import type { AccessTokensRepository, UsersRepository } from '@chief-of-staff/stores';
import type { SchedulerLoop, SchedulerLoopOptions } from './scheduler-loop.js';
import type { WebhookReceiver } from './webhooks-wiring.js';
import type { ToolVectorsStatus } from './tool-vectors.js';

export interface ToolCallOptions {
  /** Who is calling; defaults to the host. */
  caller?: ToolCaller;
  /** Aborts the handler (client cancellation, timeouts). */
  signal?: AbortSignal;
  /** Receives progress messages from long-running tools. */
  progress?: ProgressReporter;
}

export interface OrchestrationView {
  /** Connects the configured external MCP servers that are not connected yet; resolves when each has answered or failed. */
  prepare(): Promise<void>;
  /** Re-exported external servers still joining whose tools are not known yet (their tools are missing from `tools`). */
  joining(): string[];
  /**
   * Called when the tools the host sees changed: a re-exported external server joined, changed its tools or left
   * (`orchestration.reexportExternal`). The MCP server tells its clients with `notifications/tools/list_changed`.
   */
  onToolsChanged(listener: () => void): void;
  /** Each configured external server (state, tools, the fix for a failure) and problems with the servers file. */
  externalServers(): { servers: ServerStatus[]; problems: string[]; file: string };
  /** Circuit breaker states per tool and per server. */
  breakerStates(): BreakerStateView[];
  /** Built-in and external tools together (agents see external tools their capabilities grant). */
  allTools(): readonly AnyToolDefinition[];
  /**
   * Embeds every tool's name, title and description in the background (cached in the data directory by content hash,
   * so a restart embeds only what changed), after which tool_search and the agents' shortlist rank by meaning as well
   * as by words; from then on tools of external servers that join or change are embedded as they arrive. Serving
   * processes call it shortly after start-up. Never rejects; resolves with what was embedded.
   */
  embedToolDescriptions(): Promise<ToolVectorsStatus>;
}

export interface CloseOptions {
  /** Do not wait for the embedding model to finish queued fact vectors (they stay pending, nothing is lost). */
  promptly?: boolean;
}

export interface ChiefOfStaff {
  readonly config: CosConfig;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Every exposed tool: the built-in ones sorted by name, then re-exported external ones (`orchestration.reexportExternal`). */
  readonly tools: readonly AnyToolDefinition[];
  /** The agent registry, runner and factory (agents also appear as MCP prompts). */
  readonly agents: AgentsService;
  /** Runs scheduled tasks: `tick()` in a loop for a worker, `runNow(id)` on request. */
  readonly scheduler: SchedulerEngine;
  /** Starts the tick loop (the worker app, or the MCP server when no worker runs); resolves once the default tasks are seeded. */
  startScheduler(options: SchedulerLoopOptions): Promise<SchedulerLoop>;
  /** External MCP servers and the executor's state (for `cos doctor`, `cos stats` and embedders). */
  readonly orchestration: OrchestrationView;
  /** Webhook deliveries: check and store one (`receive`, for an HTTP server), route stored events to agents. */
  readonly webhooks: WebhookReceiver;
  /**
   * The people who may sign in over HTTP and their personal access tokens (ADR 0074), on the configured storage: what
   * an HTTP server checks each request's credentials against.
   */
  readonly accounts: { readonly users: UsersRepository; readonly accessTokens: AccessTokensRepository };
  /** Calls a tool by name; never throws for tool failures — they come back as `{ ok: false, error }`. */
  callTool(name: string, args: unknown, options?: ToolCallOptions): Promise<ToolRunResult>;
  /**
   * Loads the vector store and the embedding model in the background when the data directory has vectors, so a
   * long-running process answers its first semantic query without waiting for them (servers call it after start).
   * Resolves `false` when there was nothing to warm up.
   */
  warmUpSemanticSearch(): Promise<boolean>;
  /**
   * Releases databases and background work. Safe to call twice. By default it first writes every queued fact vector;
   * `promptly` (for a process stopping on a signal) leaves vectors still waiting for the model to the catch-up — the
   * facts themselves are stored and stay searchable by text, and the next search or the nightly maintenance embeds
   * them.
   */
  close(options?: CloseOptions): Promise<void>;
}
