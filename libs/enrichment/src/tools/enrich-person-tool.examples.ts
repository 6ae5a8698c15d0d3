/**
 * How people ask for enrich_person, in English and Hebrew, in their own words (colloquial, indirect, abbreviated, with
 * names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const ENRICH_PERSON_EXAMPLES: ToolExamples = {
  en: [
    'tell me everything about Dana before our call',
    'who is Greg Hale? full rundown',
    'brief me on Omer, meeting him in an hour',
    'what\'s the latest with Shira - emails, tasks, all of it',
    'give me a profile of Ronen Shapiro',
    'catch me up on my history with Tal',
    'prep me on Miri Katz before our tax meeting',
    'what\'s the full picture on Tanaka-san',
    'pull together everything on the new nanny, Lena',
    'who is Dana to me? emails, tasks, decisions',
    'quick dossier on Omer before the review',
    'all you know about Greg Hale, last 60 days',
  ],
  he: [
    'תן לי את כל מה שיש על רונית לפני הראיון',
    'מי זה בעצם אלון פרץ? תעשה לי סקירה מלאה',
    'תתדרך אותי על יוסי לוי, אני פוגש אותו עוד שעה',
    'מה קורה עם נטע לאחרונה? מיילים, משימות, הכל',
    'תכין לי תמונה מלאה על רונית לפני הפגישה',
    'מה הסיפור עם הלקוח מיפן? הכל',
    'תאסוף לי כל מה שיש על לנה הבייביסיטר',
    'מי זאת מירי כץ בשבילי? מיילים, משימות, הכל',
  ],
};
