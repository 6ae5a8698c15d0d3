/**
 * The reminders store of the storage port (docs/reference/tool-catalogue.md#personal-data-providers): reminder lists
 * (one is the default, created as "Reminders" on first use) and their to-dos, with the CalDAV mirror's object URLs,
 * ETags and collection state beside them. Rows in, rows out: the providers map them to their own types, parse and
 * write iCalendar and raise the provider errors. Its adapters are `@chief-of-staff/sqlite` and
 * `@chief-of-staff/postgres` (ADR 0071).
 */
import type { ReminderPriority } from '../db/enums.js';

export interface ReminderListRecord {
  id: number;
  name: string;
  color: string | null;
  isDefault: boolean;
  /** CalDAV lists: the collection mirrored, its ctag at the last sync, and when that was. */
  remoteUrl: string | null;
  remoteCtag: string | null;
  lastSyncedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface ReminderRecord {
  id: number;
  listId: number;
  uid: string;
  title: string;
  notes: string | null;
  /** `YYYY-MM-DD`. */
  dueDate: string | null;
  /** UTC instant when the reminder has a time. */
  dueAt: string | null;
  priority: ReminderPriority;
  completed: boolean;
  completedAt: string | null;
  /** CalDAV lists: the URL and ETag of the server object holding this to-do. */
  remoteHref: string | null;
  remoteEtag: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a to-do holds, as stored (instants as ISO strings): a new reminder, or one to-do of an import or a sync. */
export interface ReminderValues {
  uid: string;
  title: string;
  notes: string | null;
  /** `YYYY-MM-DD`. */
  dueDate: string | null;
  /** UTC instant when the reminder has a time. */
  dueAt: string | null;
  priority: ReminderRecord['priority'];
  completed: boolean;
  completedAt: string | null;
}

/** Which reminders `find` returns; every given filter applies. */
export interface ReminderFilter {
  listId?: number;
  completed?: boolean;
  /** Due on or before this `YYYY-MM-DD` (reminders without a due date are left out). */
  dueBefore?: string;
  /** Case-folded substring of the title or the notes. */
  text?: string;
}

/** What a batch of to-dos did: new ones, changed ones, and ones already stored as given. */
export interface ReminderUpsertCounts {
  imported: number;
  updated: number;
  skipped: number;
}

/** A list mirroring a CalDAV collection: its URL and the collection's ctag at the last sync. */
export interface LinkedReminderList {
  id: number;
  name: string;
  url: string;
  ctag: string | null;
}

/** A to-do's server object (CalDAV): its URL and ETag. */
export interface RemoteReminderObject {
  href: string;
  etag: string | null;
}

/** The name of the list created when there is none. */
export const DEFAULT_REMINDER_LIST = 'Reminders';

export interface RemindersRepository {
  /** Every list, by name (code point order), then id. */
  lists(): Promise<ReminderListRecord[]>;
  /** The default list; the first list becomes it when none is, and "Reminders" is created when there is no list. */
  defaultList(): Promise<ReminderListRecord>;
  /** Open (not completed) reminders per list id; lists without any are absent. */
  openCounts(): Promise<Map<number, number>>;
  listById(id: number): Promise<ReminderListRecord | undefined>;
  /** The list whose name equals `name` case-folded. */
  listByName(name: string): Promise<ReminderListRecord | undefined>;
  /**
   * A new list, the default when there is none; undefined when a list of that name (case-folded) exists. `name` is
   * stored as given (the caller trims it).
   */
  createList(name: string, color: string | null): Promise<ReminderListRecord | undefined>;
  /** The list named `name` (case-folded, trimmed), created (not as the default) when missing. */
  ensureList(name: string): Promise<ReminderListRecord>;
  /** Deletes a list and its reminders; false when there was none. */
  deleteList(id: number): Promise<boolean>;

  /** Reminders matching `filter`: due date first (none last), then priority high → none, creation time, id. */
  find(filter: ReminderFilter): Promise<ReminderRecord[]>;
  get(id: number): Promise<ReminderRecord | undefined>;
  /** Every reminder of a list, by id (what an export writes). */
  ofList(listId: number): Promise<ReminderRecord[]>;
  create(listId: number, values: ReminderValues): Promise<ReminderRecord>;
  /**
   * Marks a reminder completed (keeping the completion time of one already completed) or open again (clearing it);
   * undefined when there is none.
   */
  setCompleted(id: number, completed: boolean): Promise<ReminderRecord | undefined>;
  /** False when there was none. */
  delete(id: number): Promise<boolean>;
  /**
   * Inserts or updates to-dos by (list, UID) in one transaction; one stored exactly as given is skipped. A UID given
   * twice is written once and then updated or skipped.
   */
  upsertTodos(listId: number, todos: readonly ReminderValues[]): Promise<ReminderUpsertCounts>;

  // ---- the CalDAV mirror ----
  /** The lists mirroring a CalDAV collection, by id. */
  linkedLists(): Promise<LinkedReminderList[]>;
  /** Links a list to the collection at `url`. */
  linkList(listId: number, url: string): Promise<void>;
  /** Records a sync of the list at `at`, and the collection's ctag when given (null forgets it). */
  markListSynced(listId: number, at: string, ctag?: string | null): Promise<void>;
  /** When a linked list was last synced (the latest), or null when none was. */
  lastListSync(): Promise<string | null>;
  /** The server objects of a list's to-dos that have one. */
  remoteObjects(listId: number): Promise<RemoteReminderObject[]>;
  /**
   * Replaces the to-dos of one server object in one transaction: those stored from `href` are deleted, `todos` are
   * upserted and linked to `href` and `etag`.
   */
  replaceRemoteObject(listId: number, href: string, etag: string | null, todos: readonly ReminderValues[]): Promise<ReminderUpsertCounts>;
  /** Deletes the to-dos stored from `href`; how many there were. */
  deleteRemoteObject(listId: number, href: string): Promise<number>;
  /** Links a reminder to its server object. */
  setRemoteObject(id: number, href: string, etag: string | null): Promise<void>;
  setRemoteEtag(id: number, etag: string | null): Promise<void>;
  /** Forgets a list's ctag and its to-dos' ETags, so the next sync fetches every object again. */
  forgetSyncState(listId: number): Promise<void>;
}
