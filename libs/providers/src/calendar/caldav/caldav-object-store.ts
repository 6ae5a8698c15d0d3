/**
 * The local side of a CalDAV account: which server collection each local calendar mirrors (its URL and ctag) and
 * which server object (URL and ETag) holds each event, so a sync fetches only what changed and a change is written
 * back to the right object with the ETag it was based on.
 */
import type { Statement } from 'better-sqlite3';
import type { CosDatabase } from '@chief-of-staff/stores';
import { statementCache } from '../../shared/statement-cache.js';

export interface RemoteObject {
  href: string;
  etag: string | null;
  uid: string;
}

export class CalDavObjectStore {
  readonly #prepare: (sql: string) => Statement;

  constructor(readonly database: CosDatabase) {
    this.#prepare = statementCache(database);
  }

  /** Marks a local calendar as the mirror of a server collection. */
  linkCalendar(calendarId: number, url: string): void {
    this.#prepare(`UPDATE calendars SET provider = 'caldav', feed_url = ?, read_only = 0 WHERE id = ?`).run(url, calendarId);
  }

  /** The local calendar mirroring the collection at `url`, if any. */
  calendarFor(url: string): { id: number; name: string; ctag: string | null } | undefined {
    return this.#prepare(`SELECT id, name, feed_etag AS ctag FROM calendars WHERE provider = 'caldav' AND feed_url = ?`).get(url) as
      | { id: number; name: string; ctag: string | null }
      | undefined;
  }

  /** Every calendar mirroring a collection: id, name and collection URL. */
  linkedCalendars(): { id: number; name: string; url: string }[] {
    return this.#prepare(`SELECT id, name, feed_url AS url FROM calendars WHERE provider = 'caldav' AND feed_url IS NOT NULL ORDER BY id`).all() as { id: number; name: string; url: string }[];
  }

  saveCtag(calendarId: number, ctag: string | null, at: Date): void {
    this.#prepare(`UPDATE calendars SET feed_etag = ?, last_synced_at = ?, updated_at = ? WHERE id = ?`).run(ctag, at.toISOString(), at.toISOString(), calendarId);
  }

  lastSyncedAt(): string | undefined {
    const row = this.#prepare(`SELECT max(last_synced_at) AS at FROM calendars WHERE provider = 'caldav'`).get() as { at: string | null };
    return row.at ?? undefined;
  }

  /** The server objects of a calendar as last synced. */
  objects(calendarId: number): Map<string, RemoteObject> {
    const rows = this.#prepare(`SELECT DISTINCT remote_href AS href, remote_etag AS etag, uid FROM events WHERE calendar_id = ? AND remote_href IS NOT NULL`).all(calendarId) as RemoteObject[];
    return new Map(rows.map((row) => [row.href, row]));
  }

  /** Records which object holds the event `uid` (every row of a series). */
  setObject(calendarId: number, uid: string, href: string, etag: string | null): void {
    this.#prepare(`UPDATE events SET remote_href = ?, remote_etag = ? WHERE calendar_id = ? AND uid = ?`).run(href, etag, calendarId, uid);
  }

  /** The object holding the event `uid`. */
  objectOf(calendarId: number, uid: string): RemoteObject | undefined {
    return this.#prepare(`SELECT remote_href AS href, remote_etag AS etag, uid FROM events WHERE calendar_id = ? AND uid = ? AND remote_href IS NOT NULL LIMIT 1`).get(calendarId, uid) as
      | RemoteObject
      | undefined;
  }

  /** Removes the events held by objects that are gone from the server. */
  removeObjects(calendarId: number, hrefs: readonly string[]): number {
    let removed = 0;
    this.database.writeTransaction(() => {
      for (const href of hrefs) removed += this.#prepare(`DELETE FROM events WHERE calendar_id = ? AND remote_href = ?`).run(calendarId, href).changes;
    });
    return removed;
  }
}
