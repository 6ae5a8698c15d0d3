/**
 * The local messages store on PostgreSQL: the same `MessagesRepository` port, rows and order as the SQLite adapter
 * of `@chief-of-staff/stores`, checked by the same contract suite (ADR 0073). Search goes through
 * `messages.search_vector`, built from the unicode61 tokens SQLite's `messages_fts` indexes (`messageSearchTerms`),
 * so a query finds the same messages on both.
 */
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { ImportMessageInput, MessageRangeFilters, MessageRow, MessagesPage, MessagesPageRequest, MessagesRepository } from '@chief-of-staff/stores';
import type { PostgresDatabase } from '../open-postgres.js';
import { assertNoNulFields, foldedContains, foldedEquals, hasNul } from '../postgres-text.js';
import { conversations, messages } from '../schema/providers.js';
import { messageSearchTerms, unicode61Tokens } from '../search-terms.js';

/** Rows per INSERT: ten parameters a message, far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 1_000;

const ROW = {
  id: messages.id,
  conversationId: messages.conversationId,
  conversation: sql<string | null>`coalesce(${conversations.title}, ${conversations.externalId})`,
  channel: messages.channel,
  senderHandle: messages.senderHandle,
  senderName: messages.senderName,
  isFromMe: messages.isFromMe,
  text: messages.text,
  sentAt: messages.sentAt,
};

/**
 * The tsquery of `phrases`: each phrase's unicode61 terms one after the other (`<->`), as FTS5 reads a quoted string,
 * all phrases required. Terms hold only letters, digits and private-use characters, so quoting them keeps tsquery
 * operators out. Null when a phrase has no term: FTS5 finds nothing for it.
 */
function phraseQuery(phrases: readonly string[]): string | null {
  const operands: string[] = [];
  for (const phrase of phrases) {
    const terms = unicode61Tokens(phrase);
    if (terms.length === 0) return null;
    operands.push(`(${terms.map((term) => `'${term}'`).join(' <-> ')})`);
  }
  return operands.length === 0 ? null : operands.join(' & ');
}

const EMPTY: MessagesPage = { rows: [], hasMore: false };

/** One conversation of an import batch: what its messages, applied one after the other, leave in the row. */
interface ConversationUpsert {
  externalId: string;
  channel: string;
  title: string | null;
  participants: string[];
}

/**
 * The conversations of a batch, each once: the first message's channel (a stored conversation keeps its own), the
 * last title that is not null and the last participant list that is not empty — what the SQLite adapter's upsert per
 * message leaves.
 */
