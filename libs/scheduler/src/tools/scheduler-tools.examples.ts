/**
 * How people ask for list_scheduled_tasks, get_scheduler_status, list_task_runs, create_scheduled_task,
 * update_scheduled_task, delete_scheduled_task and run_scheduled_task, in English and Hebrew, in their own words
 * (colloquial, indirect, abbreviated, with names, dates and typos as people write them). Tool selection matches
 * requests against them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of
 * tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const LIST_SCHEDULED_TASKS_EXAMPLES: ToolExamples = {
  en: [
    'what runs automatically?',
    'which jobs are on a schedule?',
    'when is the next morning briefing?',
    'show my recurring automations',
    'what\'s set to run tonight?',
    'list enabled cron jobs',
    'what\'s on the automation schedule?',
    'which automations are active at the moment?',
    'when does the weekly review run next',
    'show me all recurring jobs, soonest first',
    'do I have anything running on weekends?',
    'what automated stuff happens every morning',
  ],
  he: [
    'מה רץ אצלי אוטומטית?',
    'מתי יוצא התדריך הבא?',
    'אילו משימות מתוזמנות יש?',
    'יש משהו שרץ כל לילה?',
    'מה מתוזמן לרוץ היום?',
    'אילו אוטומציות פעילות?',
    'מתי הסיכום השבועי רץ בפעם הבאה?',
    'אילו אוטומציות רצות בשבת?',
  ],
};

export const GET_SCHEDULER_STATUS_EXAMPLES: ToolExamples = {
  en: [
    'is the background worker running?',
    'is the scheduler alive?',
    'anything broken in my automations?',
    'why didn\'t my briefing go out, is the worker up?',
    'how many jobs are queued right now?',
    'which automations got disabled because of errors?',
    'is the automation engine up?',
    'my 7am briefing never came, is something down?',
    'when did the worker last check in?',
    'are any jobs stuck or failing?',
    'is anything overdue to run or running right now?',
    'health check on the background runner',
  ],
  he: [
    'הוורקר של המשימות רץ?',
    'משהו שבור באוטומציות?',
    'למה התדריך לא יצא? השרת עובד?',
    'אילו משימות הושבתו בגלל שגיאות?',
    'המנוע של האוטומציות עובד?',
    'התדריך של שבע לא הגיע, משהו נפל?',
    'יש משימות תקועות או שנכשלות?',
    'מתי הוורקר דיווח לאחרונה?',
  ],
};

export const LIST_TASK_RUNS_EXAMPLES: ToolExamples = {
  en: [
    'did last night\'s backup go through?',
    'show the history of the morning briefing',
    'what failed this week in the automations?',
    'how long did the weekly review take last Friday?',
    'when did task 3 last succeed?',
    'was the briefing delivered yesterday?',
    'did the weekly review actually go out Friday?',
    'show me failed runs from the last few days',
    'how did the nightly job do this week',
    'the last 5 executions of the briefing',
    'was there an error when the digest ran this morning?',
    'check whether task 7 delivered its email yesterday',
  ],
  he: [
    'הסיכום השבועי רץ ביום שישי?',
    'תראה לי היסטוריה של הריצות של התדריך',
    'אילו ריצות נכשלו השבוע?',
    'כמה זמן לקח הגיבוי אתמול בלילה?',
    'הסיכום השבועי יצא בשישי?',
    'מה לא הצליח לרוץ מאז יום ראשון?',
    'מה קרה בריצה של הבוקר?',
    'משימה 7 שלחה מייל אתמול?',
  ],
};

export const CREATE_SCHEDULED_TASK_EXAMPLES: ToolExamples = {
  en: [
    'every Friday at 4 run a weekly review and email it to me',
    'give me a morning briefing at 7:30 daily',
    'check alerts every hour',
    'each Monday have the planner draft my week and notify me',
    'post a daily digest to my webhook at 6pm',
    'set up a nightly maintenance job',
    'every weekday at 8 send me my agenda by email',
    'run the finance bot on the 1st of every month',
    'check alerts at 9 and 5 daily',
    'each Sunday evening summarize the kids\' school emails',
    'post my daily digest to https://hooks.example.com/x at 6',
    'set up a weekly backup every Saturday at 2am',
  ],
  he: [
    'כל חמישי בחמש תכין לי סיכום שבוע ותשלח במייל',
    'תדריך בוקר כל יום ב-7:00, בלי שישי שבת',
    'תבדוק התראות כל חצי שעה בשעות העבודה',
    'כל יום ראשון שהפלאנר יתכנן לי את השבוע',
    'כל יום בשמונה תשלח לי את הלו"ז במייל',
    'בראשון לכל חודש שהבוט של הכספים ירוץ',
    'כל מוצאי שבת תסכם לי את המיילים מבית הספר',
    'תבדוק התראות פעמיים ביום, בתשע ובחמש',
  ],
  keywords: {
    weight: 92,
    en: ['every morning', 'every day', 'every week', 'each morning', 'each week', 'daily at'],
    he: ['כל בוקר', 'כל יום', 'כל שבוע'],
  },
};

export const UPDATE_SCHEDULED_TASK_EXAMPLES: ToolExamples = {
  en: [
    'move my briefing to 8am',
    'pause the weekly review',
    'turn the hourly alert check back on',
    'send the digest by email instead of a notification',
    'change task 4 to weekdays only',
    'fix the broken cron on the backup, it should be 0 2 * * *',
    'push the weekly review from Friday to Thursday',
    'disable the school summary over the summer',
    'deliver the finance report to my email now',
    'the briefing should skip weekends',
    'switch task 7 back on',
    'make the alert check every 2 hours instead',
  ],
  he: [
    'תזיז את התדריך לשמונה',
    'תשהה את הסיכום השבועי עד אחרי החגים',
    'תפעיל שוב את הבדיקה של ההתראות',
    'שהדייג\'סט יגיע במייל במקום נוטיפיקציה',
    'תעביר את הסיכום השבועי מחמישי לשישי',
    'תכבה את הסיכום של בית הספר בחופש הגדול',
    'שהדוח החודשי יגיע במייל ולא בהתראה',
    'תחזיר את משימה 7 לפעול',
  ],
};

export const DELETE_SCHEDULED_TASK_EXAMPLES: ToolExamples = {
  en: [
    'remove the weekly review job',
    'remove the nightly maintenance entirely',
    'I don\'t need the morning briefing anymore, delete it',
    'get rid of #4 along with its history',
    'kill the hourly alert check for good',
    'remove the test cron I made',
    'remove the school summary job for good',
    'get rid of the webhook digest',
    'delete task 7 and its runs',
    'I don\'t want the 2am backup anymore, remove it',
    'drop the finance report automation completely',
    'erase the monthly run of the finance bot',
  ],
  he: [
    'תמחק את הסיכום השבועי, כולל ההיסטוריה',
    'לא צריך יותר תדריך בוקר, תמחק',
    'תעיף את הקרון של הבדיקה',
    'תמחק את האוטומציה של בית הספר',
    'תעיף את הדייג\'סט לוובהוק',
    'משימה 7 לא צריכה להיות, תמחק עם ההיסטוריה',
    'לא רוצה יותר את הגיבוי בלילה, תמחק',
  ],
};

export const RUN_SCHEDULED_TASK_EXAMPLES: ToolExamples = {
  en: [
    'trigger the weekly review early',
    'kick off task 4 right away',
    'I want today\'s digest now, don\'t wait',
    'do the backup job now please',
    'fire the alert check once, off schedule',
    'send me the finance report now, not on the 1st',
    'run the school summary right away',
    'execute #7 once now',
    'I need today\'s briefing early',
    'kick the nightly backup off immediately',
    'force a run of the alert check',
  ],
  he: [
    'תריץ עכשיו את התדריך',
    'תפעיל את הסיכום השבועי כבר עכשיו, לא לחכות לשישי',
    'אני רוצה את הדייג\'סט עכשיו, לא בשש',
    'תריץ את הגיבוי עכשיו מחוץ ללוח הזמנים',
    'תריץ עכשיו את הדוח של הכספים',
    'אני רוצה את התדריך כבר עכשיו',
    'תפעיל מיד את הסיכום של בית הספר',
    'תריץ את משימה 7 פעם אחת עכשיו',
  ],
};
