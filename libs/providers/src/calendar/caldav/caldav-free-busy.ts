/**
 * Other people's busy time read live from a CalDAV server (calendars listed under `calendar.caldav.people`). Each
 * calendar is first asked with the RFC 4791 §7.10 `free-busy-query` REPORT, which returns busy periods only; a server
 * that does not implement it (an error status, or a multistatus without VFREEBUSY, as Radicale answers) is asked with
 * a time-ranged `calendar-query` instead, whose events are expanded here. Which of the two a server supports is
 * remembered per server, so the fallback costs one probe per server and not one per call.
 *
 * Blocks never carry titles: free/busy has none, and from the events of the fallback only the busy status is kept,
 * so the answer shows no more of someone else's calendar than free/busy would.
 */
import ICAL from 'ical.js';
import type { DAVResponse } from 'tsdav';
import { ProviderError } from '../../errors/provider-error.js';
import { isOutOfOffice } from '../../availability/classify-event.js';
import type { BusyBlock, ShowAs } from '../../types/calendar.js';
import { parseIcs, type ParsedIcsEvent } from '../ics/parse-ics.js';
import { expandSeries } from '../ics/recurrence.js';
import { dateInZone } from '../ics/wall-clock.js';
import { describeCalDavError, PROVIDER, type CalDavSettings } from './caldav-connection.js';

export type FreeBusyMethod = 'free-busy-query' | 'calendar-query';

export interface CalendarBusy {
  blocks: BusyBlock[];
  method: FreeBusyMethod;
}

interface Range {
  start: Date;
  end: Date;
}

const FBTYPE_SHOW_AS: Readonly<Record<string, ShowAs | null>> = {
  BUSY: 'busy',
  'BUSY-TENTATIVE': 'tentative',
  'BUSY-UNAVAILABLE': 'oof',
  FREE: null,
};

/** `20261130T090000Z`: the UTC form CalDAV time ranges take. */
function utcStamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function timedBlock(start: Date, end: Date, showAs: ShowAs): BusyBlock {
  return { start, end, allDay: false, startDate: null, endDate: null, showAs, status: 'confirmed', title: '' };
}

/**
 * Busy blocks of a VFREEBUSY answer, or undefined when the text holds no VFREEBUSY (the server did not run the
 * query). Reads FREEBUSY periods with their FBTYPE, and also the shape some servers send instead: one VFREEBUSY per
 * busy interval with only DTSTART and DTEND. A VFREEBUSY without periods spanning the whole query is the standard
 * "nothing busy" answer, not a busy interval.
 */
export function parseFreeBusyReply(text: string, range: Range): BusyBlock[] | undefined {
  if (!/BEGIN:VFREEBUSY/i.test(text)) return undefined;
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    return undefined;
  }
  const components = root.name === 'vfreebusy' ? [root] : root.getAllSubcomponents('vfreebusy');
  const blocks: BusyBlock[] = [];
  for (const component of components) {
    const periods = component.getAllProperties('freebusy');
    if (periods.length > 0) {
      for (const property of periods) {
        const fbtype = String(property.getParameter('fbtype') ?? 'BUSY').toUpperCase();
        // Unknown types are busy (RFC 5545 §3.2.9: treat them as BUSY).
        const showAs = fbtype in FBTYPE_SHOW_AS ? FBTYPE_SHOW_AS[fbtype] : 'busy';
        if (!showAs) continue;
        for (const value of property.getValues()) {
          if (!(value instanceof ICAL.Period)) continue;
          blocks.push(timedBlock(value.start.toJSDate(), value.getEnd().toJSDate(), showAs));
        }
      }
      continue;
    }
    const start = component.getFirstPropertyValue('dtstart');
    const end = component.getFirstPropertyValue('dtend');
    if (!(start instanceof ICAL.Time) || !(end instanceof ICAL.Time)) continue;
    const from = start.toJSDate();
    const to = end.toJSDate();
    if (from.getTime() <= range.start.getTime() && to.getTime() >= range.end.getTime()) continue;
    blocks.push(timedBlock(from, to, 'busy'));
  }
  return blocks.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Busy blocks of calendar objects, recurrences expanded in `range`, without cancelled or transparent events. */
export function busyFromEvents(events: readonly ParsedIcsEvent[], range: Range, timezone: string): BusyBlock[] {
  const overridden = new Set(events.filter((event) => event.recurrenceId !== null).map((event) => overrideKey(event.uid, event.recurrenceId as string)));
  const blocks: BusyBlock[] = [];
  const add = (event: ParsedIcsEvent, placed: { start: Date; end: Date; startDate: string | null; endDate: string | null }) => {
    if (event.status === 'cancelled' || event.showAs === 'free') return;
    if (placed.end.getTime() <= range.start.getTime() || placed.start.getTime() >= range.end.getTime()) return;
    // The title decides whether an all-day event is time off; only that verdict is kept, not the title.
    const showAs: ShowAs = event.allDay && isOutOfOffice(event) ? 'oof' : event.showAs;
    blocks.push({ ...placed, allDay: event.allDay, showAs, status: event.status, title: '' });
  };
  for (const event of events) {
    if (!event.rrule || event.recurrenceId !== null) {
      add(event, event);
      continue;
    }
    const occurrences = expandSeries(
      { rrule: event.rrule, start: event.start, end: event.end, allDay: event.allDay, startDate: event.startDate, endDate: event.endDate, timezone: event.timezone, exdates: event.exdates },
      range,
      { displayZone: timezone },
    );
    for (const occurrence of occurrences) {
      const key = event.allDay ? (occurrence.startDate ?? dateInZone(occurrence.occurrenceStart, timezone)) : String(occurrence.occurrenceStart.getTime());
      if (overridden.has(`${event.uid}\u0000${key}`)) continue;
      add(event, occurrence);
    }
  }
  return blocks.sort((a, b) => a.start.getTime() - b.start.getTime());
}

