/**
 * The to-do lists (VTODO collections) of a CalDAV account behind the `ReminderProvider` interface, mirrored into the
 * local reminder store like the calendars: reads are local and sync first when stale; a new, completed or deleted
 * to-do is written to its server object (with If-Match), and a refused change is undone by syncing that list again.
 */
import type { Statement } from 'better-sqlite3';
import type { DAVCalendar } from 'tsdav';
import type { Logger } from '@chief-of-staff/core';
import { ProviderError } from '../../errors/provider-error.js';
import type { LocalReminderProvider } from '../../reminders/local-reminder-provider.js';
import type { NewReminder, Reminder, ReminderList, ReminderProvider, ReminderQuery } from '../../types/reminders.js';
import { statementCache } from '../../shared/statement-cache.js';
import { parseIcs } from '../ics/parse-ics.js';
import { writeIcs } from '../ics/write-ics.js';
import { componentFilter, connectCalDav, describeCalDavError, listObjectEtags, PROVIDER, type CalDavSettings, type DavClient } from './caldav-connection.js';

export interface ListSyncResult {
  list: string;
  changed: boolean;
  fetched: number;
  removed: number;
}

export interface CalDavReminderProviderOptions {
  settings: CalDavSettings;
  local: LocalReminderProvider;
  timezone: string;
  logger?: Logger;
  now?: () => Date;
}

interface LinkedList {
  id: number;
  name: string;
  url: string;
  ctag: string | null;
}

export class CalDavReminderProvider implements ReminderProvider {
  readonly name = 'caldav';
  readonly #settings: CalDavSettings;
  readonly #local: LocalReminderProvider;
  readonly #timezone: string;
  readonly #logger: Logger | undefined;
  readonly #now: () => Date;
  readonly #prepare: (sql: string) => Statement;
  #client: Promise<DavClient> | undefined;
  #syncing: Promise<ListSyncResult[]> | undefined;

  constructor(options: CalDavReminderProviderOptions) {
    this.#settings = options.settings;
    this.#local = options.local;
    this.#prepare = statementCache(options.local.database);
    this.#timezone = options.timezone;
    this.#logger = options.logger;
    this.#now = options.now ?? (() => new Date());
  }

