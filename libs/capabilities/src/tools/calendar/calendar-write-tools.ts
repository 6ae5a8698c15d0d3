/**
 * calendar_write (docs/reference/tool-catalogue.md#personal-data-providers): create_calendar_event,
 * update_calendar_event, delete_calendar_event. Writes go to the calendar provider only; invitations are never sent.
 * Read-only calendars answer READ_ONLY.
 */
import { z } from 'zod';
import { addDaysToDate, defineTool, normalizeEmail, ToolError } from '@chief-of-staff/core';
import { SHOW_AS_VALUES, withProviderErrors, type Attendee, type CalendarEventPatch } from '@chief-of-staff/providers';
import { PROVIDER_CREATE, PROVIDER_DELETE, PROVIDER_UPSERT } from '../provider-common/provider-annotations.js';
import { deletedOutputSchema, textSchema, timeSchema } from '../provider-common/provider-schemas.js';
import { requireProvider, type ProviderToolContext } from '../provider-common/provider-services.js';
import { parseTimeInput } from '../provider-common/time-input.js';
import { eventOutputSchema, toEventOutput } from './event-output.js';
import { CREATE_CALENDAR_EVENT_EXAMPLES, UPDATE_CALENDAR_EVENT_EXAMPLES, DELETE_CALENDAR_EVENT_EXAMPLES } from './calendar-write-tools.examples.js';

const attendeeInputSchema = z
  .object({
    email: z.string().trim().min(3).max(254).describe('Attendee email address.'),
    name: z.string().trim().min(1).max(200).optional().describe('Display name.'),
  })
  .strict();

const eventFields = {
  title: textSchema('Event title.'),
  start: timeSchema('Start: ISO-8601 datetime (naive times are read in the user’s zone), or YYYY-MM-DD when all_day.'),
  end: timeSchema('End: ISO-8601 datetime after start, or for all-day events the last day (inclusive, YYYY-MM-DD).'),
  all_day: z.boolean().describe('An all-day event spanning whole dates.'),
  calendar: textSchema('Calendar name or id; default: your first writable calendar.'),
  location: z.string().trim().max(500).describe('Where it happens.'),
  notes: z.string().max(10_000).describe('Description or agenda.'),
  attendees: z.array(attendeeInputSchema).max(100).describe('People on the event (stored only; no invitations are sent).'),
  recurrence: z.string().trim().min(6).max(500).describe('RFC 5545 RRULE value, e.g. "FREQ=WEEKLY;BYDAY=MO,WE" or "FREQ=DAILY;COUNT=5".'),
  alarms_minutes: z.array(z.number().int().min(0).max(40_320)).max(10).describe('Reminders, in minutes before the start (0–40320).'),
  show_as: z.enum(SHOW_AS_VALUES).describe('How the time shows to others: busy, free, tentative, oof, working_elsewhere.'),
};

function attendeesFrom(list: readonly { email: string; name?: string | undefined }[], selfEmail: string | undefined): Attendee[] {
  const self = selfEmail?.toLowerCase();
  return list.map((attendee, index) => {
    const email = normalizeEmail(`attendees[${index}].email`, attendee.email).toLowerCase();
    return { email, name: attendee.name ?? null, response: email === self ? 'accepted' : 'needs_action', isSelf: email === self };
  });
}

interface Timing {
  start: Date;
  end: Date;
  allDay: boolean;
  startDate?: string;
  endDate?: string;
}

/** Start/end for a create or update; all-day ends are inclusive dates on input, exclusive in the store. */
function timing(args: { start: string; end?: string | undefined; all_day: boolean }, zone: string): Timing {
  if (args.all_day) {
    const start = parseTimeInput('start', args.start, zone, { allowDateOnly: true });
    const end = args.end === undefined ? start : parseTimeInput('end', args.end, zone, { allowDateOnly: true });
    if (end.date < start.date) throw ToolError.invalidArgument('end', 'is before start.', 'For all-day events give the last day, inclusive.');
    const endDate = addDaysToDate(end.date, 1);
    return { start: start.instant, end: end.instant, allDay: true, startDate: start.date, endDate };
  }
  if (args.end === undefined) throw ToolError.invalidArgument('end', 'is required unless all_day is true.', 'Give an ISO-8601 datetime after start.');
  const start = parseTimeInput('start', args.start, zone, { allowDateOnly: false });
  const end = parseTimeInput('end', args.end, zone, { allowDateOnly: false });
  if (end.instant.getTime() <= start.instant.getTime()) throw ToolError.invalidArgument('end', 'must be after start.', 'Give an end time later than the start.');
  return { start: start.instant, end: end.instant, allDay: false };
}

