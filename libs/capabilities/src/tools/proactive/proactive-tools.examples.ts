/**
 * How people ask for get_proactive_suggestions and dismiss_suggestion, in English and Hebrew, in their own words
 * (colloquial, indirect, abbreviated, with names, dates and typos as people write them). Tool selection matches
 * requests against them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of
 * tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const GET_PROACTIVE_SUGGESTIONS_EXAMPLES: ToolExamples = {
  en: [
    'what should I focus on right now?',
    'anything slipping through the cracks?',
    'what am I forgetting?',
    'what needs my attention today?',
    'where should I start this morning?',
    'any emails I\'ve left hanging or meetings I haven\'t prepped?',
    'what should be on my radar today?',
    'what\'s falling behind that I should know about',
    'give me my priorities for this morning',
    'anyone waiting on me I should answer?',
    'if I only get one thing done today, what should it be?',
    'I have 20 minutes, what\'s most important',
  ],
  he: [
    'מה אני שוכח?',
    'מה דורש את תשומת הלב שלי היום?',
    'במה להתחיל הבוקר?',
    'מה הכי חשוב לי היום?',
    'מישהו מחכה לתשובה ממני?',
    'יש לי רבע שעה, במה כדאי להתעסק?',
    'מה נופל בין הכיסאות?',
  ],
};

export const DISMISS_SUGGESTION_EXAMPLES: ToolExamples = {
  en: [
    'not now, snooze that for 3 days',
    'stop bringing up the Dana follow-up',
    'skip that one for good',
    'I know about the unanswered Orbit email, drop it',
    'hide delegation:12 from the list',
    'push that tip off for a week',
    'I already handled that one, drop it from the list',
    'push the Tanaka nudge off until next week',
    'stop nagging me about the Miri follow-up',
    'snooze the unanswered-email tip for 2 days',
    'that\'s not relevant, never show it again',
    'set aside the delegation:7 one for a week',
  ],
  he: [
    'לא עכשיו, תדחה את זה בשלושה ימים',
    'תפסיק להציע לי את זה',
    'אני יודע על המייל של אורביט, תוריד את זה מהרשימה',
    'תסתיר את ההצעה הזאת לשבוע',
    'טיפלתי בזה כבר, תוריד מהרשימה',
    'תדחה את ההצעה הזאת לשבוע הבא',
    'די להזכיר לי את המעקב מול רונית',
    'זה לא רלוונטי, שלא יופיע שוב',
  ],
};
