/**
 * A CalDAV account (Nextcloud, Fastmail, iCloud with an app password, Radicale, …) behind the `CalendarProvider`
 * interface. Its calendars are mirrored into the local calendar store, so reads (ranges with recurrences expanded,
 * search, free time) are local and work offline; reads sync first when the last sync is older than
 * `syncIntervalSeconds`. A sync skips collections whose ctag did not change and parses only objects whose ETag did.
 * Changes are written to the server object with the ETag they were based on; a change the server refuses is undone
 * locally by syncing that calendar again, so the two never disagree. Other people's free/busy is read live from the
 * server for the calendars listed under `calendar.caldav.people` (caldav-free-busy), and from the local store for
 * everyone else or when the server cannot be reached.
 */
import type { DAVCalendar } from 'tsdav';
import type { CalendarRepository } from '@chief-of-staff/stores';
import type { Logger } from '@chief-of-staff/core';
import { ProviderError } from '../../errors/provider-error.js';
import type {
  CalendarEvent,
  CalendarEventPatch,
  CalendarInfo,
  CalendarProvider,
  EventRange,
  EventSearch,
  FreeBusyResult,
  NewCalendar,
  NewCalendarEvent,
} from '../../types/calendar.js';
import { parseIcs } from '../ics/parse-ics.js';
import { writeIcs } from '../ics/write-ics.js';
import type { LocalCalendarProvider } from '../local-calendar-provider.js';
import { upsertRows } from '../local-calendar-rows.js';
import { connectCalDav, describeCalDavError, listObjectEtags, PROVIDER, type CalDavSettings, type DavClient } from './caldav-connection.js';
import { retryTransient } from '../../shared/transient-retry.js';
import { CalDavFreeBusy, type FreeBusyMethod } from './caldav-free-busy.js';

export interface CalDavCalendarProviderOptions {
  settings: CalDavSettings;
  local: LocalCalendarProvider;
  timezone: string;
  selfEmails: readonly string[];
  logger?: Logger;
  now?: () => Date;
}

export interface CalendarSyncResult {
  calendar: string;
  /** False when the collection's ctag had not changed. */
  changed: boolean;
  fetched: number;
  removed: number;
}

export class CalDavCalendarProvider implements CalendarProvider {
  readonly name = 'caldav';
  readonly #settings: CalDavSettings;
  readonly #local: LocalCalendarProvider;
  /** The local mirror's bookkeeping: which collection each calendar mirrors, which server object holds each event. */
  readonly #objects: CalendarRepository;
  readonly #freeBusy: CalDavFreeBusy;
  /** Lower-cased email → that person's calendars on the server. */
  readonly #people: ReadonlyMap<string, readonly string[]>;
  readonly #timezone: string;
  readonly #selfEmails: readonly string[];
  readonly #logger: Logger | undefined;
  readonly #now: () => Date;
  #client: Promise<DavClient> | undefined;
  #syncing: Promise<CalendarSyncResult[]> | undefined;
  #lastError: string | undefined;
  /** The last live free/busy read that failed because of the server; cleared by the next one that works. */
  #freeBusyError: string | undefined;
  /** When the mirror was last synced, as last read from the store (`staleness()` answers without a query). */
  #lastSynced: string | undefined;

  constructor(options: CalDavCalendarProviderOptions) {
    this.#settings = options.settings;
    this.#local = options.local;
    this.#objects = options.local.repository;
    this.#freeBusy = new CalDavFreeBusy(options.settings, options.timezone);
    this.#people = new Map((options.settings.people ?? []).map((person) => [person.email.trim().toLowerCase(), person.calendars]));
    this.#timezone = options.timezone;
    this.#selfEmails = options.selfEmails;
    this.#logger = options.logger;
    this.#now = options.now ?? (() => new Date());
  }

  // ---- sync ------------------------------------------------------------------------------------------------

  /**
   * Mirrors every calendar (VEVENT collection) of the account now; concurrent callers share one sync, and a transient
   * failure is retried twice with backoff.
   */
  sync(): Promise<CalendarSyncResult[]> {
    this.#syncing ??= retryTransient(() => this.#syncAll().catch((error: unknown) => Promise.reject(this.#describe(error))))
      .then((results) => {
        this.#lastError = undefined;
        return results;
      })
      .catch((error: unknown) => {
        const failure = this.#describe(error);
        this.#lastError = failure.message;
        throw failure;
      })
      .finally(() => {
        this.#syncing = undefined;
      });
    return this.#syncing;
  }

