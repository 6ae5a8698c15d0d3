/**
 * How people ask for send_notification, in English and Hebrew, in their own words (colloquial, indirect, abbreviated,
 * with names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const SEND_NOTIFICATION_EXAMPLES: ToolExamples = {
  en: [
    'push me a heads-up: deck due tomorrow at 9',
    'pop up a desktop alert that the backup finished',
    'buzz my phone: call the bank',
    'send me an urgent notice that the board deck is due',
    'flash a message on my screen that Dana arrived',
    'alert me right now that the flight is delayed',
    'buzz me that the laundry is done',
    'pop up: leave now for the airport',
    'ping my phone that Tanaka signed',
    'put a desktop alert up: the export is finished',
    'notify me right now: take my meds',
    'flash on screen: standup in 5',
  ],
  he: [
    'תשלח לי נוטיפיקציה שצריך לצאת לאסוף את הילדים',
    'תקפיץ לי עכשיו התראה שהמשלוח הגיע',
    'תשלח לטלפון שלי התראה דחופה: השרת נפל',
    'תקפיץ על המסך שהדוח מוכן',
    'תקפיץ לי על המסך שצריך לצאת לשדה',
    'תשלח לי פינג שהלקוח חתם',
    'תקפיץ לי עכשיו הודעה לקחת כדורים',
    'תשלח התראה לטלפון שהכביסה מוכנה',
  ],
};
