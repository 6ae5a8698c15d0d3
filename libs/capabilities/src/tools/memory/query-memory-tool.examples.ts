/**
 * How people ask for query_memory, in English and Hebrew, in their own words (colloquial, indirect, abbreviated, with
 * names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const QUERY_MEMORY_EXAMPLES: ToolExamples = {
  en: [
    'What\'s Dana\'s kid\'s name again?',
    'did I ever tell you which airline I prefer',
    'what do we know about the Horowitz account?',
    'what do you remember about my allergies?',
    'who\'s my contact over at Brightline Logistics?',
    'check your memory, where did Ronen say he grew up',
    'remind me what my daughter\'s teacher is called',
    'do you have anything on file about the Tanaka family?',
    'which hotel did I like in Berlin last time',
    'what was my blood type again, I told you once',
    'hey what\'s the wifi password at my parents I gave you',
    'who handles our payroll, did I mention?',
  ],
  he: [
    'מה אמרתי לך פעם על הדיאטה שלי?',
    'איך קוראים לבת הזוג של איתי?',
    'באיזה מלון ישנו בפעם שעברה באילת? סיפרתי לך',
    'מה אתה יודע על הלקוח מקבוצת שחר?',
    'מה השם של הרופאה של הילדים? אמרתי לך פעם',
    'תזכיר לי מה המידה של הנעליים של נועם',
    'מה ידוע לך על הספק של הקפה למשרד?',
    'מי היה איש הקשר שלנו בבנק הפועלים?',
  ],
  keywords: {
    weight: 88,
    en: ['what do i know', 'do i know'],
    he: ['מה אני יודע', 'מה ידוע לי'],
  },
};
