/**
 * How people ask for find_group_availability, in English and Hebrew, in their own words (colloquial, indirect,
 * abbreviated, with names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const FIND_GROUP_AVAILABILITY_EXAMPLES: ToolExamples = {
  en: [
    'when can Dana, Omer and I all meet?',
    'find a time for the 4 of us next week',
    '1hr sync with maya@orbit.io and Ronen, when works?',
    'what time suits the whole leadership team Thursday?',
    'propose a few times for Tal and me',
    'need a common window with the design folks',
    'when can I get 30 min with Dana and Miri this week?',
    'find a slot that works for me, Tanaka and legal',
    'best time for a parents\' call with my ex, Thursday or Friday',
    'schedule finder: leadership offsite prep, all five of us',
    'suggest times for a 1h sync with omer@acme.io next week',
    'what works for the whole product team on Tuesday',
  ],
  he: [
    'מתי אני, ליאת ושחר יכולים להיפגש?',
    'תמצא שעה שכל הצוות של הפיתוח פנוי',
    'תמצא מועד לישיבה עם כל ההנהלה לפני החג',
    'תציע כמה זמנים שמתאימים לי ולגיל בשבוע הבא',
    'מתי אני ודנה ורונית פנויים יחד השבוע?',
    'תמצא זמן שמתאים לי וללקוח מיפן',
    'תציע מועדים לשיחה עם כל צוות המוצר',
    'מתי כולנו יכולים לשבת שעה ביום שלישי?',
  ],
  keywords: {
    weight: 90,
    en: ['works for', 'for all of us', 'everyone', 'for me and', 'between', 'team'],
    he: ['לכולנו', 'לכולם', 'לי ול*'],
  },
};