export const createCalendarEventTool = defineTool({
  name: 'create_calendar_event',
  examples: CREATE_CALENDAR_EVENT_EXAMPLES,
  title: 'Create calendar event',
  description:
    'Adds an event to one of your calendars (never sends invitations). Timed events need start and end datetimes; all-day events take ' +
    'dates, the end date inclusive. Optional RRULE recurrence, attendees, alarms and show-as. ' +
    'Example: {"title": "1:1 with Maya", "start": "2026-03-10T15:00", "end": "2026-03-10T15:30", "recurrence": "FREQ=WEEKLY"}.',
  input: z
    .object({
      title: eventFields.title,
      start: eventFields.start,
      end: eventFields.end.optional(),
      all_day: eventFields.all_day.default(false),
      calendar: eventFields.calendar.optional(),
      location: eventFields.location.optional(),
      notes: eventFields.notes.optional(),
      attendees: eventFields.attendees.optional(),
      recurrence: eventFields.recurrence.optional(),
      alarms_minutes: eventFields.alarms_minutes.optional(),
      show_as: eventFields.show_as.default('busy'),
    })
    .strict(),
  output: z.object({ event: eventOutputSchema }),
  annotations: PROVIDER_CREATE,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const calendar = requireProvider(ctx, 'calendar');
    const zone = ctx.clock.timezone;
    const when = timing(args, zone);
    const attendees = attendeesFrom(args.attendees ?? [], ctx.services.config?.user.email);
    const event = await withProviderErrors(async () => {
      const calendarId = args.calendar === undefined ? undefined : (await calendar.getCalendar(args.calendar)).id;
      return calendar.createEvent({
        calendarId,
        title: args.title,
        ...when,
        timezone: zone,
        location: args.location ?? null,
        notes: args.notes ?? null,
        attendees,
        organizerEmail: attendees.length > 0 ? (ctx.services.config?.user.email?.toLowerCase() ?? null) : null,
        rrule: args.recurrence ?? null,
        alarms: [...new Set(args.alarms_minutes ?? [])].sort((a, b) => a - b),
        showAs: args.show_as,
      });
    });
    return { event: toEventOutput(event, zone) };
  },
});

export const updateCalendarEventTool = defineTool({
  name: 'update_calendar_event',
  examples: UPDATE_CALENDAR_EVENT_EXAMPLES,
  title: 'Update calendar event',
  description:
    'Changes an event; for a recurring event the whole series. Give only the fields to change; attendees replaces the whole list; ' +
    'null clears location, notes or recurrence. Example: {"event_id": 42, "start": "2026-03-10T16:00", "end": "2026-03-10T16:30"}.',
  input: z
    .object({
      event_id: z.number().int().positive().describe('Id of the event (from get_calendar_events).'),
      title: eventFields.title.optional(),
      start: eventFields.start.optional(),
      end: eventFields.end.optional(),
      all_day: eventFields.all_day.optional(),
      calendar: eventFields.calendar.optional().describe('Move the event to this calendar (name or id).'),
      location: eventFields.location.nullable().optional(),
      notes: eventFields.notes.nullable().optional(),
      attendees: eventFields.attendees.optional(),
      recurrence: eventFields.recurrence.nullable().optional(),
      alarms_minutes: eventFields.alarms_minutes.optional(),
      show_as: eventFields.show_as.optional(),
    })
    .strict(),
  output: z.object({ event: eventOutputSchema }),
  annotations: PROVIDER_UPSERT,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const calendar = requireProvider(ctx, 'calendar');
    const zone = ctx.clock.timezone;
    const event = await withProviderErrors(async () => {
      const current = await calendar.getEvent(args.event_id);
      const patch: CalendarEventPatch = {};
      if (args.start !== undefined || args.end !== undefined || args.all_day !== undefined) {
        const allDay = args.all_day ?? current.allDay;
        const currentEnd = current.allDay && current.endDate ? addDaysToDate(current.endDate, -1) : current.end.toISOString();
        Object.assign(
          patch,
          timing(
            {
              start: args.start ?? (allDay && current.startDate ? current.startDate : current.start.toISOString()),
              end: args.end ?? (allDay === current.allDay ? currentEnd : undefined),
              all_day: allDay,
            },
            zone,
          ),
        );
      }
      if (args.calendar !== undefined) patch.calendarId = (await calendar.getCalendar(args.calendar)).id;
      if (args.title !== undefined) patch.title = args.title;
      if (args.location !== undefined) patch.location = args.location;
      if (args.notes !== undefined) patch.notes = args.notes;
      if (args.attendees !== undefined) patch.attendees = attendeesFrom(args.attendees, ctx.services.config?.user.email);
      if (args.recurrence !== undefined) patch.rrule = args.recurrence;
      if (args.alarms_minutes !== undefined) patch.alarms = [...new Set(args.alarms_minutes)].sort((a, b) => a - b);
      if (args.show_as !== undefined) patch.showAs = args.show_as;
      return calendar.updateEvent(args.event_id, patch);
    });
    return { event: toEventOutput(event, zone) };
  },
});

export const deleteCalendarEventTool = defineTool({
  name: 'delete_calendar_event',
  examples: DELETE_CALENDAR_EVENT_EXAMPLES,
  title: 'Delete calendar event',
  description:
    'Deletes an event, or a whole recurring series. With occurrence_start (the occurrence_start of one occurrence from get_calendar_events) ' +
    'it cancels just that occurrence. Example: {"event_id": 42, "occurrence_start": "2026-03-16T14:00:00.000Z"}.',
  input: z
    .object({
      event_id: z.number().int().positive().describe('Id of the event or series.'),
      occurrence_start: timeSchema('Start of the single occurrence to cancel (datetime, or YYYY-MM-DD for all-day series).').optional(),
    })
    .strict(),
  output: deletedOutputSchema,
  annotations: PROVIDER_DELETE,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const calendar = requireProvider(ctx, 'calendar');
    const occurrenceStart =
      args.occurrence_start === undefined ? undefined : parseTimeInput('occurrence_start', args.occurrence_start, ctx.clock.timezone, { allowDateOnly: true }).instant;
    await withProviderErrors(() => calendar.deleteEvent(args.event_id, { occurrenceStart }));
    return { deleted: true as const, id: args.event_id };
  },
});
