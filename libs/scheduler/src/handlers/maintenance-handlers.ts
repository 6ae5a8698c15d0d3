/**
 * Housekeeping handlers: `retention` prunes old logs, runs, processed webhook events and notifications by age
 * (keeping the newest 20 runs of every task), embeds facts still waiting for a vector and compacts the vector
 * tables; `skill_analysis` runs the usage-pattern detector and stores its suggestions; `calendar_sync` refreshes the
 * subscribed calendar feeds.
 */
import { z } from 'zod';
import type { TaskHandler } from './task-handler.js';

const DAY_MS = 86_400_000;
const KEEP_RUNS_PER_TASK = 20;

export const retentionHandler: TaskHandler<Record<string, never>> = {
  type: 'retention',
  description: 'Prunes old logs and runs, embeds facts waiting for a vector, compacts the vector tables.',
  config: z.object({}).strict(),
  async run(_config, ctx) {
    const { memory, config, clock } = ctx;
    const days = config.retention;
    const cutoff = (age: number) => new Date(clock.now().getTime() - age * DAY_MS).toISOString();
    const deleted = {
      tool_usage_log: await memory.toolUsage.purgeOlderThan(cutoff(days.usageDays)),
      model_calls: await memory.modelCalls.purgeOlderThan(cutoff(days.modelCallsDays)),
      agent_runs: await memory.agentRuns.purgeOlderThan(cutoff(days.runsDays)),
      // A trace goes with its run: same age limit.
      agent_run_steps: await memory.agentRunSteps.purgeOlderThan(cutoff(days.runsDays)),
      fallback_events: await memory.fallbackEvents.purgeOlderThan(cutoff(days.usageDays)),
      task_runs: await memory.taskRuns.purgeOlderThanKeepingLatest(cutoff(days.taskRunsDays), KEEP_RUNS_PER_TASK),
      webhook_events:
        await memory.webhookEvents.purgeOlderThan(cutoff(days.webhooksDays), ['processed', 'unrouted', 'ignored']) +
        await memory.webhookEvents.purgeOlderThan(cutoff(days.failedWebhooksDays), ['failed']),
      notifications: await memory.notifications.purgeOlderThan(cutoff(days.notificationsDays)),
    };
    const embedded = ctx.maintenance ? await ctx.maintenance.embedPendingFacts(ctx.signal) : 0;
    if (ctx.maintenance) await ctx.maintenance.compactVectors(ctx.signal);
    return { data: { deleted, facts_embedded: embedded, vectors_compacted: ctx.maintenance !== undefined } };
  },
};

const skillConfig = z.object({ min_occurrences: z.number().int().min(2).max(1_000).optional(), threshold: z.number().min(0).max(1).optional() }).strict();

export const skillAnalysisHandler: TaskHandler<z.infer<typeof skillConfig>> = {
  type: 'skill_analysis',
  description: 'Finds repeated tool use and stores agent suggestions.',
  config: skillConfig,
  async run(config, ctx) {
    if (!ctx.skills) return { data: { skipped: 'the skill detector is not wired in this process' } };
    return { data: await ctx.skills.analyze({ minOccurrences: config.min_occurrences, threshold: config.threshold }) };
  },
};

const calendarSyncConfig = z.object({ force: z.boolean().optional() }).strict();

/** `calendar_sync`: refreshes the calendar feeds of `calendar.feeds` whose refresh interval has passed. */
export const calendarSyncHandler: TaskHandler<z.infer<typeof calendarSyncConfig>> = {
  type: 'calendar_sync',
  description: 'Refreshes subscribed calendar feeds (calendar.feeds) that are due.',
  config: calendarSyncConfig,
  async run(config, ctx) {
    if (!ctx.calendarFeeds) return { data: { skipped: 'calendar feeds are not wired in this process' } };
    if (ctx.config.calendar.feeds.length === 0) return { data: { feeds: 0 } };
    const feeds = await ctx.calendarFeeds.sync({ force: config.force === true, signal: ctx.signal });
    const failed = feeds.filter((feed) => feed.status === 'failed');
    return {
      ...(failed.length > 0 ? { text: failed.map((feed) => `Calendar feed ${feed.name}: ${feed.error ?? 'failed'}`).join('\n') } : {}),
      data: { feeds },
    };
  },
};
