/**
 * The local messages store behind the storage port (docs/reference/tool-catalogue.md#personal-data-providers):
 * conversations and the messages imported from chat exports, listed and searched newest first. Rows in, rows out —
 * mapping to the provider's types and its errors stay in `@chief-of-staff/providers`. The SQLite adapter (`@chief-of-staff/sqlite`)
 * searches with the `messages_fts` FTS5 table; the PostgreSQL one (`@chief-of-staff/postgres`) with `messages.search_vector`
 * (ADR 0073).
 */

/** A stored message with its conversation's title (or, without one, its external id). */
export interface MessageRow {
  id: number;
  conversationId: number;
  conversation: string | null;
  channel: string;
  senderHandle: string;
  senderName: string | null;
  isFromMe: boolean;
  text: string;
  /** UTC instant (ISO-8601 with milliseconds). */
  sentAt: string;
}

/** Filters shared by listing and searching; every one optional. */
export interface MessageRangeFilters {
  /** Exact channel (the provider lower-cases it). */
  channel?: string | undefined;
  /** Sent at or after this ISO instant. */
  since?: string | undefined;
  /** Sent before this ISO instant. */
  until?: string | undefined;
}

export interface ListMessagesFilters extends MessageRangeFilters {
  /** A conversation's external id, its title (case-folded), or its numeric id. */
  conversation?: string | undefined;
  /** Case-folded substring of the sender's handle or name. */
  sender?: string | undefined;
  /** `false` leaves out the user's own messages. */
  includeFromMe?: boolean | undefined;
}

/** Rows `offset` … `offset + limit - 1` of the newest-first order. */
export interface MessagesPageRequest {
  offset: number;
  limit: number;
}

/** A page of messages, newest first (sent time, then id, descending), and whether more follow. */
export interface MessagesPage {
  rows: MessageRow[];
  hasMore: boolean;
}

/** One message of an import, with the conversation it belongs to. */
export interface ImportMessageInput {
  /** The message's id in the export: a message already stored under it is skipped. */
  externalId: string;
  conversationExternalId: string;
  /** Replaces the stored title when not null. */
  conversationTitle: string | null;
  /** Replaces the stored participants when not empty. */
  participants: string[];
  channel: string;
  senderHandle: string;
  senderName: string | null;
  isFromMe: boolean;
  text: string;
  /** UTC instant (ISO-8601 with milliseconds). */
  sentAt: string;
}

export interface MessagesRepository {
  /** Messages matching every filter, newest first. */
  list(filters: ListMessagesFilters, page: MessagesPageRequest): Promise<MessagesPage>;
  /**
   * Messages whose text, sender handle or sender name holds every phrase (each phrase's words consecutive, in one of
   * those fields; words as FTS5's `unicode61 remove_diacritics 2` tokenizer cuts them), newest first. No phrase finds
   * nothing.
   */
  search(phrases: readonly string[], filters: MessageRangeFilters, page: MessagesPageRequest): Promise<MessagesPage>;
  /**
   * Stores the messages of `provider` and their conversations in one transaction: a conversation is created or its
   * title and participants updated; a message whose external id is known is skipped.
   */
  importMessages(provider: string, messages: readonly ImportMessageInput[]): Promise<{ imported: number; skipped: number }>;
}
