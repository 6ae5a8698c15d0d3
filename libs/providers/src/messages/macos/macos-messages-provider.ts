/**
 * Read-only provider over the macOS Messages database (`~/Library/Messages/chat.db`). The file is opened with
 * `readonly: true` and never written; reading it needs Full Disk Access, and without it the provider reports
 * NOT_CONFIGURED with that hint.
 */
import { foldCase, containsPattern } from '@chief-of-staff/core';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ProviderError } from '../../errors/provider-error.js';
import type { PageResult } from '../../types/mail.js';
import type { ChatMessage, MessagePage, MessageProvider, MessageQuery, MessageSearchQuery } from '../../types/messages.js';
import { appleSecondsSql, appleTimeToDate, dateToAppleSeconds } from './apple-time.js';
import { textFromAttributedBody } from './attributed-body.js';

const PROVIDER = 'macos-messages';

export interface MacosMessagesOptions {
  /** Defaults to `~/Library/Messages/chat.db`. */
  path?: string;
  /** Shown as the sender of the user's own messages. */
  selfHandle?: string;
}

export function defaultChatDbPath(): string {
  return join(homedir(), 'Library', 'Messages', 'chat.db');
}

interface Row {
  id: number;
  text: string | null;
  body: Buffer | null;
  date: number;
  is_from_me: number;
  service: string | null;
  handle: string | null;
  chat_id: number | null;
  chat_identifier: string | null;
  display_name: string | null;
}

function selectSql(hasBody: boolean): string {
  return `
  SELECT m.ROWID AS id, m.text AS text, ${hasBody ? 'm.attributedBody' : 'NULL'} AS body, m.date AS date, m.is_from_me AS is_from_me,
         m.service AS service, h.id AS handle, c.ROWID AS chat_id, c.chat_identifier AS chat_identifier,
         c.display_name AS display_name
  FROM message m
  LEFT JOIN handle h ON h.ROWID = m.handle_id
  LEFT JOIN chat_message_join cmj ON cmj.message_id = m.ROWID
  LEFT JOIN chat c ON c.ROWID = cmj.chat_id`;
}

export class MacosMessagesProvider implements MessageProvider {
  readonly name = 'macos';
  private db: Database.Database | null = null;
  private readonly path: string;
  /** Columns differ across macOS versions; these are read once at open. */
  private select = selectSql(true);
  private plainOnly = '1 = 1';
  private bodyColumn = 'm.attributedBody';

  constructor(private readonly options: MacosMessagesOptions = {}) {
    this.path = options.path ?? defaultChatDbPath();
  }

  private open(): Database.Database {
    if (this.db) return this.db;
    if (!existsSync(this.path)) {
      throw new ProviderError('not_configured', `The macOS Messages database was not found at ${this.path}.`, {
        provider: PROVIDER,
        hint: 'Set messages.chatDbPath in cos.config.yaml, or set providers.messages to "local" and import messages with `cos import messages <file>`.',
      });
    }
    try {
      const db = new Database(this.path, { readonly: true, fileMustExist: true });
      db.pragma('query_only = ON');
      db.function('cos_fold', { deterministic: true }, (value: unknown) =>
        typeof value === 'string' ? foldCase(value) : null,
      );
      db.function('cos_text', { deterministic: true }, (text: unknown, body: unknown) =>
        typeof text === 'string' && text !== '' ? text : textFromAttributedBody(body instanceof Uint8Array ? body : null),
      );
      const columns = new Set(
        (db.prepare('PRAGMA table_info(message)').all() as { name: string }[]).map((column) => column.name),
      );
      if (columns.size === 0) throw new Error('no message table');
      const hasBody = columns.has('attributedBody');
      this.select = selectSql(hasBody);
      this.bodyColumn = hasBody ? 'm.attributedBody' : 'NULL';
      // Reactions, edits and other non-text items carry an associated type; only plain messages are listed.
      this.plainOnly = columns.has('associated_message_type') ? 'COALESCE(m.associated_message_type, 0) = 0' : '1 = 1';
      db.prepare('SELECT 1 FROM message LIMIT 1').get();
      this.db = db;
      return db;
    } catch (cause) {
      throw new ProviderError('not_configured', 'The macOS Messages database could not be read.', {
        provider: PROVIDER,
        hint: 'Grant Full Disk Access to the app that runs cos (System Settings → Privacy & Security → Full Disk Access), then try again.',
        cause,
      });
    }
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }

