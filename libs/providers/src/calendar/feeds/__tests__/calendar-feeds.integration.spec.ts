/**
 * Calendar feed subscriptions against a real HTTPS server (a certificate made for the test): first download,
 * conditional refresh (304), a changed feed replacing the calendar's events, and the https-only redirect rules.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { providerTestEnv, type ProviderTestEnv } from '../../../__tests__/provider-test-env.js';
import { fetchFeed, type FeedFetchOptions } from '../fetch-feed.js';
import { syncCalendarFeeds, type CalendarFeed } from '../sync-calendar-feeds.js';

function calendar(events: Array<{ uid: string; title: string; start: string }>): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//feed//EN', 'X-WR-CALNAME:Team offsites'];
  for (const event of events) {
    lines.push('BEGIN:VEVENT', `UID:${event.uid}`, 'DTSTAMP:20261101T000000Z', `DTSTART:${event.start}`, `DTEND:${event.start.replace(/T(\d\d)/, (_, hour: string) => `T${String(Number(hour) + 1).padStart(2, '0')}`)}`, `SUMMARY:${event.title}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n') + '\r\n';
}

describe('calendar feeds', () => {
  let dir: string;
  let server: Server;
  let base: string;
  let ca: string;
  let body = calendar([
    { uid: 'offsite-1', title: 'Offsite in Lisbon', start: '20261203T090000Z' },
    { uid: 'offsite-2', title: 'Planning day', start: '20261210T090000Z' },
  ]);
  let etag = '"v1"';
  const requests: Array<{ path: string; ifNoneMatch?: string }> = [];
  let env: ProviderTestEnv;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cos-feed-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
    ca = readFileSync(join(dir, 'cert.pem'), 'utf8');
    server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: ca }, (req, res) => {
      requests.push({ path: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
      const url = req.url ?? '';
      if (url === '/team.ics') {
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/calendar', etag }).end(body);
      } else if (url.startsWith('/hop/')) {
        const left = Number(url.slice(5));
        res.writeHead(302, { location: left === 0 ? '/team.ics' : `/hop/${left - 1}` }).end();
      } else if (url === '/to-http') {
        res.writeHead(301, { location: 'http://127.0.0.1:1/team.ics' }).end();
      } else if (url === '/page') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>calendar page</html>');
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
    const address = server.address();
    base = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    env = providerTestEnv();
  });

  afterAll(async () => {
    env?.close();
    await new Promise<void>((done) => server.close(() => done()));
    rmSync(dir, { recursive: true, force: true });
  });

  const trusted = (url: string, options: FeedFetchOptions) => fetchFeed(url, { ...options, ca });
  const sync = (feeds: CalendarFeed[], now: Date, force = false) =>
    syncCalendarFeeds(env.providers.local.calendar, feeds, { timezone: 'UTC', selfEmails: [], now, force, fetch: trusted });
  const titles = async (name: string) =>
    (await env.providers.local.calendar.listEvents({ start: new Date('2026-11-01T00:00:00Z'), end: new Date('2027-01-31T00:00:00Z') }))
      .filter((event) => event.calendar === name)
      .map((event) => event.title)
      .sort();

  it('subscribes, refreshes with the ETag, and replaces the events when the feed changes', async () => {
    const feed: CalendarFeed = { name: 'Team offsites', url: `${base}/team.ics`.replace('https:', 'webcal:'), ownerEmail: 'team@example.com', refreshMinutes: 60 };
    const t0 = new Date('2026-11-24T08:00:00Z');
    expect(await sync([feed], t0)).toEqual([{ name: 'Team offsites', status: 'updated', imported: 2, updated: 0, removed: 0 }]);
    expect(await titles('Team offsites')).toEqual(['Offsite in Lisbon', 'Planning day']);
    const info = await env.providers.local.calendar.getCalendar('Team offsites');
    expect(info).toMatchObject({ kind: 'person', ownerEmail: 'team@example.com', readOnly: true });

    // Not due yet: nothing is fetched.
    expect(await sync([feed], new Date(t0.getTime() + 10 * 60_000))).toEqual([{ name: 'Team offsites', status: 'not_due' }]);
    // Due, unchanged: a conditional request answered 304.
    expect(await sync([feed], new Date(t0.getTime() + 61 * 60_000))).toEqual([{ name: 'Team offsites', status: 'not_modified' }]);
    expect(requests.at(-1)).toEqual({ path: '/team.ics', ifNoneMatch: '"v1"' });

    body = calendar([
      { uid: 'offsite-1', title: 'Offsite in Porto', start: '20261203T090000Z' },
      { uid: 'offsite-3', title: 'Retro', start: '20261217T090000Z' },
    ]);
    etag = '"v2"';
    expect(await sync([feed], new Date(t0.getTime() + 62 * 60_000), true)).toEqual([{ name: 'Team offsites', status: 'updated', imported: 1, updated: 1, removed: 1 }]);
    expect(await titles('Team offsites')).toEqual(['Offsite in Porto', 'Retro']);
  });

  it('follows up to three https redirects and refuses more, plain http, and pages that are not calendars', async () => {
    const now = new Date('2026-11-25T08:00:00Z');
    const results = await sync(
      [
        { name: 'Three hops', url: `${base}/hop/2`, refreshMinutes: 60 },
        { name: 'Four hops', url: `${base}/hop/3`, refreshMinutes: 60 },
        { name: 'Downgrade', url: `${base}/to-http`, refreshMinutes: 60 },
        { name: 'Web page', url: `${base}/page`, refreshMinutes: 60 },
        { name: 'Gone', url: `${base}/missing.ics`, refreshMinutes: 60 },
      ],
      now,
    );
    expect(results).toEqual([
      expect.objectContaining({ name: 'Three hops', status: 'updated' }),
      { name: 'Four hops', status: 'failed', error: expect.stringContaining('redirected more than 3 times') },
      { name: 'Downgrade', status: 'failed', error: expect.stringContaining('redirected to a non-https address') },
      { name: 'Web page', status: 'failed', error: expect.stringContaining('did not return an iCalendar feed') },
      { name: 'Gone', status: 'failed', error: expect.stringContaining('does not exist any more (HTTP 404)') },
    ]);
    await expect(fetchFeed('http://127.0.0.1:1/x.ics', { timeoutMs: 1_000 })).rejects.toMatchObject({ kind: 'invalid', message: expect.stringContaining('only fetched over https') });
    // Without the test's certificate authority the server is not trusted.
    await expect(fetchFeed(`${base}/team.ics`, { timeoutMs: 5_000 })).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('never writes a feed into a calendar of your own with the same name', async () => {
    await env.providers.local.calendar.createCalendar({ name: 'Work' });
    const [result] = await sync([{ name: 'Work', url: `${base}/team.ics`, refreshMinutes: 60 }], new Date('2026-11-26T08:00:00Z'));
    expect(result).toMatchObject({ status: 'failed', error: expect.stringContaining('feeds never write into your own calendars') });
    expect(await titles('Work')).toEqual([]);
  });
});
