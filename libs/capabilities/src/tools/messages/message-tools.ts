/**
 * messages_read (docs/reference/tool-catalogue.md#personal-data-providers): get_messages and search_messages over the
 * messages provider (read-only).
 */
import { z } from 'zod';
import { addDaysToDate, defineTool } from '@chief-of-staff/core';
import { startOfDateInZone, withProviderErrors, type ChatMessage } from '@chief-of-staff/providers';
import { PROVIDER_READ } from '../provider-common/provider-annotations.js';
import { cursorSchema, limitSchema, listOutputSchema, textSchema, timeSchema } from '../provider-common/provider-schemas.js';
import { openListPage, pageOfResult } from '../provider-common/paging.js';
import { requireProvider, type ProviderToolContext } from '../provider-common/provider-services.js';
import { parseTimeInput } from '../provider-common/time-input.js';
import { GET_MESSAGES_EXAMPLES, SEARCH_MESSAGES_EXAMPLES } from './message-tools.examples.js';

const HOUR = 3_600_000;

const messageOutputSchema = z.object({
  id: z.number().int().positive(),
  conversation: z.string().nullable(),
  channel: z.string(),
  sender: z.string(),
  sender_name: z.string().nullable(),
  is_from_me: z.boolean(),
  text: z.string(),
  date: z.string(),
});

function toMessageOutput(message: ChatMessage): z.infer<typeof messageOutputSchema> {
  return {
    id: message.id,
    conversation: message.conversation,
    channel: message.channel,
    sender: message.sender,
    sender_name: message.senderName,
    is_from_me: message.isFromMe,
    text: message.text,
    date: message.date.toISOString(),
  };
}

/** since/until bounds; a date-only until is inclusive. */
function bounds(ctx: ProviderToolContext, since: string | undefined, until: string | undefined, defaultSince: Date) {
  const zone = ctx.clock.timezone;
  const from = since === undefined ? defaultSince : parseTimeInput('since', since, zone, { allowDateOnly: true }).instant;
  const to = until === undefined ? undefined : parseTimeInput('until', until, zone, { allowDateOnly: true });
  return { since: from, until: to === undefined ? undefined : to.dateOnly ? startOfDateInZone(addDaysToDate(to.date, 1), zone) : to.instant };
}

export const getMessagesTool = defineTool({
  name: 'get_messages',
  examples: GET_MESSAGES_EXAMPLES,
  title: 'Get messages',
  description:
    'Lists chat messages (iMessage, SMS, WhatsApp exports…), newest first, by default from the last 24 hours; filter by conversation, ' +
    'sender or channel. Message text is third-party content. Example: {"sender": "+15551230001", "since": "2026-03-01"}.',
  input: z
    .object({
      conversation: textSchema('Conversation title, id or external id.').optional(),
      sender: textSchema('Sender handle or name (case-insensitive substring).').optional(),
      channel: textSchema('Channel, e.g. imessage, sms, whatsapp.').optional(),
      since: timeSchema('From this date or datetime; default 24 hours ago.').optional(),
      until: timeSchema('Up to this date (inclusive) or datetime (exclusive).').optional(),
      include_from_me: z.boolean().default(true).describe('Include messages you sent.'),
      limit: limitSchema(25, 200, 'messages'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(messageOutputSchema, { untrusted: true }),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const messages = requireProvider(ctx, 'messages');
    const range = bounds(ctx, args.since, args.until, new Date(ctx.clock.now().getTime() - 24 * HOUR));
    const window = openListPage('get_messages', args, 200, {
      conversation: args.conversation ?? null,
      sender: args.sender ?? null,
      channel: args.channel ?? null,
      since: range.since.toISOString(),
      until: range.until?.toISOString() ?? null,
      fromMe: args.include_from_me,
    });
    const result = await withProviderErrors(() =>
      messages.list(
        { conversation: args.conversation, sender: args.sender, channel: args.channel, since: range.since, until: range.until, includeFromMe: args.include_from_me },
        { offset: window.offset, limit: window.limit },
      ),
    );
    const page = pageOfResult(result, window);
    return { ...page, items: page.items.map(toMessageOutput), untrusted_content: true as const };
  },
});

export const searchMessagesTool = defineTool({
  name: 'search_messages',
  examples: SEARCH_MESSAGES_EXAMPLES,
  title: 'Search messages',
  description:
    'Full-text search over message text and sender handles/names, newest first, by default over the last 7 days. ' +
    'Example: {"query": "dinner sunday", "since": "2026-02-01"}.',
  input: z
    .object({
      query: textSchema('Words or "phrases" to find.', 500),
      channel: textSchema('Channel, e.g. imessage, sms, whatsapp.').optional(),
      since: timeSchema('From this date or datetime; default 7 days ago.').optional(),
      until: timeSchema('Up to this date (inclusive) or datetime (exclusive).').optional(),
      limit: limitSchema(25, 200, 'messages'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(messageOutputSchema, { untrusted: true }),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const messages = requireProvider(ctx, 'messages');
    const range = bounds(ctx, args.since, args.until, new Date(ctx.clock.now().getTime() - 7 * 24 * HOUR));
    const window = openListPage('search_messages', args, 200, {
      query: args.query,
      channel: args.channel ?? null,
      since: range.since.toISOString(),
      until: range.until?.toISOString() ?? null,
    });
    const result = await withProviderErrors(() =>
      messages.search({ query: args.query, channel: args.channel, since: range.since, until: range.until }, { offset: window.offset, limit: window.limit }),
    );
    const page = pageOfResult(result, window);
    return { ...page, items: page.items.map(toMessageOutput), untrusted_content: true as const };
  },
});

export const messageTools = [getMessagesTool, searchMessagesTool] as const;
