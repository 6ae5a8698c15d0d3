/**
 * The contract every scheduled-task handler meets, and the ports through which handlers reach what the scheduler
 * library does not own (the agent runtime, the notifier chain, vector maintenance). The sdk implements the ports;
 * the scheduler never imports the agents or documents libraries. There is no handler that runs commands.
 */
import type { z } from 'zod';
import type { Clock, CosConfig, Logger } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';

export interface NotificationPort {
  notify(request: { title: string; body: string; urgency?: 'low' | 'normal' | 'high'; origin: 'scheduler' | 'alert' }): Promise<{ delivered: boolean; channels: string[]; error?: string }>;
}

export interface AgentRunPort {
  /** Runs an agent without a person present (trigger `scheduler`); resolves with its final text. */
  run(agent: string, instruction: string, options: { signal: AbortSignal; timeoutSeconds?: number }): Promise<{ runId: string; status: string; text: string }>;
}

export interface MaintenancePort {
  /** Embeds facts still waiting for a vector; returns how many. */
  embedPendingFacts(signal: AbortSignal): Promise<number>;
  /** Compacts the vector tables. */
  compactVectors(signal: AbortSignal): Promise<void>;
}

export interface SkillAnalysisPort {
  analyze(options: { minOccurrences?: number; threshold?: number }): Promise<Record<string, unknown>>;
}

export interface WebhookPort {
  /** Routes new webhook events, and failed ones with attempts left, to their agents. */
  dispatchPending(signal: AbortSignal): Promise<{ processed: number; failed: number; unrouted: number }>;
  /** Imports the JSON files dropped into the inbox folder. */
  importInbox(signal: AbortSignal): Promise<{ imported: number; duplicates: number; failed: number; skipped?: string }>;
}

export interface ProactivePort {
  /** Delivers high-priority suggestions not pushed before; returns how many. */
  pushNew(signal: AbortSignal): Promise<{ pushed: number; text?: string }>;
}

export interface CalendarFeedsPort {
  /** Refreshes the subscribed calendar feeds that are due (all of them with `force`); one result per feed. */
  sync(options: { force: boolean; signal: AbortSignal }): Promise<Array<{ name: string; status: string; error?: string } & Record<string, unknown>>>;
}

export interface SchedulerPorts {
  memory: MemoryStore;
  config: CosConfig;
  clock: Clock;
  logger: Logger;
  notifications?: NotificationPort;
  agents?: AgentRunPort;
  maintenance?: MaintenancePort;
  skills?: SkillAnalysisPort;
  webhooks?: WebhookPort;
  proactive?: ProactivePort;
  calendarFeeds?: CalendarFeedsPort;
}

export interface HandlerContext extends SchedulerPorts {
  task: { id: number; name: string };
  signal: AbortSignal;
}

/** What a run produced: `text` (when there is one) is what delivery sends; `data` is stored as the run result. */
export interface HandlerResult {
  text?: string;
  data: Record<string, unknown>;
}

export interface TaskHandler<TConfig = unknown> {
  readonly type: string;
  readonly description: string;
  /**
   * True when the handler works only on the running person's own rows (their agents, briefings, alerts), so any
   * signed-in user may schedule it. Otherwise (the default, also for an embedder's own handlers) it reaches what the
   * owner configured for the server — the webhook inbox, the calendar feeds, maintenance, the notifier — and only the
   * owner may schedule or run it (ADR 0096).
   */
  readonly personal?: boolean;
  readonly config: z.ZodType<TConfig>;
  run(config: TConfig, ctx: HandlerContext): Promise<HandlerResult>;
}

/** Any handler, whatever its config type. */
export type AnyTaskHandler = TaskHandler<never>;
