/**
 * How people ask for find_my_open_slots, in English and Hebrew, in their own words (colloquial, indirect, abbreviated,
 * with names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const FIND_MY_OPEN_SLOTS_EXAMPLES: ToolExamples = {
  en: [
    'when am I free this week?',
    'got a 45-minute gap Thursday?',
    'find me an hour for deep work next week',
    'what openings do I have Monday to Wednesday?',
    'am I free tomorrow afternoon?',
    'need a 30 min window before Friday',
    'when can I fit a 2-hour block this week?',
    'do I have any free time Wednesday morning',
    'find a free half hour for a haircut before the weekend',
    'what\'s open on my calendar next Monday?',
    'any gaps for a dentist visit this month?',
    'I need 90 minutes somewhere tomorrow',
  ],
  he: [
    'יש לי זמן ביום ראשון לקפה עם חבר?',
    'יש לי חלון של שעה מחר?',
    'תמצא לי שעתיים רצופות לפני סוף החודש',
    'מתי אני יכול להכניס ריצה באמצע היום?',
    'מתי יש לי שעתיים פנויות השבוע?',
    'יש לי זמן פנוי ביום רביעי בבוקר?',
    'תמצא לי חצי שעה לספר לפני הסופ"ש',
    'יש לי חור ביומן החודש לרופא שיניים?',
  ],
};
