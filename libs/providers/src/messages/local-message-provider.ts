/**
 * The embedded messages store (docs/reference/tool-catalogue.md#personal-data-providers): conversations and messages
 * imported from chat exports, searchable with FTS5 over text and sender. Read-only to tools; only imports write.
 */
import { type CosDatabase, foldCase, containsPattern } from '@chief-of-staff/stores';
import type { Statement } from 'better-sqlite3';
import { statementCache } from '../shared/statement-cache.js';
import { ProviderError } from '../errors/provider-error.js';
import { buildFtsQuery } from '../shared/text-match.js';
import type { PageResult } from '../types/mail.js';
import type { ChatMessage, MessagePage, MessageProvider, MessageQuery, MessageSearchQuery } from '../types/messages.js';
import type { ImportedMessage } from './import/message-record.js';

const PROVIDER = 'local-messages';
/** `provider` column value of imported messages and conversations. */
export const LOCAL_MESSAGES_PROVIDER = 'local';

/** Above this many full-text matches, search walks the time index instead of sorting every match. */
const DATE_SCAN_THRESHOLD = 2_000;

interface Row {
  id: number;
  conversation_id: number;
  conversation: string | null;
  channel: string;
  sender_handle: string;
  sender_name: string | null;
  is_from_me: number;
  text: string;
  sent_at: string;
}

const COLUMNS = `m.id, m.conversation_id, coalesce(c.title, c.external_id) AS conversation, m.channel, m.sender_handle,
  m.sender_name, m.is_from_me, m.text, m.sent_at`;

function toMessage(row: Row): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    conversation: row.conversation,
    channel: row.channel,
    sender: row.sender_handle,
    senderName: row.sender_name,
    isFromMe: row.is_from_me === 1,
    text: row.text,
    date: new Date(row.sent_at),
  };
}

export class LocalMessageProvider implements MessageProvider {
  readonly name = 'local';

  private readonly prepare: (sql: string) => Statement;

  constructor(
    store: CosDatabase,
    private readonly options: { dateScanThreshold?: number } = {},
  ) {
    this.prepare = statementCache(store);
  }


  private page(where: string[], params: unknown[], page: MessagePage, fts: boolean): PageResult<ChatMessage> {
    // Like mail search: many full-text matches walk the time index newest-first instead of sorting every match.
    const walk = fts && this.manyMatches(params[0] as string);
    const from = !fts
      ? `messages m JOIN conversations c ON c.id = m.conversation_id`
      : walk
        ? `messages m INDEXED BY messages_sent_at_idx JOIN conversations c ON c.id = m.conversation_id`
        : `messages_fts f JOIN messages m ON m.id = f.rowid JOIN conversations c ON c.id = m.conversation_id`;
    if (walk) where[0] = 'm.id IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?)';
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const rows = this.prepare(`SELECT ${COLUMNS} FROM ${from} ${clause} ORDER BY m.sent_at DESC, m.id DESC LIMIT ? OFFSET ?`).all(
      ...params,
      page.limit + 1,
      page.offset,
    ) as Row[];
    const hasMore = rows.length > page.limit;
    const items = rows.slice(0, page.limit).map(toMessage);
    return { items, total: hasMore ? null : page.offset + items.length, hasMore };
  }

  private manyMatches(match: string): boolean {
    const threshold = this.options.dateScanThreshold ?? DATE_SCAN_THRESHOLD;
    const row = this.prepare(`SELECT count(*) AS n FROM (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? LIMIT ?)`).get(match, threshold + 1) as {
      n: number;
    };
    return row.n > threshold;
  }

  private range(query: { since?: Date; until?: Date; channel?: string }, where: string[], params: unknown[]): void {
    if (query.channel !== undefined) {
      where.push('m.channel = ?');
      params.push(query.channel.trim().toLowerCase());
    }
    if (query.since) {
      where.push('m.sent_at >= ?');
      params.push(query.since.toISOString());
    }
    if (query.until) {
      where.push('m.sent_at < ?');
      params.push(query.until.toISOString());
    }
  }

  async list(query: MessageQuery, page: MessagePage): Promise<PageResult<ChatMessage>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.conversation !== undefined) {
      const value = query.conversation.trim();
      where.push(`(c.external_id = ? OR cos_fold(coalesce(c.title, '')) = ?${/^\d+$/.test(value) ? ' OR c.id = ?' : ''})`);
      params.push(value, foldCase(value), ...(/^\d+$/.test(value) ? [Number(value)] : []));
    }
    if (query.sender !== undefined) {
      const pattern = containsPattern(query.sender.trim());
      where.push(`(cos_fold(m.sender_handle) LIKE ? ESCAPE '\\' OR cos_fold(coalesce(m.sender_name, '')) LIKE ? ESCAPE '\\')`);
      params.push(pattern, pattern);
    }
    if (query.includeFromMe === false) where.push('m.is_from_me = 0');
    this.range(query, where, params);
    return this.page(where, params, page, false);
  }

  async search(query: MessageSearchQuery, page: MessagePage): Promise<PageResult<ChatMessage>> {
    const match = buildFtsQuery(query.query);
    if (!match) {
      throw new ProviderError('invalid', 'query: needs at least one letter or digit to search for.', { provider: PROVIDER, details: { field: 'query' } });
    }
    const where = ['messages_fts MATCH ?'];
    const params: unknown[] = [match];
    this.range(query, where, params);
    return this.page(where, params, page, true);
  }

  /** Stores one imported message (and its conversation); an already known external id is skipped. */
  importMessage(message: ImportedMessage): { imported: boolean } {
    this.prepare(
      `INSERT INTO conversations (provider, external_id, channel, title, participants) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (provider, external_id) DO UPDATE SET
         title = coalesce(excluded.title, conversations.title),
         participants = CASE WHEN excluded.participants = '[]' THEN conversations.participants ELSE excluded.participants END`,
    ).run(LOCAL_MESSAGES_PROVIDER, message.conversationId, message.channel, message.conversationTitle, JSON.stringify(message.participants));
    const conversation = this.prepare(`SELECT id FROM conversations WHERE provider = ? AND external_id = ?`).get(
      LOCAL_MESSAGES_PROVIDER,
      message.conversationId,
    ) as { id: number };
    const result = this.prepare(
      `INSERT INTO messages (provider, external_id, conversation_id, channel, sender_handle, sender_name, is_from_me, text, sent_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (provider, external_id) DO NOTHING`,
    ).run(
      LOCAL_MESSAGES_PROVIDER,
      message.externalId,
      conversation.id,
      message.channel,
      message.senderHandle,
      message.senderName,
      message.isFromMe ? 1 : 0,
      message.text,
      message.sentAt.toISOString(),
    );
    return { imported: result.changes > 0 };
  }
}
