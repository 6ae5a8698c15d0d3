/**
 * The to-do lists (VTODO collections) of a CalDAV account behind the `ReminderProvider` interface, mirrored into the
 * local reminder store like the calendars: reads are local and sync first when stale; a new, completed or deleted
 * to-do is written to its server object (with If-Match), and a refused change is undone by syncing that list again.
 */
import type { DAVCalendar } from 'tsdav';
import type { Logger } from '@chief-of-staff/core';
import type { LinkedReminderList, RemindersRepository } from '@chief-of-staff/stores';
import { ProviderError } from '../../errors/provider-error.js';
import { todoValues, type LocalReminderProvider } from '../../reminders/local-reminder-provider.js';
import type { NewReminder, Reminder, ReminderList, ReminderProvider, ReminderQuery } from '../../types/reminders.js';
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

export class CalDavReminderProvider implements ReminderProvider {
  readonly name = 'caldav';
  readonly #settings: CalDavSettings;
  readonly #local: LocalReminderProvider;
  readonly #timezone: string;
  readonly #logger: Logger | undefined;
  readonly #now: () => Date;
  readonly #store: RemindersRepository;
  #client: Promise<DavClient> | undefined;
  #syncing: Promise<ListSyncResult[]> | undefined;

  constructor(options: CalDavReminderProviderOptions) {
    this.#settings = options.settings;
    this.#local = options.local;
    this.#store = options.local.repository;
    this.#timezone = options.timezone;
    this.#logger = options.logger;
    this.#now = options.now ?? (() => new Date());
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
    for (const linked of await this.#store.linkedLists()) if (!seen.has(linked.url)) await this.#store.deleteList(linked.id);
    return results;
  }

  async #linkedList(collection: DAVCalendar): Promise<LinkedReminderList> {
    const linked = (await this.#store.linkedLists()).find((list) => list.url === collection.url);
    if (linked) return linked;
    const display = typeof collection.displayName === 'string' && collection.displayName.trim() ? collection.displayName.trim() : 'Tasks';
    let name = display;
    for (let n = 2; (await this.#store.listByName(name)) !== undefined; n += 1) name = `${display} (${n})`;
    const row = await this.#local.ensureList(name);
    await this.#store.linkList(row.id, collection.url);
    return { id: row.id, name: row.name, url: collection.url, ctag: null };
  }

  async #syncCollection(client: DavClient, collection: DAVCalendar): Promise<ListSyncResult> {
    const list = await this.#linkedList(collection);
    const ctag = collection.ctag ?? null;
    const now = this.#now().toISOString();
    if (ctag !== null && list.ctag === ctag) {
      await this.#store.markListSynced(list.id, now);
      return { list: list.name, changed: false, fetched: 0, removed: 0 };
    }
    const known = new Map((await this.#store.remoteObjects(list.id)).map((row) => [row.href, row.etag]));
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
      await this.#store.replaceRemoteObject(list.id, object.url, object.etag ?? null, todos.map(todoValues));
      fetched += 1;
    }
    let removed = 0;
    for (const href of known.keys()) if (!listed.has(href)) removed += await this.#store.deleteRemoteObject(list.id, href);
    await this.#store.markListSynced(list.id, now, ctag);
    return { list: list.name, changed: true, fetched, removed };
  }

  async #freshen(): Promise<void> {
    const at = await this.#store.lastListSync();
    const age = at ? this.#now().getTime() - Date.parse(at) : Infinity;
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
    const listId = input.listId ?? (await this.#store.linkedLists())[0]?.id;
    const created = await this.#local.create(listId === undefined ? input : { ...input, listId });
    const list = (await this.#store.linkedLists()).find((candidate) => candidate.id === created.listId);
    if (!list) return created;
    const filename = `${created.uid.replace(/[^A-Za-z0-9._-]/g, '_')}.ics`;
    try {
      const response = await (await this.#connect()).createCalendarObject({ calendar: { url: list.url }, filename, iCalString: await this.#todoText(list.id, created.uid) });
      if (!response.ok) throw new ProviderError('unavailable', `The CalDAV server refused the new to-do (HTTP ${response.status}).`, { provider: PROVIDER });
      await this.#store.setRemoteObject(created.id, new URL(filename, list.url).href, response.headers.get('etag'));
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
    const object = await this.#store.get(id);
    if (object?.remoteHref) {
      try {
        const response = await (await this.#connect()).deleteCalendarObject({ calendarObject: { url: object.remoteHref, etag: object.remoteEtag ?? undefined } });
        if (!response.ok && response.status !== 404) await this.#refused(response.status, reminder.listId);
      } catch (error) {
        throw describeCalDavError(error, this.#settings);
      }
    }
    await this.#local.delete(id);
  }

  async #writeBack(reminder: Reminder): Promise<void> {
    const object = await this.#store.get(reminder.id);
    if (!object?.remoteHref) return;
    try {
      const data = await this.#todoText(reminder.listId, reminder.uid);
      const response = await (await this.#connect()).updateCalendarObject({ calendarObject: { url: object.remoteHref, etag: object.remoteEtag ?? undefined, data } });
      if (!response.ok) await this.#refused(response.status, reminder.listId);
      await this.#store.setRemoteEtag(reminder.id, response.headers.get('etag'));
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
    const list = (await this.#store.linkedLists()).find((candidate) => candidate.id === listId);
    if (!list) return;
    try {
      await this.#store.forgetSyncState(listId);
      const client = await this.#connect();
      const collection = (await client.fetchCalendars()).find((candidate) => candidate.url === list.url);
      if (collection) await this.#syncCollection(client, collection);
    } catch (error) {
      this.#logger?.warn({ err: error }, 'could not re-sync a to-do list after a refused change');
    }
  }

  async #todoText(listId: number, uid: string): Promise<string> {
    return writeIcs({ events: [], todos: (await this.#local.todoRecords(listId)).filter((todo) => todo.uid === uid), now: this.#now() });
  }

  #connect(): Promise<DavClient> {
    this.#client ??= connectCalDav(this.#settings).catch((error: unknown) => {
      this.#client = undefined;
      throw error;
    });
    return this.#client;
  }
}
