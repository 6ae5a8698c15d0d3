/**
 * The local mail store on PostgreSQL: the same `MailRepository` port, rows and orders as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0072). Search goes through `search_vector`, built
 * from `search_terms`: the unicode61 tokens SQLite's `mail_messages_fts` indexes, so a query finds the same messages.
 */
import { foldCase } from '@chief-of-staff/core';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { MailboxRole, MailHeaderRow, MailMessageInput, MailMessageRow, MailOutboxInput, MailOutboxStatus, MailRepository } from '@chief-of-staff/stores';
import { nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { holdsNul, refuseNulCharacters } from '../nul-characters.js';
import { assertNoNul, foldedEquals } from '../postgres-text.js';
import { mailboxes, mailMessages, mailOutbox, mailSyncState } from '../schema/providers.js';
import { mailMessageSearchTerms, unicode61Tokens } from '../search-terms.js';

/** Rows per INSERT: 19 parameters each stays far below PostgreSQL's 65,535 parameters per statement. */
const INSERT_CHUNK = 1_000;

/** The inbox first, then drafts, sent, archive, the others, trash (the SQLite adapter's order). */
const ROLE_ORDER = sql`CASE ${mailboxes.role} WHEN 'inbox' THEN 0 WHEN 'drafts' THEN 1 WHEN 'sent' THEN 2 WHEN 'archive' THEN 3 WHEN 'trash' THEN 5 ELSE 4 END`;

/** Text sorted by its bytes, as SQLite's BINARY collation sorts it. */
const binary = (column: SQLWrapper): SQL => sql`${column} COLLATE "C"`;

const HEADER_COLUMNS = {
  id: mailMessages.id,
  messageId: mailMessages.messageId,
  threadId: mailMessages.threadId,
  subject: mailMessages.subject,
  fromName: mailMessages.fromName,
  fromAddress: mailMessages.fromAddress,
  date: mailMessages.date,
  read: mailMessages.read,
  flagged: mailMessages.flagged,
  isDraft: mailMessages.isDraft,
  snippet: mailMessages.snippet,
  mailbox: mailboxes.name,
  account: mailboxes.account,
};

const MESSAGE_COLUMNS = {
  ...HEADER_COLUMNS,
  to: mailMessages.to,
  cc: mailMessages.cc,
  bodyText: mailMessages.bodyText,
  bodyHtml: mailMessages.bodyHtml,
  inReplyTo: mailMessages.inReplyTo,
  references: mailMessages.references,
  attachments: mailMessages.attachments,
};

/**
 * Imported mail is other people's text: a U+0000 in it (which PostgreSQL text cannot hold) becomes U+FFFD, as `cos
 * migrate` copies it, instead of failing the whole import batch.
 */
function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value) as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [withoutNul(key), withoutNul(item)])) as T;
  return value;
}

/** The row of a message, with its search terms (the columns `mail_messages_fts` indexes on SQLite). */
function messageValues(mailboxId: number, input: MailMessageInput) {
  const message = withoutNul(input);
  return {
    mailboxId,
    messageId: message.messageId,
    threadId: message.threadId,
    subject: message.subject,
    fromName: message.fromName,
    fromAddress: message.fromAddress,
    to: [...message.to],
    cc: [...message.cc],
    date: message.date,
    bodyText: message.bodyText,
    bodyHtml: message.bodyHtml,
    snippet: message.snippet,
    read: message.read,
    flagged: message.flagged,
    isDraft: message.isDraft,
    inReplyTo: message.inReplyTo,
    references: [...message.references],
    attachments: [...message.attachments],
    searchTerms: mailMessageSearchTerms(message),
  };
}

function outboxValues(outbox: MailOutboxInput) {
  return refuseNulCharacters({
    to: [...outbox.to],
    cc: [...outbox.cc],
    bcc: [...outbox.bcc],
    subject: outbox.subject,
    bodyText: outbox.bodyText,
    bodyHtml: outbox.bodyHtml,
    inReplyTo: outbox.inReplyTo,
    references: [...outbox.references],
    status: outbox.status,
    createdBy: outbox.createdBy,
    providerMessageId: outbox.providerMessageId ?? null,
    sentAt: outbox.sentAt ?? null,
  });
}

