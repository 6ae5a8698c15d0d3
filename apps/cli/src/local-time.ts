/**
 * Instants as a person reads them: `2026-11-30 08:00 CET` in the user's (or the task's) time zone, the zone always
 * shown. A zone without a well-known abbreviation is named instead: `2026-11-30 10:00 (Asia/Jerusalem)`.
 * Machine output (`--json`) keeps ISO-8601; this is for the human rendering only.
 */

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

function partsIn(locale: string, zone: string, at: Date): Parts {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  return Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
}

/** A letters-only abbreviation (CET, EST, GMT, UTC), or undefined when the locales only know an offset (GMT+2). */
function zoneAbbreviation(zone: string, at: Date): string | undefined {
  // en-US knows the American abbreviations, en-GB the European ones.
  for (const locale of ['en-US', 'en-GB']) {
    const name = partsIn(locale, zone, at).timeZoneName;
    if (name && /^[A-Z]{2,5}$/.test(name)) return name;
  }
  return undefined;
}

/** `2026-11-30 08:00 CET`; the ISO text itself when it is not a date, and `—` when there is none. */
export function formatLocalTime(iso: string | null | undefined, zone: string): string {
  if (!iso) return '—';
  const at = new Date(iso);
  if (!Number.isFinite(at.getTime())) return iso;
  const parts = partsIn('en-GB', zone, at);
  const text = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  const abbreviation = zoneAbbreviation(zone, at);
  return abbreviation ? `${text} ${abbreviation}` : `${text} (${zone})`;
}
