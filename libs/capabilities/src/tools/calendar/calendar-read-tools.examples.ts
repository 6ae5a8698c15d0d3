/**
 * How people ask for get_calendar_events, search_calendar_events and list_calendars, in English and Hebrew, in their
 * own words (colloquial, indirect, abbreviated, with names, dates and typos as people write them). Tool selection
 * matches requests against them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of
 * tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const GET_CALENDAR_EVENTS_EXAMPLES: ToolExamples = {
  en: [
    'whats on tmrw?',
    'what does my week look like?',
    'what do I have Thursday?',
    'agenda for March 10',
    'any meetings today?',
    'show me next week\'s schedule',
    'what have I got on Sunday?',
    'what does next Tuesday look like',
    'how packed is my day tomorrow',
    'show everything between the 1st and the 7th',
    'am I doing anything on the weekend?',
    'whats my afternoon like',
  ],
  he: [
    'מה יש לי מחר?',
    'מה הלו"ז שלי ביום ראשון?',
    'יש לי משהו הערב?',
    'מה מחכה לי בשבוע הבא?',
    'מה יש לי ביום שלישי הבא?',
    'איך נראה לי היום מחר?',
    'תראה לי את כל מה שיש בין הראשון לשביעי',
    'יש לי משהו בסופ"ש?',
  ],
};

export const SEARCH_CALENDAR_EVENTS_EXAMPLES: ToolExamples = {
  en: [
    'when did I last meet with Dana?',
    'find the board meeting in June',
    'which Orbit Labs meetings are coming up?',
    'when is the Lisbon offsite?',
    'was there a call with jlevy@acme.io last month?',
    'when was the last parent-teacher meeting?',
    'when is the kids\' vaccination appointment',
    'find anything with Tanaka in it this spring',
    'where\'s the offsite being held, check the calendar entry',
    'is the plumber visit on my calendar somewhere?',
    'when\'s the next time I see Dr. Adler',
  ],
  he: [
    'מתי התור לרופא שיניים?',
    'מתי נפגשתי בפעם האחרונה עם שחר?',
    'מתי החתונה של אחי? אמור להיות ביומן',
    'תמצא את הפגישה עם רואה החשבון שהייתה בחודש שעבר',
    'מתי החיסון של הילדים?',
    'מתי הפגישה הבאה עם הלקוח מיפן?',
    'מתי השרברב אמור להגיע? רשמתי ביומן',
    'איפה נקבעה ארוחת הערב עם ההורים?',
  ],
};

export const LIST_CALENDARS_EXAMPLES: ToolExamples = {
  en: [
    'what\'s my work calendar called?',
    'which of the schedules you see are read-only?',
    'whose schedules can you see besides mine?',
    'what feeds am I subscribed to?',
    'is the holidays feed connected?',
    'what calendars am I connected to?',
    'can I write to the family calendar or is it read-only?',
    'which calendar is my wife\'s',
    'show me all my calendars with owners',
    'do I have the school ICS feed hooked up?',
    'what\'s the exact name of the shared team calendar',
  ],
  he: [
    'מה השם של היומן של העבודה?',
    'לאיזה יומנים של אחרים יש לך גישה?',
    'איזה יומנים אפשר רק לקרוא?',
    'תפרט לי את כל היומנים ומי הבעלים של כל אחד',
    'יש לי את היומן של בית הספר מחובר?',
    'איזה יומן זה של אשתי?',
    'אפשר לכתוב ליומן של המשפחה?',
  ],
};
