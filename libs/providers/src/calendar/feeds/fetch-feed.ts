/**
 * Downloads an iCalendar feed: https only (`webcal://` is read as `https://`), at most three redirects and each one
 * checked again, a size cap, a time limit, and conditional requests (ETag / Last-Modified) so an unchanged feed costs
 * one small response.
 */
import { request } from 'node:https';
import { ProviderError } from '../../errors/provider-error.js';

const PROVIDER = 'calendar-feed';
export const MAX_FEED_REDIRECTS = 3;
export const MAX_FEED_BYTES = 20 * 1024 * 1024;

export interface FeedFetchOptions {
  timeoutMs: number;
  etag?: string | null;
  lastModified?: string | null;
  maxBytes?: number;
  /** Extra trusted certificate authority (a private server's, or a test's). */
  ca?: string;
}

export type FeedFetchResult =
  | { status: 'not_modified' }
  | { status: 'ok'; body: string; etag: string | null; lastModified: string | null };

/** The https URL a feed address stands for; throws for anything that is not https or webcal. */
export function feedHttpsUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address.replace(/^webcal:/i, 'https:'));
  } catch {
    throw new ProviderError('invalid', `"${address}" is not a valid feed address.`, { provider: PROVIDER, hint: 'Use the https:// (or webcal://) address the calendar publishes.' });
  }
  if (url.protocol !== 'https:') {
    throw new ProviderError('invalid', `The feed address ${url.origin} is not https; calendar feeds are only fetched over https.`, {
      provider: PROVIDER,
      hint: 'Use the https:// address of the feed (most providers publish one).',
    });
  }
  return url;
}

interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(url: URL, headers: Record<string, string>, options: FeedFetchOptions): Promise<Response> {
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers, timeout: options.timeoutMs, ...(options.ca ? { ca: options.ca } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          req.destroy(new ProviderError('invalid', `The feed at ${url.host} is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB.`, { provider: PROVIDER }));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new ProviderError('unavailable', `The feed at ${url.host} did not answer within ${options.timeoutMs} ms.`, { provider: PROVIDER, hint: 'It is tried again at the next refresh.' })));
    req.on('error', reject);
    req.end();
  });
}

function header(response: Response, name: string): string | null {
  const value = response.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

export async function fetchFeed(address: string, options: FeedFetchOptions): Promise<FeedFetchResult> {
  let url = feedHttpsUrl(address);
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'chief-of-staff calendar feed' };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  for (let redirects = 0; ; redirects += 1) {
    let response: Response;
    try {
      response = await get(url, headers, options);
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      const code = (error as { code?: string }).code ?? '';
      throw new ProviderError('unavailable', `The feed at ${url.host} could not be fetched (${code || (error as Error).message}).`, {
        provider: PROVIDER,
        cause: error,
        hint: code === 'ENOTFOUND' ? 'Check the feed address.' : 'It is tried again at the next refresh; the events already fetched stay.',
      });
    }
    if (response.status >= 300 && response.status < 400 && response.status !== 304) {
      const location = header(response, 'location');
      if (!location) throw new ProviderError('unavailable', `The feed at ${url.host} redirected without saying where.`, { provider: PROVIDER });
      if (redirects >= MAX_FEED_REDIRECTS) {
        throw new ProviderError('unavailable', `The feed at ${url.host} redirected more than ${MAX_FEED_REDIRECTS} times.`, { provider: PROVIDER, hint: 'Use the address it finally points to.' });
      }
      const next = new URL(location, url);
      if (next.protocol !== 'https:') {
        throw new ProviderError('invalid', `The feed at ${url.host} redirected to a non-https address (${next.origin}); it was not followed.`, { provider: PROVIDER });
      }
      url = next;
      continue;
    }
    if (response.status === 304) return { status: 'not_modified' };
    if (response.status === 401 || response.status === 403) {
      throw new ProviderError('auth', `The feed at ${url.host} refused access (HTTP ${response.status}).`, { provider: PROVIDER, hint: 'Use the private (secret) address the calendar publishes for subscriptions.' });
    }
    if (response.status === 404 || response.status === 410) {
      throw new ProviderError('not_found', `The feed at ${url.host} does not exist any more (HTTP ${response.status}).`, { provider: PROVIDER, hint: 'Check the address, or remove the feed from calendar.feeds.' });
    }
    if (response.status !== 200) {
      throw new ProviderError('unavailable', `The feed at ${url.host} answered HTTP ${response.status}.`, { provider: PROVIDER, hint: 'It is tried again at the next refresh.' });
    }
    if (!/BEGIN:VCALENDAR/i.test(response.body.slice(0, 4096))) {
      throw new ProviderError('invalid', `The address ${url.host}${url.pathname} did not return an iCalendar feed.`, { provider: PROVIDER, hint: 'Use the .ics (subscription) address, not the web page of the calendar.' });
    }
    return { status: 'ok', body: response.body, etag: header(response, 'etag'), lastModified: header(response, 'last-modified') };
  }
}
