/**
 * Maps the TZID of an iCalendar file to an IANA zone. Files from Outlook/Exchange name zones the Windows way
 * ("Pacific Standard Time") and ship a VTIMEZONE; recurrences must follow real DST rules, so such zones are
 * mapped to the IANA zone whose offsets match the VTIMEZONE over the year in question.
 */
import { DateTime } from 'luxon';

let ianaZoneSet: ReadonlySet<string> | undefined;
/** Read on first use: ~2 ms at every process's start otherwise, for the few that read a calendar file. */
const ianaZones = (): ReadonlySet<string> => (ianaZoneSet ??= new Set(Intl.supportedValuesOf('timeZone')));

/** Common Windows names, so the usual cases resolve to the canonical city rather than the first match. */
const WINDOWS_ZONES: Readonly<Record<string, string>> = {
  'dateline standard time': 'Etc/GMT+12',
  'hawaiian standard time': 'Pacific/Honolulu',
  'alaskan standard time': 'America/Anchorage',
  'pacific standard time': 'America/Los_Angeles',
  'mountain standard time': 'America/Denver',
  'us mountain standard time': 'America/Phoenix',
  'central standard time': 'America/Chicago',
  'eastern standard time': 'America/New_York',
  'atlantic standard time': 'America/Halifax',
  'e. south america standard time': 'America/Sao_Paulo',
  'utc': 'UTC',
  'coordinated universal time': 'UTC',
  'gmt standard time': 'Europe/London',
  'greenwich standard time': 'Atlantic/Reykjavik',
  'w. europe standard time': 'Europe/Berlin',
  'romance standard time': 'Europe/Paris',
  'central europe standard time': 'Europe/Budapest',
  'central european standard time': 'Europe/Warsaw',
  'e. europe standard time': 'Europe/Chisinau',
  'gtb standard time': 'Europe/Bucharest',
  'fle standard time': 'Europe/Kiev',
  'israel standard time': 'Asia/Jerusalem',
  'russian standard time': 'Europe/Moscow',
  'arabian standard time': 'Asia/Dubai',
  'india standard time': 'Asia/Kolkata',
  'china standard time': 'Asia/Shanghai',
  'singapore standard time': 'Asia/Singapore',
  'tokyo standard time': 'Asia/Tokyo',
  'korea standard time': 'Asia/Seoul',
  'aus eastern standard time': 'Australia/Sydney',
  'e. australia standard time': 'Australia/Brisbane',
  'new zealand standard time': 'Pacific/Auckland',
};

export function isIanaZone(name: string): boolean {
  return ianaZones().has(name) || name === 'UTC';
}

/** An IANA zone named directly, via a known alias, or embedded in a longer TZID (`/mozilla.org/…/Europe/Paris`). */
export function ianaZoneFromName(tzid: string): string | null {
  const trimmed = tzid.trim().replace(/^"|"$/g, '');
  if (isIanaZone(trimmed)) return trimmed;
  const windows = WINDOWS_ZONES[trimmed.toLowerCase()];
  if (windows) return windows;
  const embedded = /([A-Z][A-Za-z_]+\/[A-Z][A-Za-z_]+(?:\/[A-Z][A-Za-z_]+)?)$/.exec(trimmed);
  if (embedded?.[1] && isIanaZone(embedded[1])) return embedded[1];
  try {
    // luxon accepts a few more spellings (e.g. Etc/ zones in other cases).
    const dt = DateTime.now().setZone(trimmed);
    if (dt.isValid && dt.zone.type === 'iana') return dt.zone.name;
  } catch {
    // Not a zone luxon knows either.
  }
  return null;
}

/**
 * The first IANA zone whose UTC offsets equal `offsetAt` at 26 sample instants of `year` (the 1st and 15th of
 * every month, plus two around each usual DST switch), or null.
 */
export function ianaZoneMatchingOffsets(offsetAt: (instant: Date) => number, year: number): string | null {
  const samples: Date[] = [];
  for (let month = 0; month < 12; month += 1) {
    samples.push(new Date(Date.UTC(year, month, 1, 12)), new Date(Date.UTC(year, month, 15, 12)));
  }
  samples.push(new Date(Date.UTC(year, 2, 28, 12)), new Date(Date.UTC(year, 9, 28, 12)));
  const wanted = samples.map((instant) => offsetAt(instant));
  for (const zone of [...ianaZones()].sort()) {
    const matches = samples.every(
      (instant, index) => DateTime.fromJSDate(instant, { zone }).offset === wanted[index],
    );
    if (matches) return zone;
  }
  return null;
}
