/**
 * How people ask for export_calendar, in English and Hebrew, in their own words (colloquial, indirect, abbreviated,
 * with names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const EXPORT_CALENDAR_EXAMPLES: ToolExamples = {
  en: [
    'save my Work schedule as a .ics file',
    'give me the ics for Family',
    'back up my calendar to Documents',
    'I need Q2 as an iCal file',
    'dump the team schedule so I can open it in Outlook',
    'export everything from the Personal one',
    'I need the Family calendar as an .ics for my wife',
    'write the Work schedule to ~/Backups/work.ics',
    'give me an iCal of just the school events for this year',
    'export the offsite dates to a file',
    'can I get my personal schedule out as ics',
    'dump Q3 of the team schedule to a file',
  ],
  he: [
    'תוציא לי את יומן המשפחה כקובץ ics',
    'אני צריך עותק של היומן כדי להעביר לאאוטלוק',
    'תייצא רק את האירועים של ינואר עד מרץ',
    'תשמור את יומן העבודה כקובץ בתיקיית Backups',
    'תייצא את היומן של המשפחה לקובץ בשביל אשתי',
    'תשמור את יומן העבודה בגיבוי',
    'תן לי קובץ ics רק של האירועים של בית הספר',
    'אני צריך את יומן הצוות של הרבעון בקובץ',
  ],
};
