/**
 * The embedded messages store (docs/reference/tool-catalogue.md#personal-data-providers): conversations and messages
 * imported from chat exports, searchable over text and sender. Read-only to tools; only imports write. The rows live
 * behind the storage port (`MessagesRepository`, ADR 0073).
 */
import type { MessageRow, MessagesPage, MessagesRepository } from '@chief-of-staff/stores';
import { ProviderError } from '../errors/provider-error.js';
import type { PageResult } from '../types/mail.js';
import type { ChatMessage, MessagePage, MessageProvider, MessageQuery, MessageSearchQuery } from '../types/messages.js';
import type { ImportedMessage } from './import/message-record.js';
import { searchPhrases } from '../shared/text-match.js';

const PROVIDER = 'local-messages';
/** `provider` column value of imported messages and conversations. */
export const LOCAL_MESSAGES_PROVIDER = 'local';

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    conversation: row.conversation,
    channel: row.channel,
    sender: row.senderHandle,
    senderName: row.senderName,
    isFromMe: row.isFromMe,
    text: row.text,
    date: new Date(row.sentAt),
  };
}

function toPage(result: MessagesPage, page: MessagePage): PageResult<ChatMessage> {
  const items = result.rows.map(toMessage);
  return { items, total: result.hasMore ? null : page.offset + items.length, hasMore: result.hasMore };
}

function range(query: { since?: Date; until?: Date; channel?: string }) {
  return {
    ...(query.channel === undefined ? {} : { channel: query.channel.trim().toLowerCase() }),
    ...(query.since ? { since: query.since.toISOString() } : {}),
    ...(query.until ? { until: query.until.toISOString() } : {}),
  };
}

export class LocalMessageProvider implements MessageProvider {
  readonly name = 'local';

  constructor(private readonly messages: MessagesRepository) {}

  async list(query: MessageQuery, page: MessagePage): Promise<PageResult<ChatMessage>> {
    const filters = {
      ...(query.conversation === undefined ? {} : { conversation: query.conversation.trim() }),
      ...(query.sender === undefined ? {} : { sender: query.sender.trim() }),
      ...(query.includeFromMe === undefined ? {} : { includeFromMe: query.includeFromMe }),
      ...range(query),
    };
    return toPage(await this.messages.list(filters, page), page);
  }

  async search(query: MessageSearchQuery, page: MessagePage): Promise<PageResult<ChatMessage>> {
    const phrases = searchPhrases(query.query);
    if (phrases.length === 0) {
      throw new ProviderError('invalid', 'query: needs at least one letter or digit to search for.', { provider: PROVIDER, details: { field: 'query' } });
    }
    return toPage(await this.messages.search(phrases, range(query), page), page);
  }

  /** Stores imported messages (and their conversations) in one transaction; already known external ids are skipped. */
  async importMessages(messages: readonly ImportedMessage[]): Promise<{ imported: number; skipped: number }> {
    return this.messages.importMessages(
      LOCAL_MESSAGES_PROVIDER,
      messages.map((message) => ({
        externalId: message.externalId,
        conversationExternalId: message.conversationId,
        conversationTitle: message.conversationTitle,
        participants: message.participants,
        channel: message.channel,
        senderHandle: message.senderHandle,
        senderName: message.senderName,
        isFromMe: message.isFromMe,
        text: message.text,
        sentAt: message.sentAt.toISOString(),
      })),
    );
  }
}
