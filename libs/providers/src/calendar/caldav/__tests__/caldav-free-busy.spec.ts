/**
 * Free/busy from a CalDAV server against small HTTP servers: VFREEBUSY answers to free-busy-query (FREEBUSY periods,
 * and one VFREEBUSY per interval) read as busy blocks, and servers that refuse free-busy-query (501, 403, a bare
 * multistatus) asked with calendar-query instead — once per server, not once per call.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CalDavFreeBusy } from '../caldav-free-busy.js';
import type { CalDavSettings } from '../caldav-connection.js';

type FreeBusyAnswer = 'periods' | 'per-interval' | 'empty' | 501 | 403 | 'multistatus';

const RANGE = { start: new Date('2026-03-09T00:00:00Z'), end: new Date('2026-03-11T00:00:00Z') };

const PERIODS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//fb//EN',
  'BEGIN:VFREEBUSY',
  'DTSTART:20260309T000000Z',
  'DTEND:20260311T000000Z',
  'FREEBUSY;FBTYPE=BUSY:20260309T090000Z/20260309T100000Z,20260310T090000Z/PT1H',
  'FREEBUSY;FBTYPE=BUSY-TENTATIVE:20260309T140000Z/20260309T143000Z',
  'FREEBUSY;FBTYPE=FREE:20260309T160000Z/20260309T170000Z',
  'END:VFREEBUSY',
  'END:VCALENDAR',
  '',
].join('\r\n');

const PER_INTERVAL = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//fb//EN',
  'BEGIN:VFREEBUSY',
  'DTSTART:20260309T110000Z',
  'DTEND:20260309T113000Z',
  'END:VFREEBUSY',
  'BEGIN:VFREEBUSY',
  'DTSTART:20260310T150000Z',
  'DTEND:20260310T160000Z',
  'END:VFREEBUSY',
  'END:VCALENDAR',
  '',
].join('\r\n');

const EMPTY = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//fb//EN', 'BEGIN:VFREEBUSY', 'DTSTART:20260309T000000Z', 'DTEND:20260311T000000Z', 'END:VFREEBUSY', 'END:VCALENDAR', ''].join('\r\n');

/** A daily 08:00 series (one occurrence moved, one cancelled), a transparent event and a cancelled one. */
const EVENTS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//fb//EN',
  'BEGIN:VEVENT',
  'UID:daily@example.org',
  'DTSTAMP:20260301T000000Z',
  'DTSTART:20260301T080000Z',
  'DTEND:20260301T083000Z',
  'RRULE:FREQ=DAILY',
  'EXDATE:20260310T080000Z',
  'SUMMARY:Private: therapy',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:daily@example.org',
  'DTSTAMP:20260301T000000Z',
  'RECURRENCE-ID:20260309T080000Z',
  'DTSTART:20260309T120000Z',
  'DTEND:20260309T123000Z',
  'SUMMARY:Private: therapy',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');
const TRANSPARENT = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//fb//EN', 'BEGIN:VEVENT', 'UID:fyi@example.org', 'DTSTAMP:20260301T000000Z', 'DTSTART:20260309T130000Z', 'DTEND:20260309T140000Z', 'TRANSP:TRANSPARENT', 'SUMMARY:FYI', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
const CANCELLED = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//fb//EN', 'BEGIN:VEVENT', 'UID:off@example.org', 'DTSTAMP:20260301T000000Z', 'DTSTART:20260310T130000Z', 'DTEND:20260310T140000Z', 'STATUS:CANCELLED', 'SUMMARY:Off', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');

function multistatus(objects: readonly string[]): string {
  const responses = objects
    .map(
      (data, index) =>
        `<d:response><d:href>/cal/${index}.ics</d:href><d:propstat><d:prop><d:getetag>"${index}"</d:getetag>` +
        `<c:calendar-data>${data}</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">${responses}</d:multistatus>`;
}

interface FakeServer {
  url: string;
  /** `free-busy-query` or `calendar-query`, per request, with the Authorization header seen. */
  requests: { report: string; auth: string | undefined; depth: string | undefined; body: string }[];
  close(): Promise<void>;
}

async function fakeCalDav(answer: FreeBusyAnswer): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const report = /free-busy-query/.test(body) ? 'free-busy-query' : /calendar-query/.test(body) ? 'calendar-query' : 'other';
      requests.push({ report, auth: req.headers.authorization, depth: req.headers.depth as string | undefined, body });
      if (req.method !== 'REPORT' || report === 'other') {
        res.writeHead(405).end();
        return;
      }
      if (report === 'calendar-query') {
        res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' });
        res.end(multistatus([EVENTS, TRANSPARENT, CANCELLED]));
        return;
      }
      if (typeof answer === 'number') {
        res.writeHead(answer).end();
        return;
      }
      if (answer === 'multistatus') {
        // What Radicale 3.1 answers: the collection's hrefs, no free/busy data.
        res.writeHead(207, { 'content-type': 'text/xml; charset=utf-8' });
        res.end('<?xml version="1.0"?>\n<multistatus xmlns="DAV:"><response><href>/cal/0.ics</href></response></multistatus>');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      res.end(answer === 'periods' ? PERIODS : answer === 'per-interval' ? PER_INTERVAL : EMPTY);
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, requests, close: () => new Promise((closed) => server.close(() => closed())) };
}

