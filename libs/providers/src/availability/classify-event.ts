/**
 * Steps 2–4 of docs/reference/algorithms.md#availability: decides whether a calendar event blocks the user's time,
 * softly or hard, or blocks a whole day as out-of-office, or is ignored.
 */
import { foldCase as fold } from '@chief-of-staff/core';
import type { Attendee, EventStatus, ShowAs } from '../types/calendar.js';

/** What availability needs to know about an event. */
export interface AvailabilityEvent {
  title: string;
  notes: string | null;
  start: Date;
  end: Date;
  allDay: boolean;
  /** All-day events: first day and exclusive end day (`YYYY-MM-DD`). */
  startDate: string | null;
  endDate: string | null;
  showAs: ShowAs;
  status: EventStatus;
  attendees: readonly Attendee[];
}

/** How the user is recognised among attendees (`user.email`, `user.handles`). */
export interface SelfIdentity {
  emails: readonly string[];
  handles?: readonly string[];
}

export type EventBlocking = 'ignored' | 'hard' | 'soft' | 'ooo_all_day';

export const DEFAULT_SOFT_KEYWORDS: readonly string[] = Object.freeze([
  'focus',
  'focus time',
  'lunch',
  'heads down',
  'prep',
  'hold',
  'tentative',
  'placeholder',
]);

const OOO_TITLE = /(^|[^\p{L}\p{N}])(pto|ooo|out of office|vacation|holiday|day off)/iu;
const CANCELLED_TITLE = /^\s*cancell?ed:/i;

export interface ClassifyOptions {
  softKeywords: readonly string[];
  self: SelfIdentity;
  blockOooAllDay: boolean;
}


/** The attendee entry that is the user, if the user can be recognised. */
export function selfAttendee(attendees: readonly Attendee[], self: SelfIdentity): Attendee | undefined {
  const ids = new Set([...self.emails, ...(self.handles ?? [])].map((value) => value.trim().toLowerCase()));
  return attendees.find((attendee) => attendee.isSelf || ids.has(attendee.email.toLowerCase()));
}

/** True for all-day out-of-office events: show_as oof, or an out-of-office word in the title. */
export function isOutOfOffice(event: Pick<AvailabilityEvent, 'showAs' | 'title'>): boolean {
  return event.showAs === 'oof' || OOO_TITLE.test(event.title);
}

export function classifyEvent(event: AvailabilityEvent, options: ClassifyOptions): EventBlocking {
  if (event.status === 'cancelled' || CANCELLED_TITLE.test(event.title)) return 'ignored';
  if (event.showAs === 'free' || event.showAs === 'working_elsewhere') return 'ignored';
  const me = selfAttendee(event.attendees, options.self);
  if (me?.response === 'declined') return 'ignored';
  if (event.end.getTime() <= event.start.getTime()) return 'ignored';
  if (event.allDay) return options.blockOooAllDay && isOutOfOffice(event) ? 'ooo_all_day' : 'ignored';
  if (event.showAs === 'tentative') return 'soft';
  const haystack = fold(`${event.title}\n${event.notes ?? ''}`);
  if (options.softKeywords.some((keyword) => keyword.trim() !== '' && haystack.includes(fold(keyword.trim())))) {
    return 'soft';
  }
  const tentative = me ? me.response === 'tentative' : event.attendees.some((a) => a.response === 'tentative');
  return tentative ? 'soft' : 'hard';
}
