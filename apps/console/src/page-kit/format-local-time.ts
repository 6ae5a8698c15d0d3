/**
 * Times as the person reads them: in the configured time zone, with the zone's short name, e.g. `Fri 27 Nov, 09:30`.
 * An unparseable value comes back as written rather than as "Invalid Date".
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string, dateOnly: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${dateOnly ? 'd' : 't'}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...(dateOnly ? {} : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `2026-11-27T07:30:00Z` in `Asia/Jerusalem` → `Fri 27 Nov, 09:30`; a date-only `2026-11-27` → `Fri 27 Nov`. */
export function formatLocalTime(value: Date | string, timeZone: string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A calendar date has no time zone: read it at noon UTC so no zone moves it to another day.
    return formatterFor('UTC', true).format(new Date(`${value}T12:00:00Z`));
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return formatterFor(timeZone, false).format(date);
}

/** The calendar date (YYYY-MM-DD) of `date` in `timeZone`: what "today" means for the person. */
export function localDate(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  return parts;
}

const ISO_DATE = /\b(\d{4}-\d{2}-\d{2})\b(?!T)/g;

/** Text a tool wrote with calendar dates in it ("due 2026-11-24") with each date as `formatLocalTime` shows it. */
export function withLocalDates(text: string, timeZone: string): string {
  return text.includes('-') ? text.replace(ISO_DATE, (date) => formatLocalTime(date, timeZone)) : text;
}
