/**
 * The SQLite adapter of `RemindersRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { containsPattern, foldCase } from '@chief-of-staff/core';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { reminderLists, reminders } from '../db/schema/reminders.js';
import type { LinkedReminderList, ReminderListRecord, ReminderRecord, RemindersRepository, ReminderUpsertCounts, ReminderValues, RemoteReminderObject } from '@chief-of-staff/stores';
import { DEFAULT_REMINDER_LIST, nowIso } from '@chief-of-staff/stores/adapter-kit';
import { statementCache } from '../db/statement-cache.js';

/** Priority high → none, as SQL, for ordering. */
const PRIORITY_RANK = sql`CASE ${reminders.priority} WHEN 'high' THEN 0 WHEN 'medium' THEN 1 WHEN 'low' THEN 2 ELSE 3 END`;

/** True when the stored row holds exactly `values` (an unchanged to-do of an import or a sync). */
function reminderUnchanged(existing: ReminderRecord, values: ReminderValues): boolean {
  return (Object.keys(values) as (keyof ReminderValues)[]).every((key) => existing[key] === values[key]);
}

/** The SQLite adapter: the statements the local reminder provider and the CalDAV to-do cache ran before the port. */
// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createSqliteRemindersRepository(database: CosDatabase, clock: Clock): RemindersRepository {
  const { db } = database;
  const prepare = statementCache(database);
  const all = <T>(query: string, ...params: unknown[]): T[] => prepare(query).all(...params) as T[];
  const run = (query: string, ...params: unknown[]): number => prepare(query).run(...params).changes;

  const listByName = (name: string): ReminderListRecord | undefined =>
    db.select().from(reminderLists).where(sql`cos_fold(${reminderLists.name}) = ${foldCase(name)}`).get();

  const defaultList = (): ReminderListRecord => {
    const current = db.select().from(reminderLists).where(eq(reminderLists.isDefault, true)).get();
    if (current) return current;
    return database.writeTransaction(() => {
      const first = db.select().from(reminderLists).orderBy(asc(reminderLists.id)).get();
      if (first) {
        db.update(reminderLists).set({ isDefault: true }).where(eq(reminderLists.id, first.id)).run();
        return { ...first, isDefault: true };
      }
      return db.insert(reminderLists).values({ name: DEFAULT_REMINDER_LIST, isDefault: true }).returning().get();
    });
  };

  const upsertTodos = (listId: number, todos: readonly ReminderValues[]): ReminderUpsertCounts => {
    const outcome: ReminderUpsertCounts = { imported: 0, updated: 0, skipped: 0 };
    const now = nowIso(clock);
    database.writeTransaction(() => {
      for (const todo of todos) {
        const values = { listId, ...todo };
        const existing = db.select().from(reminders).where(and(eq(reminders.listId, listId), eq(reminders.uid, todo.uid))).get();
        if (!existing) {
          db.insert(reminders).values({ ...values, createdAt: now, updatedAt: now }).run();
          outcome.imported += 1;
        } else if (reminderUnchanged(existing, todo)) {
          outcome.skipped += 1;
        } else {
          db.update(reminders).set({ ...values, updatedAt: now }).where(eq(reminders.id, existing.id)).run();
          outcome.updated += 1;
        }
      }
    });
    return outcome;
  };

  const find = (where: SQL | undefined): ReminderRecord[] =>
    db
      .select()
      .from(reminders)
      .where(where)
      .orderBy(sql`${reminders.dueDate} IS NULL`, asc(reminders.dueDate), PRIORITY_RANK, asc(reminders.createdAt), asc(reminders.id))
      .all();

  return {
    lists: async () => db.select().from(reminderLists).orderBy(asc(reminderLists.name), asc(reminderLists.id)).all(),

    defaultList: async () => defaultList(),

    openCounts: async () =>
      new Map(
        db
          .select({ listId: reminders.listId, open: sql<number>`count(*)` })
          .from(reminders)
          .where(eq(reminders.completed, false))
          .groupBy(reminders.listId)
          .all()
          .map((row) => [row.listId, row.open]),
      ),

    listById: async (id) => db.select().from(reminderLists).where(eq(reminderLists.id, id)).get(),

    listByName: async (name) => listByName(name),

    async createList(name, color) {
      if (listByName(name)) return undefined;
      const hasDefault = db.select({ id: reminderLists.id }).from(reminderLists).where(eq(reminderLists.isDefault, true)).get();
      return db.insert(reminderLists).values({ name, color, isDefault: !hasDefault }).returning().get();
    },

    async ensureList(name) {
      const trimmed = name.trim();
      const existing = listByName(trimmed);
      if (existing) return existing;
      defaultList();
      db.insert(reminderLists).values({ name: trimmed }).onConflictDoNothing().run();
      return listByName(trimmed) as ReminderListRecord;
    },

    deleteList: async (id) => run(`DELETE FROM reminder_lists WHERE id = ?`, id) > 0,

    async find(filter) {
      return find(
        and(
          filter.listId !== undefined ? eq(reminders.listId, filter.listId) : undefined,
          filter.completed !== undefined ? eq(reminders.completed, filter.completed) : undefined,
          filter.dueBefore !== undefined ? sql`${reminders.dueDate} <= ${filter.dueBefore}` : undefined,
          filter.text !== undefined
            ? sql`(cos_fold(${reminders.title}) LIKE ${containsPattern(filter.text)} ESCAPE '\\' OR cos_fold(coalesce(${reminders.notes}, '')) LIKE ${containsPattern(filter.text)} ESCAPE '\\')`
            : undefined,
        ),
      );
    },

    get: async (id) => db.select().from(reminders).where(eq(reminders.id, id)).get(),

    ofList: async (listId) => db.select().from(reminders).where(eq(reminders.listId, listId)).orderBy(asc(reminders.id)).all(),

    async create(listId, values) {
      const now = nowIso(clock);
      return db
        .insert(reminders)
        .values({ listId, ...values, createdAt: now, updatedAt: now })
        .returning()
        .get();
    },

    async setCompleted(id, completed) {
      const row = db.select().from(reminders).where(eq(reminders.id, id)).get();
      if (!row) return undefined;
      const now = nowIso(clock);
      return db
        .update(reminders)
        .set({ completed, completedAt: completed ? (row.completed ? row.completedAt : now) : null, updatedAt: now })
        .where(eq(reminders.id, id))
        .returning()
        .get();
    },

    delete: async (id) => db.delete(reminders).where(eq(reminders.id, id)).run().changes > 0,

    upsertTodos: async (listId, todos) => upsertTodos(listId, todos),

    linkedLists: async () =>
      all<LinkedReminderList>(`SELECT id, name, remote_url AS url, remote_ctag AS ctag FROM reminder_lists WHERE remote_url IS NOT NULL ORDER BY id`),

    async linkList(listId, url) {
      run(`UPDATE reminder_lists SET remote_url = ? WHERE id = ?`, url, listId);
    },

    async markListSynced(listId, at, ctag) {
      if (ctag === undefined) run(`UPDATE reminder_lists SET last_synced_at = ? WHERE id = ?`, at, listId);
      else run(`UPDATE reminder_lists SET remote_ctag = ?, last_synced_at = ? WHERE id = ?`, ctag, at, listId);
    },

    async lastListSync() {
      const [row] = all<{ at: string | null }>(`SELECT max(last_synced_at) AS at FROM reminder_lists WHERE remote_url IS NOT NULL`);
      return row?.at ?? null;
    },

    remoteObjects: async (listId) =>
      all<RemoteReminderObject>(`SELECT remote_href AS href, remote_etag AS etag FROM reminders WHERE list_id = ? AND remote_href IS NOT NULL`, listId),

    async replaceRemoteObject(listId, href, etag, todos) {
      return database.writeTransaction(() => {
        run(`DELETE FROM reminders WHERE list_id = ? AND remote_href = ?`, listId, href);
        const outcome = upsertTodos(listId, todos);
        for (const todo of todos) run(`UPDATE reminders SET remote_href = ?, remote_etag = ? WHERE list_id = ? AND uid = ?`, href, etag, listId, todo.uid);
        return outcome;
      });
    },

    deleteRemoteObject: async (listId, href) => run(`DELETE FROM reminders WHERE list_id = ? AND remote_href = ?`, listId, href),

    async setRemoteObject(id, href, etag) {
      run(`UPDATE reminders SET remote_href = ?, remote_etag = ? WHERE id = ?`, href, etag, id);
    },

    async setRemoteEtag(id, etag) {
      run(`UPDATE reminders SET remote_etag = ? WHERE id = ?`, etag, id);
    },

    async forgetSyncState(listId) {
      run(`UPDATE reminder_lists SET remote_ctag = NULL WHERE id = ?`, listId);
      run(`UPDATE reminders SET remote_etag = NULL WHERE list_id = ?`, listId);
    },
  };
}
