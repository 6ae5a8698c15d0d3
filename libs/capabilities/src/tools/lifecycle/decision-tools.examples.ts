/**
 * How people ask for create_decision, search_decisions, update_decision, list_pending_decisions and delete_decision,
 * in English and Hebrew, in their own words (colloquial, indirect, abbreviated, with names, dates and typos as people
 * write them). Tool selection matches requests against them (libs/orchestration/README.md#adding-a-built-in-tool);
 * none may repeat a request of tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const CREATE_DECISION_EXAMPLES: ToolExamples = {
  en: [
    'we decided to move standup to 9:30, Noa owns it',
    'log that we\'re going with Vendor B over A, cheaper',
    'final call: no new hires until Q3, follow up March 1',
    'record a decision - switching CRM to HubSpot, David\'s call',
    'we agreed on Lisbon for the offsite, Maya will book it',
    'decided today: pricing page frozen until launch',
    'ok we\'re going with the blue quote for the kitchen reno, log it',
    'board approved the Series A terms, Dana owns execution',
    'we chose Greenwood Elementary for Maya, follow up in May',
    'decision: switch payroll to Rippling starting July, because cost',
    'family vote, Crete for summer vacation',
    'team agreed to freeze feature work for 2 weeks to fix bugs, Omer leads',
  ],
  he: [
    'החלטנו לעבור לספק החדש, אורי אחראי על הביצוע',
    'תתעד החלטה: לא מגייסים עד סוף הרבעון',
    'סגרנו שהכנס יהיה באילת, מעקב ב-15 לחודש',
    'ההנהלה החליטה לעצור את האפליקציה, תרשום גם למה',
    'החלטנו על הקבלן של המטבח, זה הזול מבין השלושה',
    'סיכמנו בישיבה לעבור לעבודה מהמשרד שלושה ימים, רונית אחראית',
    'סגרנו שהילדים הולכים לקייטנה של המתנ"ס, מעקב בסוף אפריל',
    'תרשום שבחרנו בביטוח של הראל ולא של מגדל, בגלל המחיר',
  ],
};

export const SEARCH_DECISIONS_EXAMPLES: ToolExamples = {
  en: [
    'what did we decide about the office move?',
    'find the decision on vendor pricing',
    'did we ever settle on a CRM?',
    'what has Noa decided on lately?',
    'anything tagged hiring in decisions?',
    'why did we drop the mobile app again?',
    'what was the reasoning behind picking Rippling?',
    'who signed off on the kitchen contractor?',
    'look up anything we decided about remote work',
    'which decisions mention the Tanaka account',
    'what did the board land on re funding?',
    'pull up decisions tagged pricing from last quarter',
  ],
  he: [
    'מה החלטנו בסוף לגבי המשרד?',
    'תמצא את ההחלטה על ספק הענן',
    'למה בעצם ויתרנו על העסקה עם הגרמנים?',
    'מה סוכם בנושא של העבודה ההיברידית?',
    'מה היה השיקול כשבחרנו בהראל?',
    'מי החליט בסוף על הקייטנה?',
    'תחפש החלטות שקשורות לתקציב השיווק',
    'מה סיכמנו לגבי החופשה המשפחתית?',
  ],
};

export const UPDATE_DECISION_EXAMPLES: ToolExamples = {
  en: [
    'the standup change is done, mark it executed',
    'we reversed the hiring freeze',
    'add a note to decision 12: announced at all-hands',
    'push the follow-up on the CRM switch to April 10',
    'Dana owns the Lisbon offsite now, not Maya',
    'update the vendor decision - legal signed off',
    'kitchen reno decision is done, contractor started',
    'change the owner of the payroll switch to Miri',
    'set follow-up on the Crete trip to June 1',
    'we backed out of the feature freeze, mark it reversed',
    'add a note to the Series A decision: term sheet signed Mar 3',
    'clear the follow-up date on the school choice',
  ],
  he: [
    'ההחלטה על הספק בוצעה, תסמן',
    'חזרנו בנו מהקפאת הגיוס',
    'תוסיף להחלטה על המשרד שהחוזה נחתם',
    'תדחה את המעקב של ההחלטה על ה-CRM לשבוע הבא',
    'ההחלטה על הביטוח יצאה לפועל, תעדכן סטטוס',
    'תעביר את האחריות על המעבר למשרד לדני',
    'תוסיף להחלטה על הקייטנה שנרשמנו ושילמנו',
    'ביטלנו בסוף את ההחלטה על הספק, תסמן שחזרנו בנו',
  ],
};

export const LIST_PENDING_DECISIONS_EXAMPLES: ToolExamples = {
  en: [
    'what have we agreed on but not carried out yet?',
    'what\'s still waiting to be executed?',
    'anything we agreed on with a follow-up due today?',
    'open decisions owned by Noa?',
    'what did we decide but never actually do?',
    'which of our resolutions are still in limbo?',
    'what have we resolved to do but haven\'t acted on yet?',
    'anything we agreed to that\'s still not done, soonest first',
    'pending stuff with follow-ups due already?',
    'show what Dana still needs to execute',
    'what\'s still open from what the board agreed on?',
    'open items from our decisions log, with dates',
  ],
  he: [
    'אילו החלטות עוד לא בוצעו?',
    'מה תקוע ממה שסיכמנו בהנהלה?',
    'יש החלטות שהמעקב שלהן היום או שעבר?',
    'אילו החלטות של אורי עוד פתוחות?',
    'מה עוד לא יצא לפועל ממה שהחלטנו?',
    'אילו החלטות ממתינות לביצוע אצל רונית?',
    'יש החלטות שהגיע הזמן לבדוק מה איתן?',
    'תן טבלה של ההחלטות הפתוחות לפי תאריך מעקב',
  ],
};

export const DELETE_DECISION_EXAMPLES: ToolExamples = {
  en: [
    'delete decision 12, it was logged by mistake',
    'remove that duplicate CRM entry',
    'the offsite one was just a test entry, wipe it',
    'get rid of the parking spots one entirely, no history',
    'I entered the pricing freeze twice, trash one of them',
    'erase #7 permanently, don\'t just reverse it',
    'the kitchen one got logged twice, delete the dup',
    'that was a test entry, remove #31 completely',
    'erase the Crete vacation entry, shouldn\'t be in a work log',
    'wipe #5 no need to keep the history',
    'scrap the entry I just created about the vendor, all wrong',
    'purge that bogus pricing decision from the log',
  ],
  he: [
    'תמחק את ההחלטה על החניה, נרשמה בטעות',
    'יש פעמיים את ההחלטה על הספק, תמחק אחת',
    'תוריד לגמרי את החלטה מספר 12, בלי היסטוריה',
    'ההחלטה על האופסייט הייתה סתם ניסיון, תמחק',
    'תמחק לגמרי את ההחלטה על הקייטנה, לא שייך לכאן',
    'החלטה 31 היא ניסוי שלי, תעיף אותה',
    'תעיף את הכפילות של ההחלטה על הביטוח',
    'אני לא צריך היסטוריה של זה, פשוט תמחק את ההחלטה',
  ],
};