/**
 * The tsquery of the phrases, read as FTS5 reads quoted strings: each phrase its unicode61 terms in a row (`<->`),
 * every phrase required (`&`). Terms hold only letters and digits, so quoting them keeps tsquery operators out; a
 * phrase without any term matches nothing, as in FTS5.
 */
export function mailSearchQuery(phrases: readonly string[]): string {
  const operands = phrases.map((phrase) => {
    const terms = unicode61Tokens(phrase);
    return terms.length === 0 ? null : `(${terms.map((term) => `'${term}'`).join(' <-> ')})`;
  });
  return operands.some((operand) => operand === null) ? '' : operands.join(' & ');
}

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createPostgresMailRepository(database: PostgresDatabase, clock: Clock): MailRepository {
  const { db } = database;
  type Executor = Pick<typeof db, 'select' | 'insert' | 'update' | 'delete'>;

  const findMailbox = async (executor: Executor, account: string, name: string) => {
    const [row] = await executor
      .select({ id: mailboxes.id, account: mailboxes.account, name: mailboxes.name, role: mailboxes.role })
      .from(mailboxes)
      .where(and(foldedEquals(mailboxes.account, account), foldedEquals(mailboxes.name, name)))
      .orderBy(asc(mailboxes.id))
      .limit(1);
    return row && { ...row, role: row.role as MailboxRole };
  };

  const ensureMailbox = async (executor: Executor, account: string, name: string, role: MailboxRole) => {
    assertNoNul('account', account);
    assertNoNul('name', name);
    const existing = await findMailbox(executor, account, name);
    if (existing) return existing;
    // Another writer may create it meanwhile: the unique index keeps one, which the second lookup finds.
    await executor.insert(mailboxes).values({ account, name, role }).onConflictDoNothing();
    const created = await findMailbox(executor, account, name);
    if (!created) throw new Error(`The mailbox ${account}/${name} could not be created.`);
    return created;
  };

  /** Inserts messages (each unless its mailbox holds its Message-ID); per message, whether it was stored. */
  const insertMessages = async (executor: Executor, messages: readonly { mailboxId: number; message: MailMessageInput }[]): Promise<boolean[]> => {
    const stored = new Set<string>();
    for (let start = 0; start < messages.length; start += INSERT_CHUNK) {
      const chunk = messages.slice(start, start + INSERT_CHUNK);
      const inserted = await executor
        .insert(mailMessages)
        .values(chunk.map((item) => messageValues(item.mailboxId, item.message)))
        .onConflictDoNothing({ target: [mailMessages.mailboxId, mailMessages.messageId] })
        .returning({ mailboxId: mailMessages.mailboxId, messageId: mailMessages.messageId });
      for (const row of inserted) stored.add(`${row.mailboxId}\n${row.messageId}`);
    }
    // Rows go in in order, so of two equal keys in one batch the first is the one stored.
    return messages.map((item) => {
      const key = `${item.mailboxId}\n${withoutNul(item.message.messageId)}`;
      const first = stored.has(key);
      stored.delete(key);
      return first;
    });
  };

  const getMessageWhere = async (where: SQL | undefined): Promise<MailMessageRow | undefined> => {
    const [row] = await db
      .select(MESSAGE_COLUMNS)
      .from(mailMessages)
      .innerJoin(mailboxes, eq(mailboxes.id, mailMessages.mailboxId))
      .where(where)
      .orderBy(desc(mailMessages.date), desc(mailMessages.id))
      .limit(1);
    return row;
  };

  return {
    ensureMailbox: async (account, name, role) => ensureMailbox(db, account, name, role),

    listMailboxes: async (account) => {
      if (account !== undefined && holdsNul(account)) return [];
      const rows = await db
        .select({
          id: mailboxes.id,
          account: mailboxes.account,
          name: mailboxes.name,
          role: mailboxes.role,
          // Qualified by hand: drizzle names a column of a one-table select without its table, which the subquery would read as m.id.
          total: sql<number>`(SELECT count(*)::int FROM ${mailMessages} m WHERE m.mailbox_id = mailboxes.id)`,
          unread: sql<number>`(SELECT count(*)::int FROM ${mailMessages} m WHERE m.mailbox_id = mailboxes.id AND NOT m.read)`,
        })
        .from(mailboxes)
        .where(account === undefined ? undefined : foldedEquals(mailboxes.account, account))
        .orderBy(binary(mailboxes.account), ROLE_ORDER, binary(mailboxes.name), asc(mailboxes.id));
      return rows.map((row) => ({ ...row, role: row.role as MailboxRole }));
    },

    findMailboxes: async (name, account) => {
      if (holdsNul(name, account)) return [];
      const trimmed = name.trim();
      const byName = foldCase(trimmed) === 'inbox' ? sql`(${foldedEquals(mailboxes.name, trimmed)} OR ${mailboxes.role} = 'inbox')` : foldedEquals(mailboxes.name, trimmed);
      const rows = await db
        .select({ id: mailboxes.id, account: mailboxes.account, name: mailboxes.name, role: mailboxes.role })
        .from(mailboxes)
        .where(and(byName, account === undefined ? undefined : foldedEquals(mailboxes.account, account)))
        .orderBy(binary(mailboxes.account), asc(mailboxes.id));
      return rows.map((row) => ({ ...row, role: row.role as MailboxRole }));
    },

    mailboxIdsOfAccount: async (account) => {
      if (holdsNul(account)) return [];
      return (await db.select({ id: mailboxes.id }).from(mailboxes).where(foldedEquals(mailboxes.account, account))).map((row) => row.id);
    },

    mailboxNames: async () =>
      db.select({ account: mailboxes.account, name: mailboxes.name }).from(mailboxes).orderBy(binary(mailboxes.account), binary(mailboxes.name)),

    accounts: async () =>
      (await db.selectDistinct({ account: binary(mailboxes.account) }).from(mailboxes).orderBy(binary(mailboxes.account))).map((row) => String(row.account)),

    listMessages: async (filters, page) => {
      if (filters.mailboxIds.length === 0) return { rows: [], total: 0 };
      const where = and(
        inArray(mailMessages.mailboxId, [...filters.mailboxIds]),
        filters.unreadOnly ? eq(mailMessages.read, false) : undefined,
        filters.since === undefined ? undefined : gte(mailMessages.date, filters.since),
      );
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(mailMessages).where(where);
      const rows = await db
        .select(HEADER_COLUMNS)
        .from(mailMessages)
        .innerJoin(mailboxes, eq(mailboxes.id, mailMessages.mailboxId))
        .where(where)
        .orderBy(desc(mailMessages.date), desc(mailMessages.id))
        .limit(page.limit)
        .offset(page.offset);
      return { rows: rows as MailHeaderRow[], total: count?.n ?? 0 };
    },

    getMessage: async (id) => getMessageWhere(eq(mailMessages.id, id)),

    getMessageByMessageId: async (messageId) => (holdsNul(messageId) ? undefined : getMessageWhere(eq(mailMessages.messageId, messageId))),

    searchMessages: async (filters, page) => {
      const query = mailSearchQuery(filters.phrases);
      if (query === '' || (filters.mailboxIds !== undefined && filters.mailboxIds.length === 0)) return [];
      const where = and(
        sql`${mailMessages.searchVector} @@ to_tsquery('simple', ${query})`,
        filters.mailboxIds === undefined ? undefined : inArray(mailMessages.mailboxId, [...filters.mailboxIds]),
        filters.since === undefined ? undefined : gte(mailMessages.date, filters.since),
        filters.until === undefined ? undefined : lt(mailMessages.date, filters.until),
      );
      const headers = (rowsWhere: SQL | undefined, limit: number, offset: number) =>
        db
          .select(HEADER_COLUMNS)
          .from(mailMessages)
          .innerJoin(mailboxes, eq(mailboxes.id, mailMessages.mailboxId))
          .where(rowsWhere)
          .orderBy(desc(mailMessages.date), desc(mailMessages.id))
          .limit(limit)
          .offset(offset);
      const own = database.candidates.ownRows(mailMessages.principalId);
      if (own === undefined) return (await headers(where, page.limit, page.offset)) as MailHeaderRow[];
      // Team mode (ADR 0079): the page's ids on the candidate sessions, whose GIN index a bound session cannot use,
      // with the caller's principal named; the headers by id on a bound one, in the same order.
      const found = await database.candidates.db
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(and(where, own))
        .orderBy(desc(mailMessages.date), desc(mailMessages.id))
        .limit(page.limit)
        .offset(page.offset);
      if (found.length === 0) return [];
      return (await headers(inArray(mailMessages.id, found.map((row) => row.id)), found.length, 0)) as MailHeaderRow[];
    },

    countUnread: async (mailboxIds) => {
      if (mailboxIds.length === 0) return 0;
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailMessages)
        .where(and(eq(mailMessages.read, false), inArray(mailMessages.mailboxId, [...mailboxIds])));
      return count?.n ?? 0;
    },

    hasMessage: async (mailboxId, messageId) => {
      if (holdsNul(messageId)) return false;
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(mailMessages)
        .where(and(eq(mailMessages.mailboxId, mailboxId), eq(mailMessages.messageId, messageId)))
        .limit(1);
      return rows.length > 0;
    },

    insertMessages: async (messages) => {
      if (messages.length === 0) return [];
      if (messages.length <= INSERT_CHUNK) return insertMessages(db, messages);
      return db.transaction(async (tx) => insertMessages(tx, messages));
    },

    setFlags: async (id, flags) => {
      if (flags.read === undefined && flags.flagged === undefined) return;
      await db
        .update(mailMessages)
        .set({
          ...(flags.read === undefined ? {} : { read: flags.read }),
          ...(flags.flagged === undefined ? {} : { flagged: flags.flagged }),
          updatedAt: nowIso(clock),
        })
        .where(eq(mailMessages.id, id));
    },

    moveMessage: async (id, targetMailboxId) =>
      db.transaction(async (tx) => {
        const [row] = await tx.select({ messageId: mailMessages.messageId }).from(mailMessages).where(eq(mailMessages.id, id)).for('update');
        if (!row) return id;
        const [duplicate] = await tx
          .select({ id: mailMessages.id })
          .from(mailMessages)
          .where(and(eq(mailMessages.mailboxId, targetMailboxId), eq(mailMessages.messageId, row.messageId)));
        if (duplicate && duplicate.id !== id) {
          // The target already holds this message: moving merges into it.
          await tx.delete(mailMessages).where(eq(mailMessages.id, id));
          return duplicate.id;
        }
        await tx.update(mailMessages).set({ mailboxId: targetMailboxId, updatedAt: nowIso(clock) }).where(eq(mailMessages.id, id));
        return id;
      }),

    saveDraft: async (drafts, message, outbox) => {
      refuseNulCharacters({ ...message });
      const outboxRow = outboxValues(outbox);
      return db.transaction(async (tx) => {
        const mailbox = await ensureMailbox(tx, drafts.account, drafts.name, drafts.role);
        const [inserted] = await tx.insert(mailMessages).values(messageValues(mailbox.id, message)).returning({ id: mailMessages.id });
        await tx.insert(mailOutbox).values(outboxRow);
        return inserted?.id as number;
      });
    },

    recordOutbox: async (outbox) => {
      const [row] = await db.insert(mailOutbox).values(outboxValues(outbox)).returning({ id: mailOutbox.id });
      return row?.id as number;
    },

    listOutbox: async () =>
      (
        await db
          .select({
            id: mailOutbox.id,
            to: mailOutbox.to,
            cc: mailOutbox.cc,
            bcc: mailOutbox.bcc,
            subject: mailOutbox.subject,
            status: mailOutbox.status,
            createdBy: mailOutbox.createdBy,
            providerMessageId: mailOutbox.providerMessageId,
            sentAt: mailOutbox.sentAt,
          })
          .from(mailOutbox)
          .orderBy(asc(mailOutbox.id))
      ).map((row) => ({ ...row, status: row.status as MailOutboxStatus })),

    syncState: async (mailboxId) => {
      const [row] = await db
        .select({ uidValidity: mailSyncState.uidValidity, uidNext: mailSyncState.uidNext, highestModseq: mailSyncState.highestModseq, syncedAt: mailSyncState.syncedAt })
        .from(mailSyncState)
        .where(eq(mailSyncState.mailboxId, mailboxId));
      return row;
    },

    saveSyncState: async (mailboxId, state) => {
      const values = refuseNulCharacters({ uidValidity: state.uidValidity, uidNext: state.uidNext, highestModseq: state.highestModseq, syncedAt: state.syncedAt });
      await db
        .insert(mailSyncState)
        .values({ mailboxId, ...values })
        .onConflictDoUpdate({ target: mailSyncState.mailboxId, set: { ...values, updatedAt: state.syncedAt } });
    },

    lastSyncedAt: async (account) => {
      if (holdsNul(account)) return undefined;
      const [row] = await db
        .select({ at: sql<string | null>`max(${mailSyncState.syncedAt})`.mapWith(mailSyncState.syncedAt) })
        .from(mailSyncState)
        .innerJoin(mailboxes, eq(mailboxes.id, mailSyncState.mailboxId))
        .where(eq(mailboxes.account, account));
      return row?.at ?? undefined;
    },

    resetMailbox: async (mailboxId) => {
      await db.transaction(async (tx) => {
        await tx.delete(mailMessages).where(eq(mailMessages.mailboxId, mailboxId));
        await tx.delete(mailSyncState).where(eq(mailSyncState.mailboxId, mailboxId));
      });
    },

    removeSyncedMailboxesExcept: async (account, keepIds) => {
      if (holdsNul(account)) return;
      await db.execute(
        sql`DELETE FROM ${mailboxes} WHERE ${mailboxes.account} = ${account}
          AND ${mailboxes.id} IN (SELECT ${mailSyncState.mailboxId} FROM ${mailSyncState})
          AND ${mailboxes.id} <> ALL(${sql.param([...keepIds])}::bigint[])`,
      );
    },

    storeSyncedMessages: async (mailboxId, messages) => {
      if (messages.length === 0) return 0;
      // Of two server messages with one Message-ID, the later one's UID and flags win, as in a row-by-row update.
      const latest = new Map(messages.map((message) => [withoutNul(message.messageId), message]));
      const updates = [...latest.values()];
      return db.transaction(async (tx) => {
        const stored = await insertMessages(
          tx,
          messages.map((message) => ({ mailboxId, message })),
        );
        await tx.execute(sql`UPDATE ${mailMessages} AS m SET remote_uid = s.uid, read = s.read, flagged = s.flagged
          FROM unnest(${sql.param([...latest.keys()])}::text[], ${sql.param(updates.map((m) => m.uid))}::bigint[],
            ${sql.param(updates.map((m) => m.read))}::boolean[], ${sql.param(updates.map((m) => m.flagged))}::boolean[]) AS s(message_id, uid, read, flagged)
          WHERE m.mailbox_id = ${mailboxId} AND m.message_id = s.message_id`);
        return stored.filter(Boolean).length;
      });
    },

    updateFlagsByUid: async (mailboxId, changes) => {
      if (changes.length === 0) return;
      await db.execute(sql`UPDATE ${mailMessages} AS m SET read = c.read, flagged = c.flagged, updated_at = ${nowIso(clock)}
        FROM unnest(${sql.param(changes.map((c) => c.uid))}::bigint[], ${sql.param(changes.map((c) => c.read))}::boolean[],
          ${sql.param(changes.map((c) => c.flagged))}::boolean[]) AS c(uid, read, flagged)
        WHERE m.mailbox_id = ${mailboxId} AND m.remote_uid = c.uid AND (m.read <> c.read OR m.flagged <> c.flagged)`);
    },

    removeExpunged: async (mailboxId, serverUids, belowUid) => {
      const removed = await db
        .delete(mailMessages)
        .where(
          and(
            eq(mailMessages.mailboxId, mailboxId),
            isNotNull(mailMessages.remoteUid),
            lt(mailMessages.remoteUid, belowUid),
            sql`${mailMessages.remoteUid} <> ALL(${sql.param([...serverUids])}::bigint[])`,
          ),
        )
        .returning({ id: mailMessages.id });
      return removed.length;
    },

    messageRef: async (id) => {
      const [row] = await db
        .select({ id: mailMessages.id, mailboxId: mailMessages.mailboxId, mailbox: mailboxes.name, account: mailboxes.account, remoteUid: mailMessages.remoteUid })
        .from(mailMessages)
        .innerJoin(mailboxes, eq(mailboxes.id, mailMessages.mailboxId))
        .where(eq(mailMessages.id, id));
      return row;
    },

    setRemoteUid: async (id, uid) => {
      await db.update(mailMessages).set({ remoteUid: uid }).where(eq(mailMessages.id, id));
    },
  };
}
