/**
 * The reminders provider contract (docs/reference/tool-catalogue.md#personal-data-providers): lists of to-dos with
 * due dates, priority and completion.
 */

export const REMINDER_PRIORITY_VALUES = ['none', 'low', 'medium', 'high'] as const;
export type ReminderPriority = (typeof REMINDER_PRIORITY_VALUES)[number];

export interface ReminderList {
  id: number;
  name: string;
  color: string | null;
  openCount: number;
  isDefault: boolean;
}

export interface Reminder {
  id: number;
  uid: string;
  title: string;
  notes: string | null;
  listId: number;
  list: string;
  /** `YYYY-MM-DD` in the user's zone when due, else null. */
  dueDate: string | null;
  /** Exact due instant when a time was given. */
  dueAt: Date | null;
  priority: ReminderPriority;
  completed: boolean;
  completedAt: Date | null;
  createdAt: Date;
}

export interface ReminderQuery {
  listId?: number;
  status: 'open' | 'completed' | 'all';
  /** Only reminders due on or before this date (`YYYY-MM-DD`). */
  dueBefore?: string;
}

export interface NewReminder {
  listId?: number;
  uid?: string;
  title: string;
  notes?: string | null;
  dueDate?: string | null;
  dueAt?: Date | null;
  priority?: ReminderPriority;
  completed?: boolean;
  completedAt?: Date | null;
}

export interface ReminderProvider {
  readonly name: string;
  lists(): Promise<ReminderList[]>;
  /** Resolves a list by id or case-insensitive name; NOT_FOUND lists the existing names. */
  getList(nameOrId: string | number): Promise<ReminderList>;
  createList(name: string, color?: string | null): Promise<ReminderList>;
  /** Ordered by due date (nulls last), priority high→none, creation, id. */
  list(query: ReminderQuery): Promise<Reminder[]>;
  search(query: string, options: { includeCompleted: boolean }): Promise<Reminder[]>;
  get(id: number): Promise<Reminder>;
  create(input: NewReminder): Promise<Reminder>;
  complete(id: number, completed: boolean): Promise<Reminder>;
  delete(id: number): Promise<void>;
}
