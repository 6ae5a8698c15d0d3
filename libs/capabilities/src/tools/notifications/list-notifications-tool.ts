/**
 * `list_notifications`: what has already been sent to the user, newest first, read from the notification log that
 * every notification lands in whatever channel carried it (alerts, scheduled results, send_notification).
 */
import { z } from 'zod';
import { defineTool, type ToolContext } from '@chief-of-staff/core';
import { NOTIFICATION_LIST_LIMITS, NOTIFICATION_ORIGINS, NOTIFICATION_STATUSES, NOTIFICATION_URGENCIES, type NotificationRecord } from '@chief-of-staff/stores';
import { LOCAL_READ } from '../memory-common/annotations.js';
import { cursorSchema, limitSchema, listOutputSchema, withWarnings } from '../memory-common/memory-schemas.js';
import type { MemoryServices } from '../memory-common/memory-services.js';
import { LIST_NOTIFICATIONS_EXAMPLES } from './list-notifications-tool.examples.js';

const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  message: z.string(),
  urgency: z.enum(NOTIFICATION_URGENCIES),
  status: z.enum(NOTIFICATION_STATUSES),
  channels: z.array(z.string()),
  origin: z.enum(NOTIFICATION_ORIGINS),
  run_id: z.string().nullable(),
  sent_at: z.string(),
});

export function toNotificationOutput(record: NotificationRecord): z.input<typeof notificationSchema> {
  return {
    id: record.id,
    title: record.title,
    subtitle: record.subtitle,
    message: record.body,
    urgency: record.urgency,
    status: record.status,
    channels: record.channels,
    origin: record.origin,
    run_id: record.runId,
    sent_at: record.createdAt,
  };
}

export const listNotificationsTool = defineTool({
  name: 'list_notifications',
  examples: LIST_NOTIFICATIONS_EXAMPLES,
  title: 'List notifications',
  description:
    'Lists notifications already sent to the user (alerts, scheduled results, send_notification), newest first, with how each was ' +
    'delivered (delivered, logged, failed) and by which channels. Use it to see what the user was told, or to avoid repeating it. ' +
    'Example: {"since": "2026-11-20T00:00:00Z", "origin": "alert"}.',
  input: z
    .object({
      since: z.iso.datetime({ offset: true }).optional().describe('Only notifications sent at or after this instant (ISO 8601).'),
      origin: z.enum(NOTIFICATION_ORIGINS).optional().describe('Only those from this source: tool, scheduler, alert or agent.'),
      status: z.enum(NOTIFICATION_STATUSES).optional().describe('Only those with this outcome: delivered, logged or failed.'),
      limit: limitSchema(NOTIFICATION_LIST_LIMITS.defaultLimit, NOTIFICATION_LIST_LIMITS.maxLimit, 'notifications'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(notificationSchema),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const page = await ctx.services.memory.notifications.list(
      { since: args.since === undefined ? undefined : new Date(args.since).toISOString(), origin: args.origin, status: args.status },
      { limit: args.limit, cursor: args.cursor },
    );
    return withWarnings({ items: page.items.map(toNotificationOutput), next_cursor: page.next_cursor, total: page.total }, page.warnings);
  },
});
