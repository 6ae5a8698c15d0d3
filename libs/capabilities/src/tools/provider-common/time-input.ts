/**
 * Date and datetime inputs of the personal-data tools (docs/reference/conventions.md#time): ISO-8601 with `Z` or an
 * offset, a naive time read in the user's zone, or (where documented) a date-only value. A date-only end of a range
 * is inclusive: the range ends at the start of the following day in the user's zone.
 */
import { addDaysToDate, isSupportedInstant, isValidDateOnly, SUPPORTED_YEARS_TEXT, ToolError } from '@chief-of-staff/core';
import { dateInZone, parseDateTimeInZone, startOfDateInZone } from '@chief-of-staff/providers';

export interface TimeInput {
  instant: Date;
  /** Local date (user zone) of the instant, or the date given. */
  date: string;
  dateOnly: boolean;
}

export interface DateRange {
  start: Date;
  end: Date;
  /** First and last local dates covered, both inclusive. */
  startDate: string;
  endDate: string;
  startIsDate: boolean;
  endIsDate: boolean;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export function parseTimeInput(field: string, value: string, zone: string, options: { allowDateOnly: boolean }): TimeInput {
  const text = value.trim();
  if (DATE_ONLY.test(text)) {
    if (!isValidDateOnly(text)) throw ToolError.invalidArgument(field, `"${text}" is not a real calendar date.`, 'Use YYYY-MM-DD, e.g. 2026-03-31.');
    if (!options.allowDateOnly) {
      throw ToolError.invalidArgument(field, 'needs a time as well as a date.', `Use ISO-8601 such as 2026-03-09T14:00:00Z, or 2026-03-09T09:00 (read in ${zone}).`);
    }
    const instant = startOfDateInZone(text, zone);
    if (!isSupportedInstant(instant)) throw outOfRange(field, text);
    return { instant, date: text, dateOnly: true };
  }
  const instant = parseDateTimeInZone(text, zone);
  if (!instant) {
    throw ToolError.invalidArgument(
      field,
      `"${text.slice(0, 60)}" is not a date${options.allowDateOnly ? ' or datetime' : 'time'}.`,
      `Use ${options.allowDateOnly ? 'YYYY-MM-DD or ' : ''}ISO-8601 such as 2026-03-09T14:00:00Z, or 2026-03-09T09:00 (read in ${zone}).`,
    );
  }
  if (!isSupportedInstant(instant)) throw outOfRange(field, text);
  return { instant, date: dateInZone(instant, zone), dateOnly: false };
}

function outOfRange(field: string, text: string): ToolError {
  return ToolError.invalidArgument(field, `"${text.slice(0, 60)}" is outside the supported range (${SUPPORTED_YEARS_TEXT}).`, 'Use a date between 1900-01-01 and 2200-12-31, e.g. 2026-03-09T14:00:00Z.');
}

/** A range from two inputs, date or datetime; at most `maxDays` long. */
export function parseDateRange(
  fields: { start: string; end: string },
  values: { start: string; end: string },
  zone: string,
  maxDays: number,
): DateRange {
  const start = parseTimeInput(fields.start, values.start, zone, { allowDateOnly: true });
  const end = parseTimeInput(fields.end, values.end, zone, { allowDateOnly: true });
  const rangeEnd = end.dateOnly ? startOfDateInZone(addDaysToDate(end.date, 1), zone) : end.instant;
  if (rangeEnd.getTime() <= start.instant.getTime()) {
    throw ToolError.invalidArgument(fields.end, `must not be before ${fields.start}.`, 'A date-only end is inclusive: start_date 2026-03-09 and end_date 2026-03-09 cover that whole day.');
  }
  const days = (rangeEnd.getTime() - start.instant.getTime()) / 86_400_000;
  if (days > maxDays + 1 / 24) {
    throw new ToolError('INVALID_ARGUMENT', `${fields.start}..${fields.end}: the range covers ${Math.ceil(days)} days; at most ${maxDays} are allowed.`, {
      hint: 'Split the request into shorter ranges.',
      details: { field: fields.end },
    });
  }
  return {
    start: start.instant,
    end: rangeEnd,
    startDate: start.date,
    endDate: end.dateOnly ? end.date : dateInZone(new Date(rangeEnd.getTime() - 1), zone),
    startIsDate: start.dateOnly,
    endIsDate: end.dateOnly,
  };
}

/** A default window around now: `[today + fromDays, today + toDays]` as dates in the user's zone. */
export function defaultDates(today: string, fromDays: number, toDays: number): { start: string; end: string } {
  return { start: addDaysToDate(today, fromDays), end: addDaysToDate(today, toDays) };
}
