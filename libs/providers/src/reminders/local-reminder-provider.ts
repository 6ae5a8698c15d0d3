/**
 * The embedded reminders store (docs/reference/tool-catalogue.md#personal-data-providers): reminder lists (one is the
 * default, created on first use) and to-dos in SQLite, imported from and exported to iCalendar VTODOs.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { newUuid } from '@chief-of-staff/core';
import { type CosDatabase, reminderLists, reminders, foldCase, containsPattern } from '@chief-of-staff/stores';
import { ProviderError } from '../errors/provider-error.js';
import type { NewReminder, Reminder, ReminderList, ReminderProvider, ReminderQuery } from '../types/reminders.js';
import type { IcsTodoRecord } from '../calendar/ics/write-ics.js';
import type { UpsertOutcome } from '../calendar/local-calendar-provider.js';

const PROVIDER = 'local-reminders';
const DEFAULT_LIST = 'Reminders';

type ReminderRow = typeof reminders.$inferSelect;
type ListRow = typeof reminderLists.$inferSelect;

/** Priority high → none, as SQL, for ordering. */
const PRIORITY_RANK = sql`CASE ${reminders.priority} WHEN 'high' THEN 0 WHEN 'medium' THEN 1 WHEN 'low' THEN 2 ELSE 3 END`;

export class LocalReminderProvider implements ReminderProvider {
  readonly name = 'local';

  constructor(private readonly store: CosDatabase) {}

  /** The database the store lives in (a CalDAV account keeps its object URLs and ETags beside the to-dos). */
  get database(): CosDatabase {
    return this.store;
  }

  private listRows(): ListRow[] {
    return this.store.db.select().from(reminderLists).orderBy(asc(reminderLists.name), asc(reminderLists.id)).all();
  }

  /** The default list, created as "Reminders" when there is none. */
  defaultList(): ListRow {
    const current = this.store.db.select().from(reminderLists).where(eq(reminderLists.isDefault, true)).get();
    if (current) return current;
    return this.store.writeTransaction(() => {
      const first = this.store.db.select().from(reminderLists).orderBy(asc(reminderLists.id)).get();
      if (first) {
        this.store.db.update(reminderLists).set({ isDefault: true }).where(eq(reminderLists.id, first.id)).run();
        return { ...first, isDefault: true };
      }
      return this.store.db.insert(reminderLists).values({ name: DEFAULT_LIST, isDefault: true }).returning().get();
    });
  }

  async lists(): Promise<ReminderList[]> {
    this.defaultList();
    const counts = new Map(
      this.store.db
        .select({ listId: reminders.listId, open: sql<number>`count(*)` })
        .from(reminders)
        .where(eq(reminders.completed, false))
        .groupBy(reminders.listId)
        .all()
        .map((row) => [row.listId, row.open]),
    );
    return this.listRows().map((row) => ({
      id: row.id,
      name: row.name,
      color: row.color,
      openCount: counts.get(row.id) ?? 0,
      isDefault: row.isDefault,
    }));
  }

  private listRow(nameOrId: string | number): ListRow {
    const key = String(nameOrId).trim();
    let row: ListRow | undefined;
    if (/^\d+$/.test(key)) row = this.store.db.select().from(reminderLists).where(eq(reminderLists.id, Number(key))).get();
    row ??= this.store.db.select().from(reminderLists).where(sql`cos_fold(${reminderLists.name}) = ${foldCase(key)}`).get();
    if (!row) {
      const names = this.listRows().map((l) => l.name);
      throw ProviderError.notFound(PROVIDER, 'Reminder list', key, names.length > 0 ? `Existing lists: ${names.join(', ')}.` : undefined);
    }
    return row;
  }

  async getList(nameOrId: string | number): Promise<ReminderList> {
    const row = this.listRow(nameOrId);
    return (await this.lists()).find((l) => l.id === row.id) as ReminderList;
  }

  async createList(name: string, color: string | null = null): Promise<ReminderList> {
    const trimmed = name.trim();
    const existing = this.store.db.select().from(reminderLists).where(sql`cos_fold(${reminderLists.name}) = ${foldCase(trimmed)}`).get();
    if (existing) throw new ProviderError('conflict', `A reminder list named "${trimmed}" already exists.`, { provider: PROVIDER });
    const hasDefault = this.store.db.select({ id: reminderLists.id }).from(reminderLists).where(eq(reminderLists.isDefault, true)).get();
    const row = this.store.db.insert(reminderLists).values({ name: trimmed, color, isDefault: !hasDefault }).returning().get();
    return { id: row.id, name: row.name, color: row.color, openCount: 0, isDefault: row.isDefault };
  }

  /** Finds a list by name or creates it (imports use this for their target). */
  ensureList(name: string): ListRow {
    const existing = this.store.db.select().from(reminderLists).where(sql`cos_fold(${reminderLists.name}) = ${foldCase(name.trim())}`).get();
    if (existing) return existing;
    this.defaultList();
    this.store.db.insert(reminderLists).values({ name: name.trim() }).onConflictDoNothing().run();
    return this.listRow(name);
  }

