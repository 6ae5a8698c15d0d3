/** Exports one calendar of the embedded store as iCalendar text (the `export_calendar` tool and `cos export-calendar`). */
import type { LocalCalendarProvider } from './local-calendar-provider.js';
import { writeIcs } from './ics/write-ics.js';

export interface CalendarExport {
  calendar: string;
  ics: string;
  /** Stored events written (series count once, plus their overriding instances). */
  events: number;
}

export async function exportCalendarIcs(
  calendars: LocalCalendarProvider,
  calendar: string | number,
  options: { range?: { start: Date; end: Date }; now: Date },
): Promise<CalendarExport> {
  const info = await calendars.getCalendar(calendar);
  const records = await calendars.exportRecords(info.id, options.range);
  return { calendar: info.name, ics: writeIcs({ calendarName: info.name, events: records, now: options.now }), events: records.length };
}
