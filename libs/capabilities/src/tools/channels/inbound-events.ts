/**
 * One view over what came in: mail in the inboxes, chat messages and webhook events, normalised to
 * `{channel, source, event_type, content_preview, received_at, raw_id, metadata}` and computed live from the
 * providers and the webhook table (nothing new is stored). A source that is off or failing is reported in
 * `sources` and simply contributes nothing.
 */
import type { Logger } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import type { ProviderRegistry } from '@chief-of-staff/providers';

export const INBOUND_CHANNELS = ['message', 'mail', 'webhook'] as const;
export type InboundChannel = (typeof INBOUND_CHANNELS)[number];

export interface InboundEvent {
  channel: InboundChannel;
  source: string;
  event_type: string;
  content_preview: string;
  received_at: string;
  raw_id: string;
  metadata: Record<string, unknown>;
}

export interface InboundSources {
  memory: Pick<MemoryStore, 'webhookEvents'>;
  providers: Pick<ProviderRegistry, 'mail' | 'messages'>;
  logger?: Logger;
}

export interface InboundQuery {
  channel?: InboundChannel;
  eventType?: string;
  since: Date;
  /** How many of the newest events to gather per channel. */
  perChannel: number;
}

const preview = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);

async function mailEvents(sources: InboundSources, query: InboundQuery): Promise<InboundEvent[]> {
  const mail = sources.providers.mail;
  if (!mail) throw new Error('not configured');
  const boxes = (await mail.mailboxes()).filter((box) => box.role === 'inbox');
  const pages = await Promise.all(boxes.map((box) => mail.list({ mailbox: box.name, account: box.account, since: query.since }, { offset: 0, limit: query.perChannel })));
  return pages.flatMap((page) =>
    page.items.map((header) => ({
      channel: 'mail' as const,
      source: header.from.address,
      event_type: 'email',
      content_preview: preview(`${header.subject} — ${header.snippet}`),
      received_at: header.date.toISOString(),
      raw_id: header.id,
      metadata: { subject: header.subject, mailbox: header.mailbox, read: header.read, flagged: header.flagged, ...(header.from.name ? { sender_name: header.from.name } : {}) },
    })),
  );
}

async function messageEvents(sources: InboundSources, query: InboundQuery): Promise<InboundEvent[]> {
  const messages = sources.providers.messages;
  if (!messages) throw new Error('not configured');
  const page = await messages.list({ since: query.since, includeFromMe: true }, { offset: 0, limit: query.perChannel });
  return page.items.map((message) => ({
    channel: 'message' as const,
    source: message.sender,
    event_type: 'message',
    content_preview: preview(message.text),
    received_at: message.date.toISOString(),
    raw_id: String(message.id),
    metadata: { conversation: message.conversation, is_from_me: message.isFromMe, service: message.channel, ...(message.senderName ? { sender_name: message.senderName } : {}) },
  }));
}

async function webhookEvents(sources: InboundSources, query: InboundQuery): Promise<InboundEvent[]> {
  const page = await sources.memory.webhookEvents.list({ since: query.since.toISOString(), ...(query.eventType ? { eventType: query.eventType } : {}) }, { limit: Math.min(500, query.perChannel) });
  return page.items.map((event) => ({
    channel: 'webhook' as const,
    source: event.source,
    event_type: event.eventType,
    content_preview: preview(event.payload),
    received_at: event.receivedAt,
    raw_id: String(event.id),
    metadata: { status: event.status },
  }));
}

export async function gatherInboundEvents(sources: InboundSources, query: InboundQuery): Promise<{ events: InboundEvent[]; status: Record<InboundChannel, string> }> {
  const status = { message: 'skipped', mail: 'skipped', webhook: 'skipped' } as Record<InboundChannel, string>;
  const wanted = (channel: InboundChannel) => query.channel === undefined || query.channel === channel;
  const gather = async (channel: InboundChannel, work: () => Promise<InboundEvent[]> | InboundEvent[]): Promise<InboundEvent[]> => {
    if (!wanted(channel)) return [];
    try {
      const events = await work();
      status[channel] = 'ok';
      return events;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      status[channel] = reason === 'not configured' ? 'not_configured' : 'unavailable';
      if (reason !== 'not configured') sources.logger?.warn({ err: error, channel }, 'an inbound source failed; its events are left out');
      return [];
    }
  };
  const [mail, messages, webhooks] = await Promise.all([
    gather('mail', () => mailEvents(sources, query)),
    gather('message', () => messageEvents(sources, query)),
    gather('webhook', () => webhookEvents(sources, query)),
  ]);
  const events = [...mail, ...messages, ...webhooks]
    .filter((event) => query.eventType === undefined || event.event_type === query.eventType)
    .sort((a, b) => b.received_at.localeCompare(a.received_at) || a.raw_id.localeCompare(b.raw_id));
  return { events, status };
}
