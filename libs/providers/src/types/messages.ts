/**
 * The messages provider contract (docs/reference/tool-catalogue.md#personal-data-providers): read-only conversations
 * from chat services.
 */
import type { PageResult } from './mail.js';

export interface ChatMessage {
  id: number;
  conversationId: number | null;
  conversation: string | null;
  channel: string;
  sender: string;
  senderName: string | null;
  isFromMe: boolean;
  text: string;
  date: Date;
}

export interface MessageQuery {
  /** Conversation title, external id, or numeric id. */
  conversation?: string;
  /** Sender handle or name (case-insensitive substring). */
  sender?: string;
  channel?: string;
  since?: Date;
  until?: Date;
  includeFromMe?: boolean;
}

export interface MessageSearchQuery {
  query: string;
  channel?: string;
  since?: Date;
  until?: Date;
}

export interface MessagePage {
  offset: number;
  limit: number;
}

export interface MessageProvider {
  readonly name: string;
  /** Newest first (date desc, id desc). */
  list(query: MessageQuery, page: MessagePage): Promise<PageResult<ChatMessage>>;
  search(query: MessageSearchQuery, page: MessagePage): Promise<PageResult<ChatMessage>>;
}
