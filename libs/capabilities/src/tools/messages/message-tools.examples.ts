/**
 * How people ask for get_messages and search_messages, in English and Hebrew, in their own words (colloquial,
 * indirect, abbreviated, with names, dates and typos as people write them). Tool selection matches requests against
 * them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const GET_MESSAGES_EXAMPLES: ToolExamples = {
  en: [
    'any new texts?',
    'what did Mom send me on WhatsApp today?',
    'show texts from +1 555 123 0001',
    'what\'s been said in the family group since yesterday?',
    'did anyone message me?',
    'any new SMS today?',
    'what did my husband text me this afternoon?',
    'latest WhatsApps from the class parents group',
    'has Noam texted in the last hour?',
    'show messages I got since 6 this morning',
    'show the SMS texts from today',
    'any texts from the nanny?',
  ],
  he: [
    'מישהו שלח לי הודעה?',
    'מה סבתא שלחה לי בווטסאפ?',
    'מה כתבו בקבוצה של המילואים מאתמול?',
    'הודעות אחרונות מדני?',
    'מה בעלי כתב לי אחר הצהריים?',
    'מה חדש בקבוצת ההורים של הכיתה?',
    'יש הודעות מהבייביסיטר?',
    'תראה לי את ההודעות שקיבלתי מהבוקר',
  ],
};

export const SEARCH_MESSAGES_EXAMPLES: ToolExamples = {
  en: [
    'who mentioned dinner on Sunday?',
    'find the text where Dan sent the address',
    'what did Noa say about the keys on WhatsApp?',
    'look through my chats for the parking code',
    'when did someone text me the wifi password?',
    'anything in texts about the flight this week?',
    'who texted about the school trip money?',
    'find the WhatsApp with the gate code for the venue',
    'what did Lena say about Tuesday pickup?',
    'search my chats for the plumber\'s price',
    'was there a message mentioning the Crete villa?',
    'did anyone send the zoom link in chat this week',
  ],
  he: [
    'מי כתב לי על המנגל ביום העצמאות?',
    'תמצא את ההודעה שבה עידו שלח את המיקום',
    'מה אמרה שירן על הבייביסיטר?',
    'תחפש בהודעות את מספר ההזמנה של המסעדה',
    'מי כתב בקבוצה על הכסף לטיול?',
    'תמצא את ההודעה עם הקוד של השער',
    'מה לנה כתבה על האיסוף ביום שלישי?',
    'תחפש בצ\'אטים את המחיר שהאינסטלטור אמר',
  ],
};