  private toMessage(row: Row): ChatMessage {
    const text = row.text && row.text !== '' ? row.text : (textFromAttributedBody(row.body) ?? '');
    const isFromMe = row.is_from_me === 1;
    return {
      id: row.id,
      conversationId: row.chat_id,
      conversation: row.display_name || row.chat_identifier || null,
      channel: (row.service ?? 'imessage').toLowerCase(),
      sender: isFromMe ? (this.options.selfHandle ?? 'me') : (row.handle ?? 'unknown'),
      senderName: null,
      isFromMe,
      text,
      date: appleTimeToDate(row.date) ?? new Date(0),
    };
  }

  private run(where: string[], params: unknown[], page: MessagePage): PageResult<ChatMessage> {
    const db = this.open();
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const total = (db.prepare(`SELECT count(*) AS n FROM (${this.select} ${clause})`).get(...params) as { n: number }).n;
    const rows = db
      .prepare(`${this.select} ${clause} ORDER BY ${appleSecondsSql('m.date')} DESC, m.date DESC, m.ROWID DESC LIMIT ? OFFSET ?`)
      .all(...params, page.limit, page.offset) as Row[];
    return { items: rows.map((row) => this.toMessage(row)), total, hasMore: page.offset + rows.length < total };
  }

  private rangeFilters(since: Date | undefined, until: Date | undefined, where: string[], params: unknown[]): void {
    if (since) {
      where.push(`${appleSecondsSql('m.date')} >= ?`);
      params.push(dateToAppleSeconds(since));
    }
    if (until) {
      where.push(`${appleSecondsSql('m.date')} < ?`);
      params.push(dateToAppleSeconds(until));
    }
  }

  async list(query: MessageQuery, page: MessagePage): Promise<PageResult<ChatMessage>> {
    this.open();
    const where = [this.plainOnly];
    const params: unknown[] = [];
    if (query.conversation !== undefined) {
      const value = query.conversation.trim();
      if (/^\d+$/.test(value)) {
        where.push('(c.ROWID = ? OR c.chat_identifier = ?)');
        params.push(Number(value), value);
      } else {
        where.push('(cos_fold(c.display_name) = ? OR cos_fold(c.chat_identifier) = ? OR c.guid = ?)');
        params.push(foldCase(value), foldCase(value), value);
      }
    }
    if (query.sender !== undefined) {
      where.push(`cos_fold(h.id) LIKE ? ESCAPE '\\'`);
      params.push(containsPattern(query.sender.trim()));
    }
    if (query.channel !== undefined) {
      where.push('lower(m.service) = ?');
      params.push(query.channel.trim().toLowerCase());
    }
    if (query.includeFromMe === false) where.push('m.is_from_me = 0');
    this.rangeFilters(query.since, query.until, where, params);
    return this.run(where, params, page);
  }

  async search(query: MessageSearchQuery, page: MessagePage): Promise<PageResult<ChatMessage>> {
    const needle = foldCase(query.query.trim());
    this.open();
    const where = [
      this.plainOnly,
      `(instr(cos_fold(cos_text(m.text, ${this.bodyColumn})), ?) > 0 OR instr(cos_fold(h.id), ?) > 0)`,
    ];
    const params: unknown[] = [needle, needle];
    if (query.channel !== undefined) {
      where.push('lower(m.service) = ?');
      params.push(query.channel.trim().toLowerCase());
    }
    this.rangeFilters(query.since, query.until, where, params);
    return this.run(where, params, page);
  }
}
