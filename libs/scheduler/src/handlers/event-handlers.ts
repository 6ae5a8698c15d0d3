/**
 * Handlers for what arrives from outside and what deserves attention: `webhook_dispatch` routes stored webhook
 * events to their agents (and retries failed ones while attempts remain), `webhook_inbox` imports files dropped into
 * the inbox folder, `proactive_push` delivers new high-priority suggestions once. Each reaches the work through a
 * port, so the scheduler never imports the agents or the providers.
 */
import { z } from 'zod';
import type { TaskHandler } from './task-handler.js';

const noConfig = z.object({}).strict();

function unavailable(what: string): never {
  throw new Error(`${what} is not wired in this process`);
}

export const webhookDispatchHandler: TaskHandler<Record<string, never>> = {
  type: 'webhook_dispatch',
  description: 'Routes waiting webhook events to the agents their rules name, retrying failed ones.',
  config: noConfig,
  async run(_config, ctx) {
    const counts = await (ctx.webhooks ?? unavailable('Webhook routing')).dispatchPending(ctx.signal);
    return { data: counts };
  },
};

export const webhookInboxHandler: TaskHandler<Record<string, never>> = {
  type: 'webhook_inbox',
  description: 'Imports webhook events dropped as JSON files into the inbox folder.',
  config: noConfig,
  async run(_config, ctx) {
    const counts = await (ctx.webhooks ?? unavailable('The webhook inbox')).importInbox(ctx.signal);
    return { data: counts };
  },
};

export const proactivePushHandler: TaskHandler<Record<string, never>> = {
  type: 'proactive_push',
  description: 'Delivers new high-priority suggestions (overdue delegations, deadlines, triggered alerts) once.',
  config: noConfig,
  async run(_config, ctx) {
    const { pushed, text } = await (ctx.proactive ?? unavailable('Proactive suggestions')).pushNew(ctx.signal);
    return { ...(text ? { text } : {}), data: { pushed } };
  },
};