function overrideKey(uid: string, recurrenceId: string): string {
  return `${uid}\u0000${/^\d{4}-\d\d-\d\d$/.test(recurrenceId) ? recurrenceId : String(Date.parse(recurrenceId))}`;
}

export class CalDavFreeBusy {
  readonly #settings: CalDavSettings;
  readonly #timezone: string;
  /** Per server (origin): whether free-busy-query is answered with VFREEBUSY data. */
  readonly #freeBusySupported = new Map<string, boolean>();

  constructor(settings: CalDavSettings, timezone: string) {
    this.#settings = settings;
    this.#timezone = timezone;
  }

  /** The calendar's address: absolute URLs as given, paths on the account's server. */
  calendarUrl(ref: string): string {
    const url = new URL(ref, this.#settings.serverUrl).href;
    return url.endsWith('/') ? url : `${url}/`;
  }

  /** Busy blocks of one calendar in `range`; throws a ProviderError when the server cannot be asked. */
  async calendarBusy(ref: string, range: Range): Promise<CalendarBusy> {
    const url = this.calendarUrl(ref);
    const server = new URL(url).origin;
    if (this.#freeBusySupported.get(server) !== false) {
      const blocks = await this.#freeBusyQuery(url, range);
      if (blocks) {
        this.#freeBusySupported.set(server, true);
        return { blocks, method: 'free-busy-query' };
      }
      // A server that answered once keeps its verdict: this calendar alone may not allow free/busy reads.
      if (!this.#freeBusySupported.has(server)) this.#freeBusySupported.set(server, false);
    }
    return { blocks: await this.#calendarQuery(url, range), method: 'calendar-query' };
  }

  #headers(): Record<string, string> {
    return { authorization: `Basic ${Buffer.from(`${this.#settings.user}:${this.#settings.password}`).toString('base64')}` };
  }

  /** Each request gets its own time limit, as in caldav-connection. */
  #fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => fetch(input, { ...init, signal: AbortSignal.timeout(this.#settings.timeoutMs) });

  /** Blocks from the free-busy-query REPORT, or undefined when the server does not support it. */
  async #freeBusyQuery(url: string, range: Range): Promise<BusyBlock[] | undefined> {
    const body =
      '<?xml version="1.0" encoding="utf-8"?>\n' +
      `<C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:time-range start="${utcStamp(range.start)}" end="${utcStamp(range.end)}"/></C:free-busy-query>`;
    let response: Response;
    let text: string;
    try {
      response = await this.#fetch(url, { method: 'REPORT', headers: { ...this.#headers(), depth: '1', 'content-type': 'application/xml; charset=utf-8' }, body });
      text = await response.text();
    } catch (error) {
      throw describeCalDavError(error, this.#settings);
    }
    this.#checkStatus(response.status, url);
    if (!response.ok) return undefined;
    return parseFreeBusyReply(text, range);
  }

  async #calendarQuery(url: string, range: Range): Promise<BusyBlock[]> {
    // tsdav is loaded on first use, as in caldav-connection (start-up time).
    const { calendarQuery } = await import('tsdav');
    let responses: DAVResponse[];
    try {
      responses = await calendarQuery({
        url,
        props: { 'd:getetag': {}, 'c:calendar-data': {} },
        filters: [
          {
            'comp-filter': {
              _attributes: { name: 'VCALENDAR' },
              'comp-filter': { _attributes: { name: 'VEVENT' }, 'time-range': { _attributes: { start: utcStamp(range.start), end: utcStamp(range.end) } } },
            },
          },
        ],
        depth: '1',
        headers: this.#headers(),
        fetch: this.#fetch,
      });
    } catch (error) {
      // tsdav reports a refused query as "Collection query failed: <status> …".
      const status = Number(/query failed: (\d{3})/i.exec(error instanceof Error ? error.message : '')?.[1] ?? 0);
      if (status) this.#checkStatus(status, url);
      if (status === 403) {
        throw new ProviderError('auth', `The CalDAV server does not let ${this.#settings.user} read ${url}.`, {
          provider: PROVIDER,
          cause: error,
          hint: "The calendar's owner has to share it with this account (read access, or free/busy where the server supports free-busy-query).",
        });
      }
      throw describeCalDavError(error, this.#settings);
    }
    const events: ParsedIcsEvent[] = [];
    for (const response of responses) {
      const data = (response.props as { calendarData?: unknown } | undefined)?.calendarData;
      const text = typeof data === 'string' ? data : typeof (data as { _cdata?: unknown } | undefined)?._cdata === 'string' ? (data as { _cdata: string })._cdata : '';
      if (!text) continue;
      try {
        events.push(...parseIcs(text, { timezone: this.#timezone }).events);
      } catch {
        // One unreadable object does not hide the rest of the calendar.
      }
    }
    return busyFromEvents(events, range, this.#timezone);
  }

  /** Statuses that say the calendar cannot be read at all (as opposed to "free-busy-query not supported"). */
  #checkStatus(status: number, url: string): void {
    if (status === 401) throw describeCalDavError(new Error('401 Unauthorized'), this.#settings);
    if (status === 404) {
      throw new ProviderError('not_found', `The calendar ${url} does not exist on the CalDAV server.`, { provider: PROVIDER, hint: 'Check the calendars listed under calendar.caldav.people.' });
    }
    if (status >= 500 && status !== 501) throw describeCalDavError(new Error(`HTTP ${status}`), this.#settings);
  }
}
