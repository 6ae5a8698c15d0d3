/**
 * Local messages store tables (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#personal-data-providers): conversations and their messages (read-only to tools).
 * The `messages_fts` full-text index lives in a hand-written custom migration.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';

export const conversations = sqliteTable(
  'conversations',
  {
    id: idColumn(),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    channel: text('channel').notNull(),
    title: text('title'),
    participants: text('participants', { mode: 'json' }).$type<string[]>().notNull().default([]),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('conversations_provider_external_id_uq').on(t.provider, t.externalId)],
);

export const messages = sqliteTable(
  'messages',
  {
    id: idColumn(),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    senderHandle: text('sender_handle').notNull(),
    senderName: text('sender_name'),
    isFromMe: integer('is_from_me', { mode: 'boolean' }).notNull().default(false),
    text: text('text').notNull().default(''),
    /** UTC instant. */
    sentAt: text('sent_at').notNull(),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('messages_provider_external_id_uq').on(t.provider, t.externalId),
    index('messages_sent_at_idx').on(t.sentAt),
    index('messages_conversation_sent_at_idx').on(t.conversationId, t.sentAt),
  ],
);
