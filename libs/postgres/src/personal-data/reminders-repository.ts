/**
 * The reminders store on PostgreSQL: the same `RemindersRepository` port, rows and orders as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0071). Several processes may write at once, so
 * list names are created under one transaction-scoped advisory lock (no two lists whose names fold alike, one
 * default), a to-do of an import or a sync is one `INSERT … ON CONFLICT (list_id, uid) DO UPDATE … WHERE` statement,
 * and completing a reminder is one `UPDATE` that keeps the completion time of one already completed.
 */
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { LinkedReminderList, ReminderListRecord, ReminderRecord, RemindersRepository, ReminderUpsertCounts, ReminderValues } from '@chief-of-staff/stores';
import { DEFAULT_REMINDER_LIST, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase, PostgresDrizzle } from '../open-postgres.js';
import { reminderLists, reminders } from '../schema/providers.js';
import { assertNoNulFields, foldedContains, foldedEquals, hasNul } from '../postgres-text.js';
import { rowColumns } from '../row-columns.js';

/** Priority high → none, as SQL, for ordering. */
const PRIORITY_RANK = sql`CASE ${reminders.priority} WHEN 'high' THEN 0 WHEN 'medium' THEN 1 WHEN 'low' THEN 2 ELSE 3 END`;

/**
 * The advisory lock (`cos` + `rls` in ASCII) under which lists are created or made the default: SQLite's single
 * writer gives its read-then-insert the same guarantee.
 */
const REMINDER_LISTS_LOCK_KEY = 0x636f73726c73;

/** The columns an import or a sync writes, compared to tell an unchanged to-do from a changed one. */
const TODO_COLUMNS = ['title', 'notes', 'due_date', 'due_at', 'priority', 'completed', 'completed_at'] as const;
const STORED_TODO = sql.raw(`(${TODO_COLUMNS.map((column) => `"reminders"."${column}"`).join(', ')})`);
const EXCLUDED_TODO = sql.raw(`(${TODO_COLUMNS.map((column) => `excluded."${column}"`).join(', ')})`);

