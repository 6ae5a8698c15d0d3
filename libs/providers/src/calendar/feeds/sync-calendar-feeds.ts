/**
 * Refreshes the subscribed calendar feeds (`calendar.feeds`) into read-only local calendars: each feed is fetched
 * when its refresh interval has passed (or when forced), an unchanged feed (304) only records the check, and a
 * changed one replaces the calendar's events with the feed's in one transaction. A feed that fails keeps the events
 * it had, and the failure is reported for that feed only.
 */
import { ProviderError } from '../../errors/provider-error.js';
import { parseIcs } from '../ics/parse-ics.js';
import type { LocalCalendarProvider } from '../local-calendar-provider.js';
import { fetchFeed, type FeedFetchOptions } from './fetch-feed.js';

export interface CalendarFeed {
  name: string;
  url: string;
  ownerEmail?: string;
  refreshMinutes: number;
}

export interface FeedSyncResult {
  name: string;
  status: 'updated' | 'not_modified' | 'not_due' | 'failed';
  imported?: number;
  updated?: number;
  removed?: number;
  error?: string;
}

export interface SyncCalendarFeedsOptions {
  timezone: string;
  selfEmails: readonly string[];
  now: Date;
  /** Fetch every feed regardless of its refresh interval. */
  force?: boolean;
  timeoutMs?: number;
  /** How feeds are downloaded (tests and embedders with their own trust store). */
  fetch?: (url: string, options: FeedFetchOptions) => ReturnType<typeof fetchFeed>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export async function syncCalendarFeeds(calendar: LocalCalendarProvider, feeds: readonly CalendarFeed[], options: SyncCalendarFeedsOptions): Promise<FeedSyncResult[]> {
  const results: FeedSyncResult[] = [];
  for (const feed of feeds) {
    try {
      results.push(await syncFeed(calendar, feed, options));
    } catch (error) {
      const message = error instanceof ProviderError ? `${error.message}${error.hint ? ` ${error.hint}` : ''}` : error instanceof Error ? error.message : String(error);
      results.push({ name: feed.name, status: 'failed', error: message });
    }
  }
  return results;
}

async function syncFeed(calendar: LocalCalendarProvider, feed: CalendarFeed, options: SyncCalendarFeedsOptions): Promise<FeedSyncResult> {
  const owner = feed.ownerEmail?.trim().toLowerCase();
  const info = await calendar.ensureCalendar(feed.name, { kind: owner ? 'person' : 'feed', ownerEmail: owner ?? null, feedUrl: feed.url, readOnly: true });
  const state = await calendar.feedState(info.id);
  if (state.kind === 'own') {
    throw new ProviderError('conflict', `Your calendar "${info.name}" has the name of the feed ${feed.name}; feeds never write into your own calendars.`, {
      provider: 'calendar-feed',
      hint: 'Give the feed another name in calendar.feeds.',
    });
  }
  const sameUrl = state.feedUrl === feed.url;
  const due = state.lastSyncedAt === null || options.now.getTime() - Date.parse(state.lastSyncedAt) >= feed.refreshMinutes * 60_000;
  if (!options.force && sameUrl && !due) return { name: feed.name, status: 'not_due' };
  const fetched = await (options.fetch ?? fetchFeed)(feed.url, {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // A changed address is a different feed: fetched in full.
    etag: sameUrl ? state.etag : null,
    lastModified: sameUrl ? state.lastModified : null,
  });
  if (fetched.status === 'not_modified') {
    await calendar.markFeedFetched(info.id, options.now, { url: feed.url });
    return { name: feed.name, status: 'not_modified' };
  }
  const parsed = parseIcs(fetched.body, { timezone: options.timezone, selfEmails: options.selfEmails });
  const outcome = await calendar.replaceFeedEvents(info.id, parsed.events);
  await calendar.markFeedFetched(info.id, options.now, { url: feed.url, etag: fetched.etag, lastModified: fetched.lastModified });
  return { name: feed.name, status: 'updated', imported: outcome.imported, updated: outcome.updated, removed: outcome.removed };
}