function conversationsOf(batch: readonly ImportMessageInput[]): ConversationUpsert[] {
  const byId = new Map<string, ConversationUpsert>();
  for (const message of batch) {
    const known = byId.get(message.conversationExternalId);
    if (!known) {
      byId.set(message.conversationExternalId, {
        externalId: message.conversationExternalId,
        channel: message.channel,
        title: message.conversationTitle,
        participants: message.participants,
      });
      continue;
    }
    if (message.conversationTitle !== null) known.title = message.conversationTitle;
    if (message.participants.length > 0) known.participants = message.participants;
  }
  return [...byId.values()];
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createPostgresMessagesRepository(database: PostgresDatabase, _clock: Clock): MessagesRepository {
  const { db, candidates } = database;

  const range = (filters: MessageRangeFilters): (SQL | undefined)[] => [
    filters.channel === undefined ? undefined : eq(messages.channel, filters.channel),
    filters.since === undefined ? undefined : gte(messages.sentAt, filters.since),
    filters.until === undefined ? undefined : lt(messages.sentAt, filters.until),
  ];

  const page = async (where: SQL | undefined, request: MessagesPageRequest): Promise<MessagesPage> => {
    const rows: MessageRow[] = await db
      .select(ROW)
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(where)
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(request.limit + 1)
      .offset(request.offset);
    return { rows: rows.slice(0, request.limit), hasMore: rows.length > request.limit };
  };

  return {
    async list(filters, request) {
      // No stored text holds U+0000 (imports refuse it), and PostgreSQL refuses it as a parameter.
      if (hasNul(filters.conversation, filters.sender, filters.channel)) return EMPTY;
      let conversation: SQL | undefined;
      if (filters.conversation !== undefined) {
        const value = filters.conversation;
        const id = /^\d+$/.test(value) ? Number(value) : undefined;
        conversation = or(
          eq(conversations.externalId, value),
          foldedEquals(sql`coalesce(${conversations.title}, '')`, value),
          // Beyond the ids a bigint holds, the number names no conversation (as on SQLite, where it matches none).
          id !== undefined && Number.isSafeInteger(id) ? eq(conversations.id, id) : undefined,
        );
      }
      const where = and(
        conversation,
        filters.sender === undefined ? undefined : foldedContains([messages.senderHandle, sql`coalesce(${messages.senderName}, '')`], filters.sender),
        filters.includeFromMe === false ? eq(messages.isFromMe, false) : undefined,
        ...range(filters),
      );
      return page(where, request);
    },

    async search(phrases, filters, request) {
      const query = phraseQuery(phrases);
      if (query === null || hasNul(filters.channel)) return EMPTY;
      const where = and(sql`${messages.searchVector} @@ to_tsquery('simple', ${query})`, ...range(filters));
      const own = candidates.ownRows(messages.principalId);
      if (own === undefined) return page(where, request);
      // Team mode (ADR 0079): the page's ids on the candidate sessions, whose GIN index a bound session cannot use,
      // with the caller's principal named; the messages by id on a bound one, in the same order.
      const found = await candidates.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(where, own))
        .orderBy(desc(messages.sentAt), desc(messages.id))
        .limit(request.limit + 1)
        .offset(request.offset);
      const ids = found.slice(0, request.limit).map((row) => row.id);
      if (ids.length === 0) return EMPTY;
      const { rows } = await page(inArray(messages.id, ids), { ...request, limit: ids.length, offset: 0 });
      return { rows, hasMore: found.length > request.limit };
    },

    async importMessages(provider, batch) {
      if (batch.length === 0) return { imported: 0, skipped: 0 };
      for (const message of batch) assertNoNulFields({ provider, ...message });
      let imported = 0;
      await db.transaction(async (tx) => {
        const ids = new Map<string, number>();
        const upserts = conversationsOf(batch);
        for (let start = 0; start < upserts.length; start += INSERT_CHUNK) {
          // One statement per chunk: a conversation another writer creates at the same time is updated, not duplicated.
          const rows = await tx
            .insert(conversations)
            .values(upserts.slice(start, start + INSERT_CHUNK).map((row) => ({ provider, ...row })))
            .onConflictDoUpdate({
              target: [conversations.provider, conversations.externalId, conversations.principalId],
              set: {
                title: sql`coalesce(excluded.title, ${conversations.title})`,
                participants: sql`CASE WHEN excluded.participants = '[]'::jsonb THEN ${conversations.participants} ELSE excluded.participants END`,
              },
            })
            .returning({ id: conversations.id, externalId: conversations.externalId });
          for (const row of rows) ids.set(row.externalId, row.id);
        }
        for (let start = 0; start < batch.length; start += INSERT_CHUNK) {
          // A known external id (stored before, or earlier in this batch) is skipped.
          const rows = await tx
            .insert(messages)
            .values(
              batch.slice(start, start + INSERT_CHUNK).map((message) => ({
                provider,
                externalId: message.externalId,
                conversationId: ids.get(message.conversationExternalId) as number,
                channel: message.channel,
                senderHandle: message.senderHandle,
                senderName: message.senderName,
                isFromMe: message.isFromMe,
                text: message.text,
                sentAt: message.sentAt,
                searchTerms: messageSearchTerms(message),
              })),
            )
            .onConflictDoNothing({ target: [messages.provider, messages.externalId, messages.principalId] })
            .returning({ id: messages.id });
          imported += rows.length;
        }
      });
      return { imported, skipped: batch.length - imported };
    },
  };
}
