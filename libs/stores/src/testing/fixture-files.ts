/** Fixture files shared by the tests of several libraries (one copy each, here). */
import { fileURLToPath } from 'node:url';

/** A team calendar in iCalendar form: recurring stand-ups across a DST change, an all-day offsite, time zones. */
export const TEAM_CALENDAR_ICS = fileURLToPath(new URL('./fixtures/team-calendar.ics', import.meta.url));
