/**
 * How people ask for record_tool_usage, list_skill_suggestions, reject_skill_suggestion and get_tool_statistics, in
 * English and Hebrew, in their own words (colloquial, indirect, abbreviated, with names, dates and typos as people
 * write them). Tool selection matches requests against them (libs/orchestration/README.md#adding-a-built-in-tool);
 * none may repeat a request of tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const RECORD_TOOL_USAGE_EXAMPLES: ToolExamples = {
  en: [
    'log that I searched mail for "invoice from acme" by hand',
    'count this as a search_mail call: weekly payroll report',
    'I did the vendor lookup manually, note it for pattern detection',
    'track that I checked the calendar for board prep again',
    'add a usage entry for query_memory with "client birthdays"',
    'register that I ran this kind of lookup outside the app',
    'note that I looked up the Tanaka invoices myself in the mail',
    'I checked supplier prices manually again, log that',
    'mark down one more manual calendar check for school events',
    'I keep doing this pdf lookup by hand, count it for the pattern stuff',
    'add to the usage log: search_documents, "lease renewal clause"',
    'log a successful run of search_messages for "pickup time"',
  ],
  he: [
    'תרשום שחיפשתי ידנית חשבוניות של אקמה',
    'תספור את זה כשימוש בחיפוש מיילים',
    'תוסיף ללוג שבדקתי שוב את היומן לפני ישיבת הנהלה',
    'שיהיה מתועד שעשיתי את זה בעצמי, בשביל זיהוי דפוסים',
    'תוסיף ללוג שימוש שחיפשתי ידנית קבלות של סופר',
    'עשיתי שוב בדיקה ידנית של המחירים אצל הספקים, תרשום',
    'שיירשם שבדקתי לבד את היומן של הגן',
    'תעדכן את היסטוריית השימוש: חיפוש מסמכים על חוזה השכירות',
  ],
};

export const LIST_SKILL_SUGGESTIONS_EXAMPLES: ToolExamples = {
  en: [
    'any new automations you think I should add?',
    'what automations have you spotted in my habits?',
    'show pending skill suggestions',
    'what repetitive stuff could become an agent?',
    'got ideas for agents based on what I keep doing?',
    'which proposals did I already accept?',
    'have you noticed anything worth automating?',
    'what agent ideas are waiting for my ok?',
    'show the suggestions I rejected before',
    'top automation proposals, most confident first',
    'is there a pending proposal for the invoice stuff?',
    'anything new in suggested skills since last week?',
  ],
  he: [
    'יש הצעות לסקילים חדשים?',
    'מה זיהית שאני עושה שוב ושוב ואפשר להפוך לסוכן?',
    'אילו הצעות עוד מחכות שאחליט עליהן?',
    'איזה רעיונות לאוטומציה יש לך בשבילי?',
    'מה ההצעות לאוטומציה שמחכות לי?',
    'יש רעיונות חדשים לסוכנים מהשבוע האחרון?',
    'תראה לי את ההצעות שכבר דחיתי',
    'על מה אתה הכי בטוח שכדאי להפוך לסוכן?',
  ],
};

export const REJECT_SKILL_SUGGESTION_EXAMPLES: ToolExamples = {
  en: [
    'no thanks to #4, I do that by hand on purpose',
    'reject that invoice skill idea',
    'don\'t propose the calendar-prep agent ever again',
    'nah, pass on that one for good',
    'I don\'t want an agent for the weekly report, decline it',
    'never bring up the mail-sorting idea again',
    'decline the school calendar one, I like doing it myself',
    'no, I don\'t want that receipts bot, ever',
    'turn down #7, not useful',
    'kill the idea for an auto-reply agent, too risky',
    'that supplier prices proposal - nope, permanently',
    'don\'t suggest automating my payroll checks again',
  ],
  he: [
    'לא רוצה את ההצעה הזאת, תדחה',
    'אל תציע לי שוב סוכן לחשבוניות',
    'תוריד את הצעה 4, אני עושה את זה ידנית בכוונה',
    'לא מעוניין בסקיל של המיילים, שלא יחזור',
    'לא צריך סוכן לקבלות, תדחה ולא להציע שוב',
    'הצעה 7 לא רלוונטית, תוריד לצמיתות',
    'אני לא רוצה אוטומציה לתשובות במייל, תדחה',
    'תסרב להצעה של היומן של הגן',
  ],
};

export const GET_TOOL_STATISTICS_EXAMPLES: ToolExamples = {
  en: [
    'which tools fail the most?',
    'how often was mail search used this week?',
    'error rate on query_memory for the last 7 days?',
    'what\'s slow? p95 per tool',
    'usage numbers for the past month',
    'top query patterns for search_documents?',
    'how many times did the calendar lookup error out this month?',
    'what\'s called most often, and what breaks most?',
    'show me usage stats since Monday',
    'are any tools timing out or getting truncated?',
    'what\'s the median duration of search_mail?',
    'numbers on tool usage over the last 30 days, busiest first',
  ],
  he: [
    'איזה כלים נכשלים הכי הרבה?',
    'כמה פעמים השתמשו ביומן השבוע?',
    'מה זמני התגובה של הכלים?',
    'תן לי סטטיסטיקה של שימוש בשבוע האחרון',
    'איזה כלי הכי איטי?',
    'כמה שגיאות היו לחיפוש במיילים בחודש האחרון?',
    'באיזה כלי השתמשו הכי הרבה?',
    'תן נתונים על זמני ריצה ושגיאות לכל כלי',
  ],
};