type Executor = Pick<PostgresDrizzle, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createPostgresRemindersRepository(database: PostgresDatabase, clock: Clock): RemindersRepository {
  const { db } = database;

  const listByName = async (executor: Executor, name: string): Promise<ReminderListRecord | undefined> => {
    if (hasNul(name)) return undefined;
    const [row] = await executor.select(rowColumns(reminderLists)).from(reminderLists).where(foldedEquals(reminderLists.name, name)).orderBy(asc(reminderLists.id)).limit(1);
    return row;
  };

  const lockLists = (executor: Executor) => executor.execute(sql`SELECT pg_advisory_xact_lock(${REMINDER_LISTS_LOCK_KEY})`);

  /** The default list, made or created under the lock (the caller's transaction holds it). */
  const defaultListLocked = async (tx: Executor): Promise<ReminderListRecord> => {
    await lockLists(tx);
    const [current] = await tx.select(rowColumns(reminderLists)).from(reminderLists).where(eq(reminderLists.isDefault, true)).limit(1);
    if (current) return current;
    const [first] = await tx.select(rowColumns(reminderLists)).from(reminderLists).orderBy(asc(reminderLists.id)).limit(1);
    if (first) {
      const [updated] = await tx.update(reminderLists).set({ isDefault: true }).where(eq(reminderLists.id, first.id)).returning(rowColumns(reminderLists));
      return updated ?? { ...first, isDefault: true };
    }
    const now = nowIso(clock);
    const [created] = await tx.insert(reminderLists).values({ name: DEFAULT_REMINDER_LIST, isDefault: true, createdAt: now, updatedAt: now }).returning(rowColumns(reminderLists));
    if (!created) throw new Error('reminder_lists insert returned no row');
    return created;
  };

  const defaultList = async (): Promise<ReminderListRecord> => {
    const [current] = await db.select(rowColumns(reminderLists)).from(reminderLists).where(eq(reminderLists.isDefault, true)).limit(1);
    if (current) return current;
    return db.transaction(async (tx) => defaultListLocked(tx));
  };

  /** One to-do in one statement: inserted, updated when a written column differs, or left alone (no row back). */
  const upsertTodo = async (executor: Executor, listId: number, todo: ReminderValues, now: string): Promise<'imported' | 'updated' | 'skipped'> => {
    const rows = await executor
      .insert(reminders)
      .values({ listId, ...todo, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [reminders.listId, reminders.uid],
        set: {
          title: sql`excluded.title`,
          notes: sql`excluded.notes`,
          dueDate: sql`excluded.due_date`,
          dueAt: sql`excluded.due_at`,
          priority: sql`excluded.priority`,
          completed: sql`excluded.completed`,
          completedAt: sql`excluded.completed_at`,
          updatedAt: now,
        },
        setWhere: sql`${STORED_TODO} IS DISTINCT FROM ${EXCLUDED_TODO}`,
      })
      // `xmax = 0` holds only for a row this statement inserted.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    const [row] = rows;
    return row === undefined ? 'skipped' : row.inserted ? 'imported' : 'updated';
  };

  const upsertTodos = async (executor: Executor, listId: number, todos: readonly ReminderValues[]): Promise<ReminderUpsertCounts> => {
    const outcome: ReminderUpsertCounts = { imported: 0, updated: 0, skipped: 0 };
    const now = nowIso(clock);
    for (const todo of todos) outcome[await upsertTodo(executor, listId, todo, now)] += 1;
    return outcome;
  };

  const checkTodos = (todos: readonly ReminderValues[]): void => {
    for (const todo of todos) assertNoNulFields(todo);
  };

  return {
    lists: async () => db.select(rowColumns(reminderLists)).from(reminderLists).orderBy(sql`${reminderLists.name} COLLATE "C"`, asc(reminderLists.id)),

    defaultList,

    async openCounts() {
      const rows = await db
        .select({ listId: reminders.listId, open: sql<number>`count(*)::int` })
        .from(reminders)
        .where(eq(reminders.completed, false))
        .groupBy(reminders.listId);
      return new Map(rows.map((row) => [row.listId, row.open]));
    },

    async listById(id) {
      const [row] = await db.select(rowColumns(reminderLists)).from(reminderLists).where(eq(reminderLists.id, id));
      return row;
    },

    listByName: async (name) => listByName(db, name),

    async createList(name, color) {
      assertNoNulFields({ name, color });
      return db.transaction(async (tx) => {
        await lockLists(tx);
        if (await listByName(tx, name)) return undefined;
        const [hasDefault] = await tx.select({ id: reminderLists.id }).from(reminderLists).where(eq(reminderLists.isDefault, true)).limit(1);
        const now = nowIso(clock);
        const [row] = await tx
          .insert(reminderLists)
          .values({ name, color, isDefault: !hasDefault, createdAt: now, updatedAt: now })
          .returning(rowColumns(reminderLists));
        return row;
      });
    },

    async ensureList(name) {
      const trimmed = name.trim();
      assertNoNulFields({ name: trimmed });
      const existing = await listByName(db, trimmed);
      if (existing) return existing;
      return db.transaction(async (tx) => {
        await defaultListLocked(tx);
        const found = await listByName(tx, trimmed);
        if (found) return found;
        const now = nowIso(clock);
        const [row] = await tx.insert(reminderLists).values({ name: trimmed, createdAt: now, updatedAt: now }).returning(rowColumns(reminderLists));
        if (!row) throw new Error('reminder_lists insert returned no row');
        return row;
      });
    },

    async deleteList(id) {
      const rows = await db.delete(reminderLists).where(eq(reminderLists.id, id)).returning({ id: reminderLists.id });
      return rows.length > 0;
    },

    async find(filter) {
      if (hasNul(filter.text, filter.dueBefore)) return [];
      const where: SQL | undefined = and(
        filter.listId !== undefined ? eq(reminders.listId, filter.listId) : undefined,
        filter.completed !== undefined ? eq(reminders.completed, filter.completed) : undefined,
        filter.dueBefore !== undefined ? sql`${reminders.dueDate} <= ${filter.dueBefore}` : undefined,
        filter.text !== undefined ? foldedContains([reminders.title, sql`coalesce(${reminders.notes}, '')`], filter.text) : undefined,
      );
      return db
        .select(rowColumns(reminders))
        .from(reminders)
        .where(where)
        .orderBy(sql`${reminders.dueDate} ASC NULLS LAST`, PRIORITY_RANK, asc(reminders.createdAt), asc(reminders.id));
    },

    async get(id): Promise<ReminderRecord | undefined> {
      const [row] = await db.select(rowColumns(reminders)).from(reminders).where(eq(reminders.id, id));
      return row;
    },

    ofList: async (listId) => db.select(rowColumns(reminders)).from(reminders).where(eq(reminders.listId, listId)).orderBy(asc(reminders.id)),

    async create(listId, values) {
      assertNoNulFields(values);
      const now = nowIso(clock);
      const [row] = await db
        .insert(reminders)
        .values({ listId, ...values, createdAt: now, updatedAt: now })
        .returning(rowColumns(reminders));
      if (!row) throw new Error('reminders insert returned no row');
      return row;
    },

    async setCompleted(id, completed) {
      const now = nowIso(clock);
      // One statement: a reminder completed twice at once keeps the first completion time, as on SQLite.
      const [row] = await db
        .update(reminders)
        .set({
          completed,
          completedAt: completed ? sql`CASE WHEN ${reminders.completed} THEN ${reminders.completedAt} ELSE ${now}::timestamptz END` : null,
          updatedAt: now,
        })
        .where(eq(reminders.id, id))
        .returning(rowColumns(reminders));
      return row;
    },

    async delete(id) {
      const rows = await db.delete(reminders).where(eq(reminders.id, id)).returning({ id: reminders.id });
      return rows.length > 0;
    },

    async upsertTodos(listId, todos) {
      checkTodos(todos);
      return db.transaction(async (tx) => upsertTodos(tx, listId, todos));
    },

    linkedLists: async (): Promise<LinkedReminderList[]> =>
      db
        .select({ id: reminderLists.id, name: reminderLists.name, url: sql<string>`${reminderLists.remoteUrl}`, ctag: reminderLists.remoteCtag })
        .from(reminderLists)
        .where(isNotNull(reminderLists.remoteUrl))
        .orderBy(asc(reminderLists.id)),

    async linkList(listId, url) {
      assertNoNulFields({ url });
      await db.update(reminderLists).set({ remoteUrl: url }).where(eq(reminderLists.id, listId));
    },

    async markListSynced(listId, at, ctag) {
      if (ctag !== undefined && ctag !== null) assertNoNulFields({ ctag });
      await db
        .update(reminderLists)
        .set(ctag === undefined ? { lastSyncedAt: at } : { remoteCtag: ctag, lastSyncedAt: at })
        .where(eq(reminderLists.id, listId));
    },

    async lastListSync() {
      const [row] = await db
        .select({ at: reminderLists.lastSyncedAt })
        .from(reminderLists)
        .where(and(isNotNull(reminderLists.remoteUrl), isNotNull(reminderLists.lastSyncedAt)))
        .orderBy(sql`${reminderLists.lastSyncedAt} DESC`)
        .limit(1);
      return row?.at ?? null;
    },

    remoteObjects: async (listId) =>
      db
        .select({ href: sql<string>`${reminders.remoteHref}`, etag: reminders.remoteEtag })
        .from(reminders)
        .where(and(eq(reminders.listId, listId), isNotNull(reminders.remoteHref))),

    async replaceRemoteObject(listId, href, etag, todos) {
      checkTodos(todos);
      assertNoNulFields({ href, etag });
      return db.transaction(async (tx) => {
        await tx.delete(reminders).where(and(eq(reminders.listId, listId), eq(reminders.remoteHref, href)));
        const outcome = await upsertTodos(tx, listId, todos);
        for (const todo of todos) {
          await tx
            .update(reminders)
            .set({ remoteHref: href, remoteEtag: etag })
            .where(and(eq(reminders.listId, listId), eq(reminders.uid, todo.uid)));
        }
        return outcome;
      });
    },

    async deleteRemoteObject(listId, href) {
      if (hasNul(href)) return 0;
      const rows = await db
        .delete(reminders)
        .where(and(eq(reminders.listId, listId), eq(reminders.remoteHref, href)))
        .returning({ id: reminders.id });
      return rows.length;
    },

    async setRemoteObject(id, href, etag) {
      assertNoNulFields({ href, etag });
      await db.update(reminders).set({ remoteHref: href, remoteEtag: etag }).where(eq(reminders.id, id));
    },

    async setRemoteEtag(id, etag) {
      assertNoNulFields({ etag });
      await db.update(reminders).set({ remoteEtag: etag }).where(eq(reminders.id, id));
    },

    async forgetSyncState(listId) {
      await db.transaction(async (tx) => {
        await tx.update(reminderLists).set({ remoteCtag: null }).where(eq(reminderLists.id, listId));
        await tx.update(reminders).set({ remoteEtag: null }).where(eq(reminders.listId, listId));
      });
    },
  };
}
