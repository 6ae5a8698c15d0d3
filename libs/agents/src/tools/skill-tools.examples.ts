/**
 * How people ask for analyze_skill_patterns and auto_create_skill, in English and Hebrew, in their own words
 * (colloquial, indirect, abbreviated, with names, dates and typos as people write them). Tool selection matches
 * requests against them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of
 * tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const ANALYZE_SKILL_PATTERNS_EXAMPLES: ToolExamples = {
  en: [
    'look at how I\'ve been using things and spot patterns',
    'analyze the last two weeks for repeated work',
    'anything I do over and over that could be automated?',
    'scan my usage for new ideas worth turning into agents',
    'find recurring habits in my last 30 days',
    'go through my history and see what I keep repeating',
    'check my last 14 days for stuff I repeat',
    'see if my mail searches follow a pattern',
    'run pattern detection on this month\'s usage',
    'dig through my history for automation candidates',
    'what do I do over and over, analyze it',
    'refresh the habit analysis over 60 days',
  ],
  he: [
    'תנתח את השימוש שלי בשבועיים האחרונים',
    'תחפש דפוסים שחוזרים על עצמם במה שאני עושה',
    'יש משהו שאני עושה כל הזמן שאפשר לעשות לו אוטומציה?',
    'תריץ ניתוח הרגלים על החודש האחרון',
    'תבדוק מה חוזר על עצמו בשבועיים האחרונים',
    'תסרוק את הפעולות שלי מהחודש ותמצא הרגלים',
    'יש דפוס בחיפושים שלי במייל?',
    'תעבור על ההיסטוריה ותמצא מה כדאי לאוטומט',
  ],
};

export const AUTO_CREATE_SKILL_EXAMPLES: ToolExamples = {
  en: [
    'yes, turn suggestion 3 into an agent',
    'accept that invoice idea',
    'go ahead and build the calendar-prep agent you suggested',
    'I like #5, make it real',
    'approve the weekly report one',
    'sure, set up the mail sorter you proposed',
    'the receipts idea is good, build it',
    'ok go with suggestion 7',
    'yes make the school-email agent you proposed',
    'accept #2 and turn it into a bot',
    'sounds useful, create that one',
    'let\'s do the supplier price watcher suggestion',
  ],
  he: [
    'כן, תהפוך את הצעה 3 לסוכן',
    'אני מאשר את הסקיל של החשבוניות',
    'תבנה את הסוכן שהצעת לסידור המיילים',
    'ההצעה הזאת טובה, תיצור ממנה סוכן',
    'ההצעה של הקבלות טובה, תבנה אותה',
    'כן, תלך על הצעה 7',
    'תהפוך את ההצעה על המיילים של בית הספר לבוט',
    'אני מקבל את מספר 2, תקים את זה',
  ],
};