  private toReminder(row: ReminderRow, listName: string): Reminder {
    return {
      id: row.id,
      uid: row.uid,
      title: row.title,
      notes: row.notes,
      listId: row.listId,
      list: listName,
      dueDate: row.dueDate,
      dueAt: row.dueAt ? new Date(row.dueAt) : null,
      priority: row.priority,
      completed: row.completed,
      completedAt: row.completedAt ? new Date(row.completedAt) : null,
      createdAt: new Date(row.createdAt),
    };
  }

  private query(where: SQL | undefined): Reminder[] {
    const names = new Map(this.listRows().map((l) => [l.id, l.name]));
    return this.store.db
      .select()
      .from(reminders)
      .where(where)
      .orderBy(sql`${reminders.dueDate} IS NULL`, asc(reminders.dueDate), PRIORITY_RANK, asc(reminders.createdAt), asc(reminders.id))
      .all()
      .map((row) => this.toReminder(row, names.get(row.listId) ?? ''));
  }

  async list(query: ReminderQuery): Promise<Reminder[]> {
    return this.query(
      and(
        query.listId !== undefined ? eq(reminders.listId, query.listId) : undefined,
        query.status === 'all' ? undefined : eq(reminders.completed, query.status === 'completed'),
        query.dueBefore !== undefined ? sql`${reminders.dueDate} <= ${query.dueBefore}` : undefined,
      ),
    );
  }

  async search(text: string, options: { includeCompleted: boolean }): Promise<Reminder[]> {
    const pattern = containsPattern(text.trim());
    return this.query(
      and(
        sql`(cos_fold(${reminders.title}) LIKE ${pattern} ESCAPE '\\' OR cos_fold(coalesce(${reminders.notes}, '')) LIKE ${pattern} ESCAPE '\\')`,
        options.includeCompleted ? undefined : eq(reminders.completed, false),
      ),
    );
  }

  private row(id: number): ReminderRow {
    const row = this.store.db.select().from(reminders).where(eq(reminders.id, id)).get();
    if (!row) throw ProviderError.notFound(PROVIDER, 'Reminder', id);
    return row;
  }

  async get(id: number): Promise<Reminder> {
    const row = this.row(id);
    return this.toReminder(row, this.listRow(row.listId).name);
  }

  async create(input: NewReminder): Promise<Reminder> {
    const list = input.listId !== undefined ? this.listRow(input.listId) : this.defaultList();
    const row = this.store.db
      .insert(reminders)
      .values({
        listId: list.id,
        uid: input.uid ?? `${newUuid()}@chief-of-staff`,
        title: input.title.trim(),
        notes: input.notes ?? null,
        dueDate: input.dueDate ?? null,
        dueAt: input.dueAt?.toISOString() ?? null,
        priority: input.priority ?? 'none',
        completed: input.completed ?? false,
        completedAt: input.completed ? (input.completedAt ?? new Date()).toISOString() : null,
      })
      .returning()
      .get();
    return this.toReminder(row, list.name);
  }

  async complete(id: number, completed: boolean): Promise<Reminder> {
    const row = this.row(id);
    const now = new Date().toISOString();
    const updated = this.store.db
      .update(reminders)
      .set({ completed, completedAt: completed ? (row.completed ? row.completedAt : now) : null, updatedAt: now })
      .where(eq(reminders.id, id))
      .returning()
      .get();
    return this.toReminder(updated, this.listRow(updated.listId).name);
  }

  async delete(id: number): Promise<void> {
    this.row(id);
    this.store.db.delete(reminders).where(eq(reminders.id, id)).run();
  }

  /** Inserts or updates to-dos by (list, UID); unchanged ones are counted as skipped. */
  upsertTodos(listId: number, todos: readonly IcsTodoRecord[]): UpsertOutcome {
    const outcome: UpsertOutcome = { imported: 0, updated: 0, skipped: 0 };
    this.store.writeTransaction(() => {
      for (const todo of todos) {
        const values = {
          listId,
          uid: todo.uid,
          title: todo.title,
          notes: todo.notes,
          dueDate: todo.dueDate,
          dueAt: todo.dueAt?.toISOString() ?? null,
          priority: todo.priority,
          completed: todo.completed,
          completedAt: todo.completedAt?.toISOString() ?? null,
        };
        const existing = this.store.db.select().from(reminders).where(and(eq(reminders.listId, listId), eq(reminders.uid, todo.uid))).get();
        if (!existing) {
          this.store.db.insert(reminders).values(values).run();
          outcome.imported += 1;
        } else if ((Object.keys(values) as (keyof typeof values)[]).every((key) => existing[key] === values[key])) {
          outcome.skipped += 1;
        } else {
          this.store.db.update(reminders).set({ ...values, updatedAt: new Date().toISOString() }).where(eq(reminders.id, existing.id)).run();
          outcome.updated += 1;
        }
      }
    });
    return outcome;
  }

  /** To-dos of a list in iCalendar form, for export. */
  todoRecords(listId: number): IcsTodoRecord[] {
    return this.store.db
      .select()
      .from(reminders)
      .where(eq(reminders.listId, listId))
      .orderBy(asc(reminders.id))
      .all()
      .map((row) => ({
        uid: row.uid,
        title: row.title,
        notes: row.notes,
        dueDate: row.dueDate,
        dueAt: row.dueAt ? new Date(row.dueAt) : null,
        priority: row.priority,
        completed: row.completed,
        completedAt: row.completedAt ? new Date(row.completedAt) : null,
      }));
  }
}
