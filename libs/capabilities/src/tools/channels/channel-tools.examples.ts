/**
 * How people ask for list_inbound_events and get_event_summary, in English and Hebrew, in their own words (colloquial,
 * indirect, abbreviated, with names, dates and typos as people write them). Tool selection matches requests against
 * them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const LIST_INBOUND_EVENTS_EXAMPLES: ToolExamples = {
  en: [
    'what came in today across everything?',
    'show me everything that arrived since 9am',
    'who\'s been reaching out?',
    'all incoming mail, texts and hooks since yesterday',
    'what landed while I was in the meeting?',
    'latest incoming on chat only',
    'what\'s come in from everyone since lunch?',
    'show a combined feed of emails, texts and webhooks',
    'who\'s contacted me in the last 2 hours',
    'anything new on any channel since I woke up?',
    'latest incoming across mail and WhatsApp',
    'what arrived overnight, all sources',
  ],
  he: [
    'מה נכנס היום מכל הערוצים?',
    'מה הגיע בזמן שהייתי בפגישה?',
    'מי פנה אליי מאז הבוקר?',
    'תראה לי את כל מה שנכנס, מיילים והודעות',
    'מה נכנס מאז הצהריים בכל הערוצים?',
    'מי יצר איתי קשר בשעתיים האחרונות?',
    'תן לי פיד אחד של מיילים והודעות',
    'מה הגיע בלילה מכל המקורות?',
  ],
};

export const GET_EVENT_SUMMARY_EXAMPLES: ToolExamples = {
  en: [
    'how busy was it in the last 24 hours?',
    'how many emails and messages did I get today?',
    'who sent me the most stuff this week?',
    'quick count of everything incoming since this morning',
    'inbound volume last 48h?',
    'give me the numbers on what came in overnight',
    'how many things came in since yesterday, in numbers',
    'stats on incoming: mail vs texts vs hooks, last 12h',
    'who\'s been flooding me today?',
    'total incoming this week?',
    'count what arrived while I was on the flight',
    'how noisy was the weekend, in totals',
  ],
  he: [
    'כמה מיילים והודעות קיבלתי היום?',
    'מי שלח לי הכי הרבה ביממה האחרונה?',
    'תן לי מספרים על מה שנכנס בלילה',
    'כמה דברים הגיעו בשעות האחרונות?',
    'כמה נכנס מאתמול? רק מספרים',
    'מי הציף אותי היום?',
    'כמה מיילים מול הודעות קיבלתי בסופ"ש?',
    'תספור מה הגיע בזמן שהייתי בטיסה',
  ],
};
