/**
 * list_inbound_events and get_event_summary: what came in across mail, messages and webhooks, as one list or as
 * counts per channel and per sender over a window. Contents are third-party data (`untrusted_content: true`).
 */
import { z } from 'zod';
import { defineTool, type ToolContext } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import type { ProviderRegistry } from '@chief-of-staff/providers';
import { LOCAL_READ } from '../memory-common/annotations.js';
import { cursorSchema, limitSchema } from '../memory-common/memory-schemas.js';
import { decodeOffsetCursor, nextOffsetCursor } from '../shared/offset-cursor.js';
import { gatherInboundEvents, INBOUND_CHANNELS } from './inbound-events.js';
import { LIST_INBOUND_EVENTS_EXAMPLES, GET_EVENT_SUMMARY_EXAMPLES } from './channel-tools.examples.js';

export interface ChannelServices {
  memory: Pick<MemoryStore, 'webhookEvents'>;
  providers: Pick<ProviderRegistry, 'mail' | 'messages'>;
}

/** Senders beyond this many are left out of a summary's per-person counts. */
const TOP_SENDERS = 20;
const SUMMARY_SAMPLE = 1_000;

const eventSchema = z.object({
  channel: z.enum(INBOUND_CHANNELS),
  source: z.string(),
  event_type: z.string(),
  content_preview: z.string(),
  received_at: z.string(),
  raw_id: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});
const sourcesSchema = z.record(z.string(), z.string());

export const listInboundEventsTool = defineTool({
  name: 'list_inbound_events',
  examples: LIST_INBOUND_EVENTS_EXAMPLES,
  title: 'List inbound events',
  description:
    'What came in across mail, chat messages and webhooks, newest first, as one list: sender, kind, a 200-character preview and when. ' +
    'Sources that are off are named in `sources`. Contents are third-party data. Example: {"channel": "mail", "since": "2026-03-09T00:00:00Z"}.',
  input: z
    .object({
      channel: z.enum(INBOUND_CHANNELS).optional().describe('Only this channel: message, mail or webhook.'),
      event_type: z.string().trim().min(1).max(200).optional().describe('Only this kind (email, message, or a webhook event type).'),
      since: z.iso.datetime({ offset: true }).optional().describe('From this instant (ISO 8601; default: 24 hours ago).'),
      limit: limitSchema(25, 100, 'events'),
      cursor: cursorSchema,
    })
    .strict(),
  output: z.object({ items: z.array(eventSchema), next_cursor: z.string().nullable(), sources: sourcesSchema, untrusted_content: z.literal(true) }),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<ChannelServices>) {
    const offset = decodeOffsetCursor(args.cursor);
    const since = args.since === undefined ? new Date(ctx.clock.now().getTime() - 86_400_000) : new Date(args.since);
    const { events, status } = await gatherInboundEvents(
      { memory: ctx.services.memory, providers: ctx.services.providers, logger: ctx.logger },
      { ...(args.channel ? { channel: args.channel } : {}), ...(args.event_type ? { eventType: args.event_type } : {}), since, perChannel: offset + args.limit + 1 },
    );
    const next = nextOffsetCursor(offset, args.limit, events.length);
    return { items: events.slice(offset, offset + args.limit), next_cursor: next, sources: status, untrusted_content: true as const };
  },
});

export const getEventSummaryTool = defineTool({
  name: 'get_event_summary',
  examples: GET_EVENT_SUMMARY_EXAMPLES,
  title: 'Inbound summary',
  description:
    'How much came in over the last hours: counts of mail, messages and webhook events, the total, and who sent the most. ' +
    'Example: {"hours": 24}.',
  input: z.object({ hours: z.number().int().min(1).max(720).default(24).describe('The window, in hours (1–720).') }).strict(),
  output: z.object({
    window_start: z.string(),
    counts: z.object({ message: z.number().int(), mail: z.number().int(), webhook: z.number().int() }),
    total: z.number().int(),
    by_person: z.array(z.object({ source: z.string(), channel: z.enum(INBOUND_CHANNELS), count: z.number().int() })),
    sources: sourcesSchema,
  }),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<ChannelServices>) {
    const since = new Date(ctx.clock.now().getTime() - args.hours * 3_600_000);
    const { events, status } = await gatherInboundEvents({ memory: ctx.services.memory, providers: ctx.services.providers, logger: ctx.logger }, { since, perChannel: SUMMARY_SAMPLE });
    const counts = { message: 0, mail: 0, webhook: 0 };
    const people = new Map<string, { source: string; channel: (typeof INBOUND_CHANNELS)[number]; count: number }>();
    for (const event of events) {
      counts[event.channel] += 1;
      const key = `${event.channel}\u0000${event.source.toLowerCase()}`;
      const entry = people.get(key) ?? { source: event.source, channel: event.channel, count: 0 };
      entry.count += 1;
      people.set(key, entry);
    }
    const byPerson = [...people.values()].sort((a, b) => b.count - a.count || a.source.localeCompare(b.source)).slice(0, TOP_SENDERS);
    return { window_start: since.toISOString(), counts, total: events.length, by_person: byPerson, sources: status };
  },
});

export const channelTools = [listInboundEventsTool, getEventSummaryTool] as const;
