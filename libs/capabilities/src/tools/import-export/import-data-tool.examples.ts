/**
 * How people ask for import_data, in English and Hebrew, in their own words (colloquial, indirect, abbreviated, with
 * names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const IMPORT_DATA_EXAMPLES: ToolExamples = {
  en: [
    'bring in my old Gmail export from archive.mbox',
    'load this .ics file into my calendar',
    'pull in the WhatsApp chat export I saved',
    'grab the maildir folder from my old laptop',
    'I\'ve got a CSV of texts, get it in',
    'add these .eml files from Downloads/mail',
    'import the calendar file my assistant emailed me',
    'bring the Outlook .ics from ~/Downloads into my calendar',
    'I have an export of my SMS as csv, load it',
    'suck in the old Thunderbird mbox from the backup drive',
    'here\'s a folder of .eml files from the lawyer, import them',
    'load whatsapp_export.jsonl so I can search old chats',
  ],
  he: [
    'תייבא את הארכיון של המיילים מהמחשב הישן, זה mbox',
    'יש לי קובץ ics מהעבודה הקודמת, תכניס אותו',
    'תכניס את כל קבצי ה-eml מהתיקייה של ההורדות',
    'תייבא את ההיסטוריה של הצ\'אטים מקובץ ה-jsonl',
    'תייבא את קובץ היומן שהמזכירה שלחה',
    'יש לי ייצוא של הודעות SMS בקובץ csv, תכניס',
    'תעלה את תיבת הדואר הישנה מהגיבוי',
    'תייבא את קבצי ה-eml מעורך הדין',
  ],
};
