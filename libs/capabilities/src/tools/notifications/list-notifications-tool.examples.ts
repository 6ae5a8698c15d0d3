/**
 * How people ask for list_notifications, in English and Hebrew, in their own words (colloquial, indirect, abbreviated,
 * with names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const LIST_NOTIFICATIONS_EXAMPLES: ToolExamples = {
  en: [
    'what did you notify me about today?',
    'did the deck heads-up actually reach me?',
    'show past alerts you sent me',
    'which notifications failed to deliver?',
    'what pings went out since Monday?',
    'did you already tell me about the overdue stuff?',
    'which alerts did you send me yesterday?',
    'did my phone get the airport heads-up?',
    'show notifications that only got logged, not delivered',
    'what have you pinged me about this week?',
    'did any of the webhook pushes fail?',
    'last notifications you sent, newest first',
  ],
  he: [
    'על מה עדכנת אותי הבוקר?',
    'ההתראה על השרת הגיעה אליי בסוף?',
    'תראה לי את כל ההתראות מהשבוע',
    'משהו מההתראות נכשל בשליחה?',
    'אילו התראות שלחת לי אתמול?',
    'ההתראה על השדה הגיעה לטלפון?',
    'תראה לי התראות שלא נמסרו',
    'על מה הקפצת לי השבוע?',
  ],
};
