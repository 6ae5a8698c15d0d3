/**
 * Instants as a person reads them: `2026-11-30 08:00 CET` in the user's (or the task's) time zone, the zone always
 * shown. A zone without a well-known abbreviation is named instead: `2026-11-30 10:00 (Asia/Jerusalem)`.
 * Machine output (`--json`) keeps ISO-8601; this is for the human rendering only.
 */
import { localDateTime } from './text.js';

/** A letters-only abbreviation (CET, EST, GMT, UTC), or undefined when the locales only know an offset (GMT+2). */
function zoneAbbreviation(zone: string, at: Date): string | undefined {
  // en-US knows the American abbreviations, en-GB the European ones.
  for (const locale of ['en-US', 'en-GB']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
    if (name && /^[A-Z]{2,5}$/.test(name)) return name;
  }
  return undefined;
}

/** `2026-11-30 08:00 CET`; the ISO text itself when it is not a date, and `—` when there is none. */
export function formatLocalTime(iso: string | null | undefined, zone: string): string {
  if (!iso) return '—';
  const at = new Date(iso);
  if (!Number.isFinite(at.getTime())) return iso;
  const text = localDateTime(iso, zone);
  const abbreviation = zoneAbbreviation(zone, at);
  return abbreviation ? `${text} ${abbreviation}` : `${text} (${zone})`;
}
