/**
 * How people ask for create_delegation, list_delegations, update_delegation, check_overdue_delegations and
 * delete_delegation, in English and Hebrew, in their own words (colloquial, indirect, abbreviated, with names, dates
 * and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const CREATE_DELEGATION_EXAMPLES: ToolExamples = {
  en: [
    'I asked Noa to prep the Q3 board deck by March 10',
    'Dan\'s handling the vendor contract, due Friday',
    'hand off the budget review to Maya, high priority',
    'track that Omer owes me the hiring plan next week',
    'gave client onboarding to Shira, deadline end of month',
    'delegate the expense reports to Avi',
    'Miri\'s doing the annual tax filing for us, due April 15',
    'asked my husband to book the pediatrician, by Thursday',
    'Lena will pick up the new uniforms this week, track it',
    'Omer is on the security audit now, critical, end of sprint',
    'handing the Tanaka renewal to Dana, need it by the 28th',
    'the intern takes over social posts starting Monday, low priority',
  ],
  he: [
    'ביקשתי מיעל לסגור את ההזמנות לכנס עד חמישי',
    'העברתי לרון את הטיפול בביטוח של הרכבים, דחוף',
    'תרשום שאבי אחראי על הגיוס של המפתח עד סוף החודש',
    'נתתי לשירה את ההכנות לכנס, צריך עד ה-20',
    'ביקשתי מאבא שלי לטפל בטסט של האוטו עד סוף החודש',
    'רונית לוקחת את ההכנה לביקורת של מס הכנסה, עדיפות גבוהה',
    'תעקוב שהנדימן מתקן את הדוד עד יום שלישי',
    'נתתי לעומר את ההצעה ללקוח מיפן, צריך עד ה-5',
  ],
  keywords: {
    weight: 90,
    en: ['track it', 'follow up with'],
    he: ['תעקוב'],
  },
};

export const LIST_DELEGATIONS_EXAMPLES: ToolExamples = {
  en: [
    'what have I handed off to people?',
    'what\'s everyone doing for me right now?',
    'show all the tasks I gave Noa',
    'stuff other people owe me, by due date',
    'list active delegations',
    'what did I assign Dan that\'s already done?',
    'what\'s Miri working on for me right now?',
    'show everything I\'ve handed to the team, critical first',
    'who owes me what? give me the table',
    'which tasks did I give out that are finished?',
    'everything assigned to Lena this month',
    'what\'s on other people\'s plates on my behalf',
  ],
  he: [
    'מה העברתי לאנשים אחרים?',
    'תראה לי את כל המשימות שנתתי ליעל',
    'מה הסטטוס של כל מה שנתתי לאחרים לעשות?',
    'מה מצב כל הדברים שהאצלתי, לפי תאריך יעד',
    'מה נמצא אצל רונית ממה שביקשתי ממנה?',
    'תן לי טבלה של כל מה שחילקתי לאנשים',
    'אילו משימות שנתתי כבר הושלמו?',
    'מה עומר עושה בשבילי כרגע?',
  ],
  keywords: {
    weight: 90,
    en: ['working on for me', 'waiting on', 'owes me', 'delegated to'],
    he: ['חייב לי'],
  },
};

export const UPDATE_DELEGATION_EXAMPLES: ToolExamples = {
  en: [
    'Noa finished the board deck',
    'give the budget review to Dan instead of Maya',
    'push Omer\'s hiring plan deadline to the 20th',
    'bump the vendor contract task to critical',
    'reopen the onboarding task, Shira missed a step',
    'add a note on Avi\'s expense reports: waiting on receipts',
    'Miri finished the tax filing, close it out',
    'move the uniforms pickup from Lena to my husband',
    'the security audit can slip a week to the 14th',
    'actually the Tanaka renewal isn\'t done, reopen it',
    'cancel the social posts handoff, we\'re pausing that',
    'note on Dana\'s task: client asked for a new quote',
  ],
  he: [
    'יעל סיימה עם ההזמנות לכנס, תסגור את זה',
    'תעביר את החוזה מרון לדנה',
    'תדחה לאבי את הדדליין לשבוע הבא',
    'תוסיף הערה למשימה של שירה: מחכה לאישור של הלקוח',
    'אבא סיים עם הטסט, תסמן שהושלם',
    'תעביר את ההכנה לביקורת מרונית לעומר',
    'תוריד את הדדליין מהמשימה של הנדימן, אין לחץ',
    'תעלה את העדיפות של ההצעה ללקוח מיפן לקריטית',
  ],
  keywords: {
    weight: 88,
    en: ['task as completed', 'task as done', 'finished the task'],
    he: [],
  },
};

export const CHECK_OVERDUE_DELEGATIONS_EXAMPLES: ToolExamples = {
  en: [
    'who\'s late on stuff they owe me?',
    'anything past due that I handed off?',
    'who do I need to chase?',
    'is Noa behind on anything?',
    'overdue tasks from my team?',
    'which handoffs slipped their deadline?',
    'is anyone behind on what I gave them?',
    'what slipped past deadline from my handoffs?',
    'who\'s dragging their feet this week',
    'has Miri missed the date on anything?',
    'which assignments are late and by how many days',
    'most-late first, who should I nag today',
  ],
  he: [
    'על מי צריך לרדוף השבוע?',
    'יש משהו שעבר את הדדליין אצל אבי?',
    'מי לא עומד בזמנים מהצוות?',
    'מי לא הגיש בזמן את מה שביקשתי?',
    'יש משהו שרונית מאחרת בו?',
    'למי אני צריך להציק היום?',
    'מה עבר את התאריך אצל האנשים שלי?',
  ],
  keywords: {
    weight: 90,
    en: ['overdue', 'late'],
    he: ['באיחור', 'מאחר'],
  },
};

export const DELETE_DELEGATION_EXAMPLES: ToolExamples = {
  en: [
    'delete the task I gave Dan, logged it twice',
    'remove Avi\'s expense report task completely',
    'that handoff to Shira was a mistake, wipe it',
    'scrap delegation 7 for good',
    'erase the test handoff I just made',
    'get rid of the duplicate board deck entry for Noa',
    'the uniforms thing with Lena was a mistake, delete it',
    'remove the handoff to the intern completely, no record needed',
    'I entered Miri\'s tax task twice, trash the copy',
    'wipe task 12 from the tracker for good',
    'that was just me testing, erase it',
    'get rid of the Omer audit entry entirely',
  ],
  he: [
    'תמחק את המשימה של רון, רשמתי פעמיים',
    'תוריד לגמרי את המשימה שהעברתי לשירה',
    'המשימה לאבי נרשמה בטעות, תמחק',
    'תמחק את האצלה מספר 7',
    'תמחק את המשימה שנתתי לאבא, רשמתי בטעות',
    'תוריד לגמרי את המשימה של הנדימן, בלי לשמור',
    'יש כפילות במשימה של רונית, תמחק אחת',
    'תמחק את משימה 12, לא צריך היסטוריה',
  ],
};
