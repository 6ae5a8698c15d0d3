/**
 * The local messages store on SQLite (ADR 0073): conversations and messages, searched with the `messages_fts` FTS5
 * table, newest first.
 */
import { containsPattern, foldCase, type Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import type { ImportMessageInput, MessageRangeFilters, MessageRow, MessagesPage, MessagesPageRequest, MessagesRepository } from '@chief-of-staff/stores';
import { statementCache } from '../db/statement-cache.js';

/** Options of the SQLite adapter. */
export interface SqliteMessagesRepositoryOptions {
  /** Above this many full-text matches, search walks the time index instead of sorting every match. */
  dateScanThreshold?: number;
}

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

function toRow(row: Row): MessageRow {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    conversation: row.conversation,
    channel: row.channel,
    senderHandle: row.sender_handle,
    senderName: row.sender_name,
    isFromMe: row.is_from_me === 1,
    text: row.text,
    sentAt: row.sent_at,
  };
}

/** The FTS5 query of `phrases`: each one a quoted string (operators and column filters in it inert), all required. */
function ftsMatch(phrases: readonly string[]): string {
  return phrases.map((phrase) => `"${phrase.replace(/"/g, ' ')}"`).join(' ');
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createSqliteMessagesRepository(database: CosDatabase, _clock: Clock, options: SqliteMessagesRepositoryOptions = {}): MessagesRepository {
  // Each query text is prepared once: the list filters make a handful of variants.
  const prepare = statementCache(database);

  const manyMatches = (match: string): boolean => {
    const threshold = options.dateScanThreshold ?? DATE_SCAN_THRESHOLD;
    const row = prepare(`SELECT count(*) AS n FROM (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? LIMIT ?)`).get(match, threshold + 1) as {
      n: number;
    };
    return row.n > threshold;
  };

  const page = (where: string[], params: unknown[], request: MessagesPageRequest, fts: boolean): MessagesPage => {
    // Like mail search: many full-text matches walk the time index newest-first instead of sorting every match.
    const walk = fts && manyMatches(params[0] as string);
    const from = !fts
      ? `messages m JOIN conversations c ON c.id = m.conversation_id`
      : walk
        ? `messages m INDEXED BY messages_sent_at_idx JOIN conversations c ON c.id = m.conversation_id`
        : `messages_fts f JOIN messages m ON m.id = f.rowid JOIN conversations c ON c.id = m.conversation_id`;
    if (walk) where[0] = 'm.id IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?)';
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const rows = prepare(`SELECT ${COLUMNS} FROM ${from} ${clause} ORDER BY m.sent_at DESC, m.id DESC LIMIT ? OFFSET ?`).all(
      ...params,
      request.limit + 1,
      request.offset,
    ) as Row[];
    return { rows: rows.slice(0, request.limit).map(toRow), hasMore: rows.length > request.limit };
  };

  const range = (filters: MessageRangeFilters, where: string[], params: unknown[]): void => {
    if (filters.channel !== undefined) {
      where.push('m.channel = ?');
      params.push(filters.channel);
    }
    if (filters.since !== undefined) {
      where.push('m.sent_at >= ?');
      params.push(filters.since);
    }
    if (filters.until !== undefined) {
      where.push('m.sent_at < ?');
      params.push(filters.until);
    }
  };

  const importOne = (provider: string, message: ImportMessageInput): boolean => {
    prepare(
      `INSERT INTO conversations (provider, external_id, channel, title, participants) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (provider, external_id) DO UPDATE SET
         title = coalesce(excluded.title, conversations.title),
         participants = CASE WHEN excluded.participants = '[]' THEN conversations.participants ELSE excluded.participants END`,
    ).run(provider, message.conversationExternalId, message.channel, message.conversationTitle, JSON.stringify(message.participants));
    const conversation = prepare(`SELECT id FROM conversations WHERE provider = ? AND external_id = ?`).get(provider, message.conversationExternalId) as {
      id: number;
    };
    const result = prepare(
      `INSERT INTO messages (provider, external_id, conversation_id, channel, sender_handle, sender_name, is_from_me, text, sent_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (provider, external_id) DO NOTHING`,
    ).run(
      provider,
      message.externalId,
      conversation.id,
      message.channel,
      message.senderHandle,
      message.senderName,
      message.isFromMe ? 1 : 0,
      message.text,
      message.sentAt,
    );
    return result.changes > 0;
  };

  return {
    async list(filters, request) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (filters.conversation !== undefined) {
        const value = filters.conversation;
        const numeric = /^\d+$/.test(value);
        where.push(`(c.external_id = ? OR cos_fold(coalesce(c.title, '')) = ?${numeric ? ' OR c.id = ?' : ''})`);
        params.push(value, foldCase(value), ...(numeric ? [Number(value)] : []));
      }
      if (filters.sender !== undefined) {
        const pattern = containsPattern(filters.sender);
        where.push(`(cos_fold(m.sender_handle) LIKE ? ESCAPE '\\' OR cos_fold(coalesce(m.sender_name, '')) LIKE ? ESCAPE '\\')`);
        params.push(pattern, pattern);
      }
      if (filters.includeFromMe === false) where.push('m.is_from_me = 0');
      range(filters, where, params);
      return page(where, params, request, false);
    },

    async search(phrases, filters, request) {
      if (phrases.length === 0) return { rows: [], hasMore: false };
      const where = ['messages_fts MATCH ?'];
      const params: unknown[] = [ftsMatch(phrases)];
      range(filters, where, params);
      return page(where, params, request, true);
    },

    async importMessages(provider, messages) {
      let imported = 0;
      database.writeTransaction(() => {
        for (const message of messages) if (importOne(provider, message)) imported += 1;
      });
      return { imported, skipped: messages.length - imported };
    },
  };
}
