/**
 * `send_notification` (docs/reference/tool-catalogue.md#personal-data-providers): through the notifier chain
 * (desktop, webhook) and always into the notification log. An agent run may send at most five.
 */
import { z } from 'zod';
import { defineTool, ToolError } from '@chief-of-staff/core';
import { withProviderErrors, type NotificationOrigin } from '@chief-of-staff/providers';
import { PROVIDER_CREATE } from '../provider-common/provider-annotations.js';
import { requireProvider, type ProviderToolContext } from '../provider-common/provider-services.js';
import { listNotificationsTool } from './list-notifications-tool.js';
import { SEND_NOTIFICATION_EXAMPLES } from './send-notification-tool.examples.js';

export const MAX_NOTIFICATIONS_PER_RUN = 5;

function originOf(kind: ProviderToolContext['caller']['kind']): NotificationOrigin {
  if (kind === 'agent') return 'agent';
  if (kind === 'scheduler' || kind === 'webhook') return 'scheduler';
  return 'tool';
}

export const sendNotificationTool = defineTool({
  name: 'send_notification',
  examples: SEND_NOTIFICATION_EXAMPLES,
  title: 'Send notification',
  description:
    'Notifies the user: a desktop notification where the machine offers one, the configured webhook (e.g. ntfy) if any, and always the ' +
    'notification log. At most 5 per agent run. Example: {"title": "Board deck due", "message": "The Q3 deck is due tomorrow at 9:00.", "urgency": "high"}.',
  input: z
    .object({
      title: z.string().trim().min(1).max(200).describe('Headline (≤200 characters).'),
      message: z.string().trim().min(1).max(2000).describe('Body (≤2,000 characters).'),
      subtitle: z.string().trim().min(1).max(200).optional().describe('Optional second line.'),
      urgency: z.enum(['low', 'normal', 'high']).default('normal').describe('low, normal or high.'),
      sound: z.boolean().default(true).describe('Play a sound where the desktop supports it.'),
    })
    .strict(),
  output: z.object({
    status: z.enum(['delivered', 'logged']),
    channels: z.array(z.string()),
    notification_id: z.number().int().positive(),
    warnings: z.array(z.string()).optional(),
  }),
  annotations: PROVIDER_CREATE,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const notifier = requireProvider(ctx, 'notifications');
    const runId = ctx.caller.kind === 'agent' ? (ctx.caller.runId ?? null) : null;
    if (runId !== null && (await notifier.countForRun(runId)) >= MAX_NOTIFICATIONS_PER_RUN) {
      throw new ToolError('LIMIT_EXCEEDED', `This run has already sent ${MAX_NOTIFICATIONS_PER_RUN} notifications, the most one run may send.`, {
        hint: 'Combine the remaining updates into your final answer instead.',
        details: { limit: MAX_NOTIFICATIONS_PER_RUN },
      });
    }
    const outcome = await withProviderErrors(() =>
      notifier.notify({
        title: args.title,
        message: args.message,
        subtitle: args.subtitle ?? null,
        urgency: args.urgency,
        sound: args.sound,
        origin: originOf(ctx.caller.kind),
        runId,
      }),
    );
    return {
      status: outcome.status,
      channels: outcome.channels,
      notification_id: outcome.notificationId,
      ...(outcome.failures.length > 0 ? { warnings: outcome.failures.map((f) => `${f.channel} delivery failed: ${f.reason}`) } : {}),
    };
  },
});

/** send_notification and list_notifications (which reads the log through the memory store, key `memory`). */
export const notificationTools = [sendNotificationTool, listNotificationsTool] as const;
