/**
 * calendar_read (docs/reference/tool-catalogue.md#personal-data-providers): list_calendars, get_calendar_events and
 * search_calendar_events.
 */
import { z } from 'zod';
import { defineTool } from '@chief-of-staff/core';
import { CALENDAR_KIND_VALUES, withProviderErrors, type CalendarProvider } from '@chief-of-staff/providers';
import { PROVIDER_READ } from '../provider-common/provider-annotations.js';
import { cursorSchema, limitSchema, listOutputSchema, textSchema, timeSchema } from '../provider-common/provider-schemas.js';
import { openListPage, pageOfList } from '../provider-common/paging.js';
import { requireProvider, type ProviderToolContext } from '../provider-common/provider-services.js';
import { defaultDates, parseDateRange } from '../provider-common/time-input.js';
import { eventOutputSchema, toEventOutput } from './event-output.js';
import { GET_CALENDAR_EVENTS_EXAMPLES, SEARCH_CALENDAR_EVENTS_EXAMPLES, LIST_CALENDARS_EXAMPLES } from './calendar-read-tools.examples.js';

const MAX_RANGE_DAYS = 366;

export const calendarRefSchema = textSchema('Calendar name (case-insensitive) or id; all calendars when omitted.');

/** Ids of the named calendar, or undefined for all. */
export async function calendarIdsFor(calendar: CalendarProvider, ref: string | undefined): Promise<number[] | undefined> {
  if (ref === undefined) return undefined;
  const info = await withProviderErrors(() => calendar.getCalendar(ref));
  return [info.id];
}

export const listCalendarsTool = defineTool({
  name: 'list_calendars',
  examples: LIST_CALENDARS_EXAMPLES,
  title: 'List calendars',
  description:
    'Lists every calendar with its provider, kind (own, person = someone else’s calendar, feed = subscribed ICS), owner and whether it is read-only. ' +
    'Use it to find a calendar name for other calendar tools. Example: {}.',
  input: z
    .object({
      limit: limitSchema(50, 200, 'calendars'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(
    z.object({
      id: z.number().int().positive(),
      name: z.string(),
      provider: z.string(),
      kind: z.enum(CALENDAR_KIND_VALUES),
      owner_email: z.string().nullable(),
      read_only: z.boolean(),
      color: z.string().nullable(),
    }),
  ),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const calendar = requireProvider(ctx, 'calendar');
    const window = openListPage('list_calendars', args, 200, {});
    const calendars = await withProviderErrors(() => calendar.listCalendars());
    return pageOfList(
      calendars.map((c) => ({ id: c.id, name: c.name, provider: c.provider, kind: c.kind, owner_email: c.ownerEmail, read_only: c.readOnly, color: c.color })),
      window,
    );
  },
});

export const getCalendarEventsTool = defineTool({
  name: 'get_calendar_events',
  examples: GET_CALENDAR_EVENTS_EXAMPLES,
  title: 'Get calendar events',
  description:
    'Returns the events between two dates, recurring events expanded into their occurrences, ordered by start. Dates are YYYY-MM-DD ' +
    '(a date-only end_date is inclusive) or ISO-8601 datetimes; times come back in UTC and in the user’s zone (*_local). ' +
    'Use it for "what is on my calendar"; use find_my_open_slots for free time. Example: {"start_date": "2026-03-09", "end_date": "2026-03-13"}.',
  input: z
    .object({
      start_date: timeSchema('First day (YYYY-MM-DD) or start datetime (ISO-8601).'),
      end_date: timeSchema('Last day, inclusive (YYYY-MM-DD), or end datetime (ISO-8601). At most 366 days after start_date.'),
      calendar: calendarRefSchema.optional(),
      include_cancelled: z.boolean().default(false).describe('Also return cancelled events.'),
      limit: limitSchema(100, 500, 'events'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(eventOutputSchema, { untrusted: true }),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const calendar = requireProvider(ctx, 'calendar');
    const zone = ctx.clock.timezone;
    const range = parseDateRange({ start: 'start_date', end: 'end_date' }, { start: args.start_date, end: args.end_date }, zone, MAX_RANGE_DAYS);
    const window = openListPage('get_calendar_events', args, 500, {
      start: range.start.toISOString(),
      end: range.end.toISOString(),
      calendar: args.calendar ?? null,
      cancelled: args.include_cancelled,
    });
    const calendarIds = await calendarIdsFor(calendar, args.calendar);
    const events = await withProviderErrors(() =>
      calendar.listEvents({ start: range.start, end: range.end, calendarIds, includeCancelled: args.include_cancelled }),
    );
    const stale = calendar.staleness?.();
    if (stale) window.warnings.push(stale);
    return { ...pageOfList(events.map((event) => toEventOutput(event, zone)), window), untrusted_content: true as const };
  },
});

export const searchCalendarEventsTool = defineTool({
  name: 'search_calendar_events',
  examples: SEARCH_CALENDAR_EVENTS_EXAMPLES,
  title: 'Search calendar events',
  description:
    'Finds events whose title, location, notes or attendee names/emails contain the query (case-insensitive), by default from 30 days ago ' +
    'to 30 days ahead. Example: {"query": "board meeting", "start_date": "2026-01-01", "end_date": "2026-06-30"}.',
  input: z
    .object({
      query: textSchema('Text to look for in titles, locations, notes and attendees.', 500),
      start_date: timeSchema('First day or start datetime; default 30 days ago.').optional(),
      end_date: timeSchema('Last day (inclusive) or end datetime; default 30 days ahead.').optional(),
      calendar: calendarRefSchema.optional(),
      limit: limitSchema(25, 200, 'events'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(eventOutputSchema, { untrusted: true }),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const calendar = requireProvider(ctx, 'calendar');
    const zone = ctx.clock.timezone;
    const defaults = defaultDates(ctx.clock.today(), -30, 30);
    const range = parseDateRange(
      { start: 'start_date', end: 'end_date' },
      { start: args.start_date ?? defaults.start, end: args.end_date ?? defaults.end },
      zone,
      MAX_RANGE_DAYS,
    );
    const window = openListPage('search_calendar_events', args, 200, {
      query: args.query,
      start: range.start.toISOString(),
      end: range.end.toISOString(),
      calendar: args.calendar ?? null,
    });
    const calendarIds = await calendarIdsFor(calendar, args.calendar);
    const events = await withProviderErrors(() => calendar.searchEvents({ query: args.query, start: range.start, end: range.end, calendarIds }));
    const stale = calendar.staleness?.();
    if (stale) window.warnings.push(stale);
    return { ...pageOfList(events.map((event) => toEventOutput(event, zone)), window), untrusted_content: true as const };
  },
});