  /** For `cos doctor`: logs in and lists the calendars, or throws a precise error. */
  async checkConnection(): Promise<string> {
    try {
      const calendars = await (await this.#connect()).fetchCalendars();
      return `${this.#settings.user} on ${new URL(this.#settings.serverUrl).host}: ${calendars.filter(isEventCollection).length} calendars`;
    } catch (error) {
      throw this.#describe(error);
    }
  }

  async #syncAll(): Promise<CalendarSyncResult[]> {
    const client = await this.#connect();
    const collections = (await client.fetchCalendars()).filter(isEventCollection);
    const results: CalendarSyncResult[] = [];
    const seen = new Set<string>();
    for (const collection of collections) {
      seen.add(collection.url);
      results.push(await this.#syncCollection(client, collection));
    }
    // Calendars deleted on the server go locally too.
    for (const linked of await this.#objects.linkedCalendars()) {
      if (!seen.has(linked.url)) await this.#local.deleteCalendarById(linked.id);
    }
    return results;
  }

  async #syncCollection(client: DavClient, collection: DAVCalendar): Promise<CalendarSyncResult> {
    const calendar = await this.#linkedCalendar(collection);
    const ctag = collection.ctag ?? null;
    if (ctag !== null && calendar.ctag === ctag) {
      await this.#objects.saveCtag(calendar.id, ctag, this.#now().toISOString());
      return { calendar: calendar.name, changed: false, fetched: 0, removed: 0 };
    }
    const known = new Map((await this.#objects.remoteObjects(calendar.id)).map((object) => [object.href, object]));
    // One listing of URLs and ETags, then the data of the new and changed objects only.
    const listed = await listObjectEtags(client, collection.url, 'VEVENT');
    const changed = [...listed].filter(([url, etag]) => {
      const previous = known.get(url);
      return !previous || previous.etag === null || previous.etag !== etag;
    });
    const objects = changed.length === 0 ? [] : await client.fetchCalendarObjects({ calendar: collection, objectUrls: changed.map(([url]) => url), useMultiGet: true });
    let fetched = 0;
    for (const object of objects) {
      const previous = known.get(object.url);
      const text = typeof object.data === 'string' ? object.data : '';
      const parsed = parseIcs(text, { timezone: this.#timezone, selfEmails: this.#selfEmails });
      await this.#objects.storeRemoteObject(calendar.id, { href: object.url, etag: object.etag ?? null }, upsertRows(parsed.events), previous !== undefined);
      fetched += 1;
    }
    const removed = await this.#objects.removeRemoteObjects(calendar.id, [...known.keys()].filter((url) => !listed.has(url)));
    await this.#objects.saveCtag(calendar.id, ctag, this.#now().toISOString());
    return { calendar: calendar.name, changed: true, fetched, removed };
  }

  /** The local calendar mirroring `collection`, created on first sight under the collection's display name. */
  async #linkedCalendar(collection: DAVCalendar): Promise<{ id: number; name: string; ctag: string | null }> {
    const linked = await this.#objects.linkedCalendar(collection.url);
    if (linked) return linked;
    const display = typeof collection.displayName === 'string' && collection.displayName.trim() ? collection.displayName.trim() : decodeURIComponent(collection.url.split('/').filter(Boolean).pop() ?? 'CalDAV');
    // A local calendar of the same name is never merged into: the server's gets a distinct name.
    let name = display;
    for (let n = 2; (await this.#objects.calendarByName(name)) !== undefined; n += 1) name = `${display} (${n})`;
    const info = await this.#local.ensureCalendar(name, { kind: 'own', color: collection.calendarColor ?? null });
    await this.#objects.linkCalendar(info.id, collection.url);
    return { id: info.id, name: info.name, ctag: null };
  }

  /** Syncs when the last sync is too old; false when that sync failed (the server is likely unreachable). */
  async #freshen(): Promise<boolean> {
    const last = await this.#objects.lastCalDavSync();
    this.#lastSynced = last;
    const age = last === undefined ? Infinity : this.#now().getTime() - Date.parse(last);
    if (age < this.#settings.syncIntervalSeconds * 1000) return true;
    try {
      await this.sync();
      this.#lastSynced = await this.#objects.lastCalDavSync();
      return true;
    } catch (error) {
      this.#logger?.warn({ err: error }, 'calendar sync failed; answering from the synced copy');
      return false;
    }
  }

  /** Why reads may be out of date (the last sync or live free/busy read failed), for tools to show. */
  staleness(): string | undefined {
    const failure = this.#lastError ?? this.#freeBusyError;
    if (!failure) return undefined;
    const last = this.#lastSynced;
    return `Calendars may be out of date: ${failure} ${last ? `Showing them as synced at ${last}.` : 'Nothing has been synced yet.'}`;
  }

  // ---- reads (local mirror) ----------------------------------------------------------------------------------

  async listCalendars(): Promise<CalendarInfo[]> {
    await this.#freshen();
    return this.#local.listCalendars();
  }

  async getCalendar(nameOrId: string | number): Promise<CalendarInfo> {
    // The account's calendars are only known once mirrored: a name asked for before the first sync exists.
    await this.#freshen();
    return this.#local.getCalendar(nameOrId);
  }

  async createCalendar(input: NewCalendar): Promise<CalendarInfo> {
    return this.#local.createCalendar(input);
  }

  async listEvents(range: EventRange): Promise<CalendarEvent[]> {
    await this.#freshen();
    return this.#local.listEvents(range);
  }

  async searchEvents(search: EventSearch): Promise<CalendarEvent[]> {
    await this.#freshen();
    return this.#local.searchEvents(search);
  }

  async getEvent(id: number): Promise<CalendarEvent> {
    return this.#local.getEvent(id);
  }

  /**
   * Free/busy from the server, live, for the people whose calendars are listed in the settings; from the local store
   * for everyone else, and for them too when the server cannot be asked (the failure then shows in `staleness()`).
   */
  async freeBusy(emails: readonly string[], range: { start: Date; end: Date }): Promise<Map<string, FreeBusyResult>> {
    const synced = await this.#freshen();
    const result = await this.#local.freeBusy(emails, range);
    // A sync that just failed means the server is down: asking it again per person would only add waiting.
    if (!synced) return result;
    for (const email of new Set(emails.map((address) => address.trim().toLowerCase()))) {
      const calendars = this.#people.get(email);
      if (!calendars) continue;
      try {
        result.set(email, await retryTransient(() => this.#serverFreeBusy(email, calendars, range)));
        this.#freeBusyError = undefined;
      } catch (error) {
        const failure = this.#describe(error);
        this.#logger?.warn({ err: failure, email }, 'free/busy from the CalDAV server failed; answering from the synced copy');
        if (failure.kind !== 'unavailable') continue;
        this.#freeBusyError = failure.message;
        break;
      }
    }
    return result;
  }

  async #serverFreeBusy(email: string, calendars: readonly string[], range: { start: Date; end: Date }): Promise<FreeBusyResult> {
    const methods = new Set<FreeBusyMethod>();
    const blocks: FreeBusyResult['blocks'] = [];
    for (const calendar of calendars) {
      const busy = await this.#freeBusy.calendarBusy(calendar, range);
      methods.add(busy.method);
      blocks.push(...busy.blocks);
    }
    blocks.sort((a, b) => a.start.getTime() - b.start.getTime());
    return { email, source: `caldav:${[...methods].join('+')}`, blocks };
  }

  // ---- changes (written to the server object) ----------------------------------------------------------------

  async createEvent(input: NewCalendarEvent): Promise<CalendarEvent> {
    // Before the first sync no server calendar is known, and the event would land in a local-only calendar.
    await this.#freshen();
    const calendarId = input.calendarId ?? (await this.#objects.linkedCalendars())[0]?.id;
    const collection = calendarId === undefined ? undefined : await this.#collectionOf(calendarId);
    const created = await this.#local.createEvent(calendarId === undefined ? input : { ...input, calendarId });
    if (!collection) return created;
    try {
      const filename = `${created.uid.replace(/[^A-Za-z0-9._-]/g, '_')}.ics`;
      const response = await (await this.#connect()).createCalendarObject({ calendar: { url: collection }, iCalString: await this.#objectText(created.calendarId, created.uid), filename });
      if (!response.ok) throw new ProviderError('unavailable', `The CalDAV server refused the new event (HTTP ${response.status}).`, { provider: PROVIDER });
      await this.#objects.setRemoteObject(created.calendarId, created.uid, new URL(filename, collection).href, response.headers.get('etag'));
      return created;
    } catch (error) {
      await this.#local.deleteEvent(created.id);
      throw this.#describe(error);
    }
  }

  async updateEvent(id: number, patch: CalendarEventPatch): Promise<CalendarEvent> {
    const before = await this.#local.getEvent(id);
    const updated = await this.#local.updateEvent(id, patch);
    await this.#writeBack(before.calendarId, before.uid);
    return updated;
  }

  async deleteEvent(id: number, options: { occurrenceStart?: Date } = {}): Promise<void> {
    const event = await this.#local.getEvent(id);
    const object = await this.#objects.remoteObjectOf(event.calendarId, event.uid);
    if (!object || options.occurrenceStart) {
      await this.#local.deleteEvent(id, options);
      if (object) await this.#writeBack(event.calendarId, event.uid);
      return;
    }
    try {
      const response = await (await this.#connect()).deleteCalendarObject({ calendarObject: { url: object.href, etag: object.etag ?? undefined } });
      if (!response.ok && response.status !== 404) await this.#refused(response.status, event.calendarId);
    } catch (error) {
      throw this.#describe(error);
    }
    await this.#local.deleteEvent(id);
  }

  /** Writes the local state of event `uid` to its server object; undoes the local change when the server refuses. */
  async #writeBack(calendarId: number, uid: string): Promise<void> {
    const object = await this.#objects.remoteObjectOf(calendarId, uid);
    if (!object) return;
    try {
      const response = await (await this.#connect()).updateCalendarObject({
        calendarObject: { url: object.href, etag: object.etag ?? undefined, data: await this.#objectText(calendarId, uid) },
      });
      if (!response.ok) await this.#refused(response.status, calendarId);
      await this.#objects.setRemoteObject(calendarId, uid, object.href, response.headers.get('etag'));
    } catch (error) {
      await this.#resync(calendarId);
      throw this.#describe(error);
    }
  }

  async #refused(status: number, calendarId: number): Promise<never> {
    await this.#resync(calendarId);
    if (status === 412) {
      throw new ProviderError('conflict', 'The event was changed on the server meanwhile; nothing was changed here.', {
        provider: PROVIDER,
        hint: 'The calendar has been synced again: read the event and try once more.',
      });
    }
    throw new ProviderError('unavailable', `The CalDAV server refused the change (HTTP ${status}); the event is as it was.`, { provider: PROVIDER });
  }

  /** Brings one calendar back to the server's state (after a refused change). */
  async #resync(calendarId: number): Promise<void> {
    const url = await this.#collectionOf(calendarId);
    if (!url) return;
    try {
      await this.#objects.saveCtag(calendarId, null, this.#now().toISOString());
      const client = await this.#connect();
      const collection = (await client.fetchCalendars()).find((candidate) => candidate.url === url);
      if (collection) {
        // Every object is re-read: the ETags recorded locally may describe the refused change.
        for (const object of await this.#objects.remoteObjects(calendarId)) await this.#objects.setRemoteObject(calendarId, object.uid, object.href, null);
        await this.#syncCollection(client, collection);
      }
    } catch (error) {
      this.#logger?.warn({ err: error }, 'could not re-sync a calendar after a refused change');
    }
  }

  async #collectionOf(calendarId: number): Promise<string | undefined> {
    return (await this.#objects.linkedCalendars()).find((calendar) => calendar.id === calendarId)?.url;
  }

  async #objectText(calendarId: number, uid: string): Promise<string> {
    const records = (await this.#local.exportRecords(calendarId)).filter((record) => record.uid === uid);
    return writeIcs({ events: records, now: this.#now() });
  }

  #connect(): Promise<DavClient> {
    this.#client ??= connectCalDav(this.#settings).catch((error: unknown) => {
      // A failed login is tried again on the next call.
      this.#client = undefined;
      throw error;
    });
    return this.#client;
  }

  #describe(error: unknown): ProviderError {
    return describeCalDavError(error, this.#settings);
  }
}

function isEventCollection(calendar: DAVCalendar): boolean {
  return !calendar.components || calendar.components.length === 0 || calendar.components.includes('VEVENT');
}
