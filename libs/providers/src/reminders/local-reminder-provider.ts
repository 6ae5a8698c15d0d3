/**
 * The embedded reminders store (docs/reference/tool-catalogue.md#personal-data-providers): reminder lists (one is the
 * default, created on first use) and to-dos in the storage port's reminders store (SQLite or PostgreSQL), imported
 * from and exported to iCalendar VTODOs.
 */
import { newUuid } from '@chief-of-staff/core';
import type { ReminderFilter, ReminderListRecord, ReminderRecord, RemindersRepository, ReminderUpsertCounts, ReminderValues } from '@chief-of-staff/stores';
import { ProviderError } from '../errors/provider-error.js';
import type { NewReminder, Reminder, ReminderList, ReminderProvider, ReminderQuery } from '../types/reminders.js';
import type { IcsTodoRecord } from '../calendar/ics/write-ics.js';

const PROVIDER = 'local-reminders';

type ReminderRow = ReminderRecord;
type ListRow = ReminderListRecord;

/** An iCalendar to-do as the store keeps it (instants as ISO strings). */
export function todoValues(todo: IcsTodoRecord): ReminderValues {
  return {
    uid: todo.uid,
    title: todo.title,
    notes: todo.notes,
    dueDate: todo.dueDate,
    dueAt: todo.dueAt?.toISOString() ?? null,
    priority: todo.priority,
    completed: todo.completed,
    completedAt: todo.completedAt?.toISOString() ?? null,
  };
}

export class LocalReminderProvider implements ReminderProvider {
  readonly name = 'local';

  constructor(private readonly store: RemindersRepository) {}

  /** The storage port's reminders store (a CalDAV account keeps its object URLs and ETags beside the to-dos). */
  get repository(): RemindersRepository {
    return this.store;
  }

  /** The default list, created as "Reminders" when there is none. */
  defaultList(): Promise<ListRow> {
    return this.store.defaultList();
  }

  async lists(): Promise<ReminderList[]> {
    await this.store.defaultList();
    const counts = await this.store.openCounts();
    return (await this.store.lists()).map((row) => ({
      id: row.id,
      name: row.name,
      color: row.color,
      openCount: counts.get(row.id) ?? 0,
      isDefault: row.isDefault,
    }));
  }

  private async listRow(nameOrId: string | number): Promise<ListRow> {
    const key = String(nameOrId).trim();
    let row: ListRow | undefined;
    if (/^\d+$/.test(key)) row = await this.store.listById(Number(key));
    row ??= await this.store.listByName(key);
    if (!row) {
      const names = (await this.store.lists()).map((l) => l.name);
      throw ProviderError.notFound(PROVIDER, 'Reminder list', key, names.length > 0 ? `Existing lists: ${names.join(', ')}.` : undefined);
    }
    return row;
  }

  async getList(nameOrId: string | number): Promise<ReminderList> {
    const row = await this.listRow(nameOrId);
    return (await this.lists()).find((l) => l.id === row.id) as ReminderList;
  }

  async createList(name: string, color: string | null = null): Promise<ReminderList> {
    const trimmed = name.trim();
    const row = await this.store.createList(trimmed, color);
    if (!row) throw new ProviderError('conflict', `A reminder list named "${trimmed}" already exists.`, { provider: PROVIDER });
    return { id: row.id, name: row.name, color: row.color, openCount: 0, isDefault: row.isDefault };
  }

  /** Finds a list by name or creates it (imports use this for their target). */
  ensureList(name: string): Promise<ListRow> {
    return this.store.ensureList(name);
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

  private async query(filter: ReminderFilter): Promise<Reminder[]> {
    const names = new Map((await this.store.lists()).map((l) => [l.id, l.name]));
    return (await this.store.find(filter)).map((row) => this.toReminder(row, names.get(row.listId) ?? ''));
  }

  async list(query: ReminderQuery): Promise<Reminder[]> {
    return this.query({
      ...(query.listId !== undefined ? { listId: query.listId } : {}),
      ...(query.status === 'all' ? {} : { completed: query.status === 'completed' }),
      ...(query.dueBefore !== undefined ? { dueBefore: query.dueBefore } : {}),
    });
  }

  async search(text: string, options: { includeCompleted: boolean }): Promise<Reminder[]> {
    return this.query({ text: text.trim(), ...(options.includeCompleted ? {} : { completed: false }) });
  }

  private async row(id: number): Promise<ReminderRow> {
    const row = await this.store.get(id);
    if (!row) throw ProviderError.notFound(PROVIDER, 'Reminder', id);
    return row;
  }

  async get(id: number): Promise<Reminder> {
    const row = await this.row(id);
    return this.toReminder(row, (await this.listRow(row.listId)).name);
  }

  async create(input: NewReminder): Promise<Reminder> {
    const list = input.listId !== undefined ? await this.listRow(input.listId) : await this.store.defaultList();
    const row = await this.store.create(list.id, {
      uid: input.uid ?? `${newUuid()}@chief-of-staff`,
      title: input.title.trim(),
      notes: input.notes ?? null,
      dueDate: input.dueDate ?? null,
      dueAt: input.dueAt?.toISOString() ?? null,
      priority: input.priority ?? 'none',
      completed: input.completed ?? false,
      completedAt: input.completed ? (input.completedAt ?? new Date()).toISOString() : null,
    });
    return this.toReminder(row, list.name);
  }

  async complete(id: number, completed: boolean): Promise<Reminder> {
    const updated = await this.store.setCompleted(id, completed);
    if (!updated) throw ProviderError.notFound(PROVIDER, 'Reminder', id);
    return this.toReminder(updated, (await this.listRow(updated.listId)).name);
  }

  async delete(id: number): Promise<void> {
    if (!(await this.store.delete(id))) throw ProviderError.notFound(PROVIDER, 'Reminder', id);
  }

  /** Inserts or updates to-dos by (list, UID) in one transaction; unchanged ones are counted as skipped. */
  upsertTodos(listId: number, todos: readonly IcsTodoRecord[]): Promise<ReminderUpsertCounts> {
    return this.store.upsertTodos(listId, todos.map(todoValues));
  }

  /** To-dos of a list in iCalendar form, for export. */
  async todoRecords(listId: number): Promise<IcsTodoRecord[]> {
    return (await this.store.ofList(listId)).map((row) => ({
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