const settingsFor = (server: FakeServer): CalDavSettings => ({ serverUrl: server.url, user: 'test', password: 'secret', syncIntervalSeconds: 300, timeoutMs: 5_000 });
const spans = (blocks: readonly { start: Date; end: Date; showAs: string; title: string }[]) =>
  blocks.map((block) => `${block.start.toISOString().slice(5, 16)}–${block.end.toISOString().slice(11, 16)} ${block.showAs}${block.title ? ` ${block.title}` : ''}`);

describe('CalDAV free/busy', () => {
  const servers = new Map<FreeBusyAnswer, FakeServer>();
  beforeAll(async () => {
    for (const answer of ['periods', 'per-interval', 'empty', 501, 403, 'multistatus'] as const) servers.set(answer, await fakeCalDav(answer));
  });
  afterAll(async () => {
    for (const server of servers.values()) await server.close();
  });
  const server = (answer: FreeBusyAnswer) => servers.get(answer) as FakeServer;

  it('reads FREEBUSY periods with their FBTYPE from free-busy-query, and asks nothing else', async () => {
    const fake = server('periods');
    const busy = await new CalDavFreeBusy(settingsFor(fake), 'UTC').calendarBusy('/dana/work', RANGE);
    expect(busy.method).toBe('free-busy-query');
    expect(spans(busy.blocks)).toEqual(['03-09T09:00–10:00 busy', '03-09T14:00–14:30 tentative', '03-10T09:00–10:00 busy']);
    expect(fake.requests).toEqual([
      expect.objectContaining({ report: 'free-busy-query', auth: `Basic ${Buffer.from('test:secret').toString('base64')}`, depth: '1', body: expect.stringContaining('<C:time-range start="20260309T000000Z" end="20260311T000000Z"/>') }),
    ]);
  });

  it('reads one VFREEBUSY per busy interval, and a VFREEBUSY spanning the query without periods as free', async () => {
    const perInterval = await new CalDavFreeBusy(settingsFor(server('per-interval')), 'UTC').calendarBusy('/dana/work/', RANGE);
    expect(perInterval.method).toBe('free-busy-query');
    expect(spans(perInterval.blocks)).toEqual(['03-09T11:00–11:30 busy', '03-10T15:00–16:00 busy']);
    const empty = await new CalDavFreeBusy(settingsFor(server('empty')), 'UTC').calendarBusy(`${server('empty').url}dana/work/`, RANGE);
    expect(empty).toEqual({ method: 'free-busy-query', blocks: [] });
  });

  it.each([501, 403, 'multistatus'] as const)('falls back to calendar-query when free-busy-query gets %s, and remembers it for the server', async (answer) => {
    const fake = server(answer);
    fake.requests.length = 0;
    const freeBusy = new CalDavFreeBusy(settingsFor(fake), 'UTC');
    const first = await freeBusy.calendarBusy('/dana/work/', RANGE);
    expect(first.method).toBe('calendar-query');
    // The moved occurrence sits at 12:00 on the 9th, the 10th is excluded; transparent and cancelled events are free;
    // no title leaves the other person's calendar.
    expect(spans(first.blocks)).toEqual(['03-09T12:00–12:30 busy']);
    expect(fake.requests.map((request) => request.report)).toEqual(['free-busy-query', 'calendar-query']);
    expect(fake.requests[1]?.body).toContain('time-range start="20260309T000000Z" end="20260311T000000Z"');

    const again = await freeBusy.calendarBusy('/dana/home/', RANGE);
    expect(again.method).toBe('calendar-query');
    expect(fake.requests.map((request) => request.report)).toEqual(['free-busy-query', 'calendar-query', 'calendar-query']);
  });

  it('expands a longer range and names a missing calendar', async () => {
    const freeBusy = new CalDavFreeBusy(settingsFor(server(501)), 'UTC');
    const week = await freeBusy.calendarBusy('/dana/work/', { start: new Date('2026-03-09T00:00:00Z'), end: new Date('2026-03-13T00:00:00Z') });
    expect(spans(week.blocks)).toEqual(['03-09T12:00–12:30 busy', '03-11T08:00–08:30 busy', '03-12T08:00–08:30 busy']);

    const missing = await fakeCalDav(404 as unknown as FreeBusyAnswer);
    try {
      await expect(new CalDavFreeBusy(settingsFor(missing), 'UTC').calendarBusy('/nobody/cal/', RANGE)).rejects.toMatchObject({ kind: 'not_found', hint: expect.stringContaining('calendar.caldav.people') });
    } finally {
      await missing.close();
    }
  });

  it('turns an unreachable server into an unavailable error', async () => {
    const settings: CalDavSettings = { serverUrl: 'http://127.0.0.1:9/', user: 'test', password: 'secret', syncIntervalSeconds: 300, timeoutMs: 2_000 };
    await expect(new CalDavFreeBusy(settings, 'UTC').calendarBusy('/dana/work/', RANGE)).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringContaining('could not be reached') });
  });
});
