/** The event shape calendar and availability tools return: UTC instants plus `*_local` forms in the user's zone. */
import { z } from 'zod';
import { addDaysToDate } from '@chief-of-staff/core';
import { ATTENDEE_RESPONSE_VALUES, EVENT_STATUS_VALUES, SHOW_AS_VALUES, toLocalIso, type CalendarEvent } from '@chief-of-staff/providers';

export const attendeeOutputSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  response: z.enum(ATTENDEE_RESPONSE_VALUES),
  is_self: z.boolean(),
});

export const eventOutputSchema = z.object({
  id: z.number().int().positive(),
  uid: z.string(),
  calendar: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  start_local: z.string(),
  end_local: z.string(),
  all_day: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  show_as: z.enum(SHOW_AS_VALUES),
  status: z.enum(EVENT_STATUS_VALUES),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  attendees: z.array(attendeeOutputSchema),
  organizer_email: z.string().nullable(),
  recurring: z.boolean(),
  recurrence: z.string().nullable(),
  occurrence_start: z.string().nullable(),
  alarms_minutes: z.array(z.number().int()),
});

export type EventOutput = z.infer<typeof eventOutputSchema>;

/**
 * All-day events report their last day inclusively in `end_date` (the store keeps it exclusive), matching how
 * dates are given to the tools.
 */
export function toEventOutput(event: CalendarEvent, zone: string): EventOutput {
  return {
    id: event.id,
    uid: event.uid,
    calendar: event.calendar,
    title: event.title,
    start: event.start.toISOString(),
    end: event.end.toISOString(),
    start_local: toLocalIso(event.start, zone),
    end_local: toLocalIso(event.end, zone),
    all_day: event.allDay,
    start_date: event.startDate,
    end_date: event.endDate ? addDaysToDate(event.endDate, -1) : null,
    show_as: event.showAs,
    status: event.status,
    location: event.location,
    notes: event.notes,
    attendees: event.attendees.map((a) => ({ email: a.email, name: a.name, response: a.response, is_self: a.isSelf })),
    organizer_email: event.organizerEmail,
    recurring: event.recurring,
    recurrence: event.rrule,
    occurrence_start: event.occurrenceStart?.toISOString() ?? null,
    alarms_minutes: event.alarms,
  };
}