  #sql<T>(query: string, ...params: unknown[]): T[] {
    return this.#prepare(query).all(...params) as T[];
  }

  #run(query: string, ...params: unknown[]): number {
    return this.#prepare(query).run(...params).changes;
  }

  // ---- sync ------------------------------------------------------------------------------------------------

  sync(): Promise<ListSyncResult[]> {
    this.#syncing ??= this.#syncAll()
      .catch((error: unknown) => {
        throw describeCalDavError(error, this.#settings);
      })
      .finally(() => {
        this.#syncing = undefined;
      });
    return this.#syncing;
  }

  async #syncAll(): Promise<ListSyncResult[]> {
    const client = await this.#connect();
    const collections = (await client.fetchCalendars()).filter((calendar) => calendar.components?.includes('VTODO'));
    const results: ListSyncResult[] = [];
    for (const collection of collections) results.push(await this.#syncCollection(client, collection));
    const seen = new Set(collections.map((collection) => collection.url));
    for (const linked of this.#linkedLists()) if (!seen.has(linked.url)) this.#run(`DELETE FROM reminder_lists WHERE id = ?`, linked.id);
    return results;
  }

  #linkedLists(): LinkedList[] {
    return this.#sql<LinkedList>(`SELECT id, name, remote_url AS url, remote_ctag AS ctag FROM reminder_lists WHERE remote_url IS NOT NULL ORDER BY id`);
  }

  #linkedList(collection: DAVCalendar): LinkedList {
    const linked = this.#linkedLists().find((list) => list.url === collection.url);
    if (linked) return linked;
    const display = typeof collection.displayName === 'string' && collection.displayName.trim() ? collection.displayName.trim() : 'Tasks';
    let name = display;
    for (let n = 2; this.#sql(`SELECT 1 FROM reminder_lists WHERE cos_fold(name) = cos_fold(?)`, name).length > 0; n += 1) name = `${display} (${n})`;
    const row = this.#local.ensureList(name);
    this.#run(`UPDATE reminder_lists SET remote_url = ? WHERE id = ?`, collection.url, row.id);
    return { id: row.id, name: row.name, url: collection.url, ctag: null };
  }

  async #syncCollection(client: DavClient, collection: DAVCalendar): Promise<ListSyncResult> {
    const list = this.#linkedList(collection);
    const ctag = collection.ctag ?? null;
    const now = this.#now().toISOString();
    if (ctag !== null && list.ctag === ctag) {
      this.#run(`UPDATE reminder_lists SET last_synced_at = ? WHERE id = ?`, now, list.id);
      return { list: list.name, changed: false, fetched: 0, removed: 0 };
    }
    const known = new Map(this.#sql<{ href: string; etag: string | null }>(`SELECT remote_href AS href, remote_etag AS etag FROM reminders WHERE list_id = ? AND remote_href IS NOT NULL`, list.id).map((row) => [row.href, row.etag]));
    const listed = await listObjectEtags(client, collection.url, 'VTODO');
    const changed = [...listed].filter(([url, etag]) => {
      const previous = known.get(url);
      return previous === undefined || previous === null || previous !== etag;
    });
    const objects =
      changed.length === 0 ? [] : await client.fetchCalendarObjects({ calendar: collection, filters: componentFilter('VTODO'), objectUrls: changed.map(([url]) => url), useMultiGet: true });
    let fetched = 0;
    for (const object of objects) {
      const text = typeof object.data === 'string' ? object.data : '';
      if (!/BEGIN:VTODO/i.test(text)) continue;
      const todos = parseIcs(text, { timezone: this.#timezone, selfEmails: [] }).todos;
      this.#local.database.writeTransaction(() => {
        this.#run(`DELETE FROM reminders WHERE list_id = ? AND remote_href = ?`, list.id, object.url);
        this.#local.upsertTodos(list.id, todos);
        for (const todo of todos) this.#run(`UPDATE reminders SET remote_href = ?, remote_etag = ? WHERE list_id = ? AND uid = ?`, object.url, object.etag ?? null, list.id, todo.uid);
      });
      fetched += 1;
    }
    let removed = 0;
    for (const href of known.keys()) if (!listed.has(href)) removed += this.#run(`DELETE FROM reminders WHERE list_id = ? AND remote_href = ?`, list.id, href);
    this.#run(`UPDATE reminder_lists SET remote_ctag = ?, last_synced_at = ? WHERE id = ?`, ctag, now, list.id);
    return { list: list.name, changed: true, fetched, removed };
  }

  async #freshen(): Promise<void> {
    const [row] = this.#sql<{ at: string | null }>(`SELECT max(last_synced_at) AS at FROM reminder_lists WHERE remote_url IS NOT NULL`);
    const age = row?.at ? this.#now().getTime() - Date.parse(row.at) : Infinity;
    if (age < this.#settings.syncIntervalSeconds * 1000) return;
    try {
      await this.sync();
    } catch (error) {
      this.#logger?.warn({ err: error }, 'reminder sync failed; answering from the synced copy');
    }
  }

  // ---- reads -----------------------------------------------------------------------------------------------

  async lists(): Promise<ReminderList[]> {
    await this.#freshen();
    return this.#local.lists();
  }

  async getList(nameOrId: string | number): Promise<ReminderList> {
    // The account's lists are only known once mirrored: a name asked for before the first sync exists.
    await this.#freshen();
    return this.#local.getList(nameOrId);
  }

  async createList(name: string, color?: string | null): Promise<ReminderList> {
    return this.#local.createList(name, color);
  }

  async list(query: ReminderQuery): Promise<Reminder[]> {
    await this.#freshen();
    return this.#local.list(query);
  }

  async search(query: string, options: { includeCompleted: boolean }): Promise<Reminder[]> {
    await this.#freshen();
    return this.#local.search(query, options);
  }

  async get(id: number): Promise<Reminder> {
    return this.#local.get(id);
  }

  // ---- changes ---------------------------------------------------------------------------------------------

  async create(input: NewReminder): Promise<Reminder> {
    // Before the first sync no server list is known, and the to-do would land in a local-only list.
    await this.#freshen();
    const listId = input.listId ?? this.#linkedLists()[0]?.id;
    const created = await this.#local.create(listId === undefined ? input : { ...input, listId });
    const list = this.#linkedLists().find((candidate) => candidate.id === created.listId);
    if (!list) return created;
    const filename = `${created.uid.replace(/[^A-Za-z0-9._-]/g, '_')}.ics`;
    try {
      const response = await (await this.#connect()).createCalendarObject({ calendar: { url: list.url }, filename, iCalString: this.#todoText(list.id, created.uid) });
      if (!response.ok) throw new ProviderError('unavailable', `The CalDAV server refused the new to-do (HTTP ${response.status}).`, { provider: PROVIDER });
      this.#run(`UPDATE reminders SET remote_href = ?, remote_etag = ? WHERE id = ?`, new URL(filename, list.url).href, response.headers.get('etag'), created.id);
      return created;
    } catch (error) {
      await this.#local.delete(created.id);
      throw describeCalDavError(error, this.#settings);
    }
  }

  async complete(id: number, completed: boolean): Promise<Reminder> {
    const updated = await this.#local.complete(id, completed);
    await this.#writeBack(updated);
    return updated;
  }

  async delete(id: number): Promise<void> {
    const reminder = await this.#local.get(id);
    const [object] = this.#sql<{ href: string | null; etag: string | null }>(`SELECT remote_href AS href, remote_etag AS etag FROM reminders WHERE id = ?`, id);
    if (object?.href) {
      try {
        const response = await (await this.#connect()).deleteCalendarObject({ calendarObject: { url: object.href, etag: object.etag ?? undefined } });
        if (!response.ok && response.status !== 404) await this.#refused(response.status, reminder.listId);
      } catch (error) {
        throw describeCalDavError(error, this.#settings);
      }
    }
    await this.#local.delete(id);
  }

  async #writeBack(reminder: Reminder): Promise<void> {
    const [object] = this.#sql<{ href: string | null; etag: string | null }>(`SELECT remote_href AS href, remote_etag AS etag FROM reminders WHERE id = ?`, reminder.id);
    if (!object?.href) return;
    try {
      const response = await (await this.#connect()).updateCalendarObject({ calendarObject: { url: object.href, etag: object.etag ?? undefined, data: this.#todoText(reminder.listId, reminder.uid) } });
      if (!response.ok) await this.#refused(response.status, reminder.listId);
      this.#run(`UPDATE reminders SET remote_etag = ? WHERE id = ?`, response.headers.get('etag'), reminder.id);
    } catch (error) {
      await this.#resync(reminder.listId);
      throw describeCalDavError(error, this.#settings);
    }
  }

  async #refused(status: number, listId: number): Promise<never> {
    await this.#resync(listId);
    if (status === 412) {
      throw new ProviderError('conflict', 'The to-do was changed on the server meanwhile; nothing was changed here.', { provider: PROVIDER, hint: 'The list has been synced again: read it and try once more.' });
    }
    throw new ProviderError('unavailable', `The CalDAV server refused the change (HTTP ${status}); the to-do is as it was.`, { provider: PROVIDER });
  }

  async #resync(listId: number): Promise<void> {
    const list = this.#linkedLists().find((candidate) => candidate.id === listId);
    if (!list) return;
    try {
      this.#run(`UPDATE reminder_lists SET remote_ctag = NULL WHERE id = ?`, listId);
      this.#run(`UPDATE reminders SET remote_etag = NULL WHERE list_id = ?`, listId);
      const client = await this.#connect();
      const collection = (await client.fetchCalendars()).find((candidate) => candidate.url === list.url);
      if (collection) await this.#syncCollection(client, collection);
    } catch (error) {
      this.#logger?.warn({ err: error }, 'could not re-sync a to-do list after a refused change');
    }
  }

  #todoText(listId: number, uid: string): string {
    return writeIcs({ events: [], todos: this.#local.todoRecords(listId).filter((todo) => todo.uid === uid), now: this.#now() });
  }

  #connect(): Promise<DavClient> {
    this.#client ??= connectCalDav(this.#settings).catch((error: unknown) => {
      this.#client = undefined;
      throw error;
    });
    return this.#client;
  }
}
