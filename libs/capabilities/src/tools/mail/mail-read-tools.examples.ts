/**
 * How people ask for get_mail_messages, get_mail_message, search_mail, get_unread_count and list_mailboxes, in English
 * and Hebrew, in their own words (colloquial, indirect, abbreviated, with names, dates and typos as people write
 * them). Tool selection matches requests against them (libs/orchestration/README.md#adding-a-built-in-tool); none may
 * repeat a request of tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const GET_MAIL_MESSAGES_EXAMPLES: ToolExamples = {
  en: [
    'what\'s new in my inbox?',
    'any unread emails?',
    'show the last 10 messages',
    'what came in since Monday?',
    'check my work inbox',
    'anything in Sent from today?',
    'show me today\'s emails',
    'any new emails in the last hour?',
    'list the unread ones in my work account',
    'what came into Promotions since Friday',
    'last 20 messages in my personal mailbox',
    'did I get mail overnight?',
  ],
  he: [
    'מה חדש בתיבה?',
    'יש מיילים שלא קראתי?',
    'מה הגיע במייל הבוקר?',
    'תראה לי מה נכנס לתיבה של העבודה מאז יום שני',
    'תראה לי את המיילים של היום',
    'הגיע משהו מהשעה האחרונה?',
    'מה לא קראתי בחשבון האישי?',
    'מה נכנס לתיבה מאז שישי?',
  ],
  keywords: {
    weight: 85,
    en: ['latest emails', 'recent emails', 'new emails'],
    he: ['המיילים האחרונים'],
  },
};

export const GET_MAIL_MESSAGE_EXAMPLES: ToolExamples = {
  en: [
    'open Dana\'s note about the budget',
    'read me message 1042',
    'what does that last one from Orbit say?',
    'show the full text of what the landlord wrote',
    'what attachments came with the invoice?',
    'who else was cc\'d on Rachel\'s note?',
    'read the whole email from Miri',
    'what exactly did the school send this morning',
    'open the message about the lease renewal',
    'what\'s attached to Tanaka\'s last mail',
    'show me the rest of that one, it got cut off',
    'who was that email from the bank addressed to?',
  ],
  he: [
    'תפתח את המייל מהעירייה',
    'מה כתוב במייל האחרון מהבנק?',
    'תקריא לי את המייל מהגן של הילדים',
    'מה מצורף למייל מהרואה חשבון?',
    'תקרא לי את כל המייל מרונית',
    'מה בדיוק בית הספר שלח הבוקר?',
    'אילו קבצים מצורפים למייל של הלקוח מיפן?',
    'תפתח לי את ההודעה על חידוש החוזה',
  ],
};

export const SEARCH_MAIL_EXAMPLES: ToolExamples = {
  en: [
    'find where Alice sent the Acme invoice',
    'did the airline ever send my booking confirmation?',
    'anything from legal about the NDA since January?',
    'look for "quarterly review" in my inbox',
    'where\'s that thread with Greg about the lease?',
    'any Wolt receipts last month?',
    'find the email with the flight itinerary to Crete',
    'anything from Tanaka mentioning "price increase"?',
    'look up last year\'s tax emails from Miri',
    'emails about the kitchen quote between March and May',
    'where\'s the confirmation from the pediatrician',
    'search work account for "purchase order 8812"',
  ],
  he: [
    'תמצא את המייל מבזק עם החשבונית של אוקטובר',
    'איפה האישור הזמנה מבוקינג לאילת?',
    'תחפש את המייל שבו עו"ד לוי שלח את ההסכם',
    'איפה השרשור עם הקבלן על הצעת המחיר?',
    'תחפש מיילים מרונית על הדוח השנתי',
    'תמצא את אישור הטיסה לכרתים',
    'איפה המייל מהגננת על המסיבה?',
    'יש משהו על "הזמנת רכש" מחודש מרץ?',
  ],
};

export const GET_UNREAD_COUNT_EXAMPLES: ToolExamples = {
  en: [
    'how bad is my inbox right now?',
    'number of unopened emails in Work?',
    'am I at inbox zero?',
    'how many haven\'t I opened yet?',
    'unread count in the inbox?',
    'how many emails am I behind on?',
    'how many unopened are sitting in the work account',
    'is my personal inbox clear?',
    'how many new mails in Promotions',
    'what\'s the number of new mails today',
    'how much unread stuff is piling up?',
  ],
  he: [
    'כמה לא קראתי בתיבה של העבודה?',
    'כמה מיילים חדשים מחכים לי בג\'ימייל?',
    'כמה הודעות מחכות לי במייל?',
    'כמה לא נקראים יש עכשיו? עלה או ירד?',
    'כמה מיילים לא פתוחים יש בתיקיית הקבלות?',
    'כמה הודעות לא קראתי בג\'ימייל?',
    'אני מאחור הרבה במיילים? כמה?',
  ],
  keywords: {
    weight: 90,
    en: ['how many', 'unread count'],
    he: ['כמה'],
  },
};

export const LIST_MAILBOXES_EXAMPLES: ToolExamples = {
  en: [
    'what folders do I have in my email?',
    'show mailboxes for my work account',
    'is there an Archive folder?',
    'how many emails in each folder?',
    'which folders have unread stuff?',
    'what\'s my gmail folder structure?',
    'list my email folders',
    'what folders are in my personal account',
    'do I have a Receipts folder somewhere?',
    'which folder has the most unread?',
    'how are my mail folders organized',
    'what\'s the name of the spam folder on the work account',
  ],
  he: [
    'אילו תיקיות יש לי במייל?',
    'יש לי תיקייה של קבלות?',
    'תפרט לי את התיקיות עם כמה מיילים בכל אחת',
    'תראה לי את התיקיות של החשבון של העבודה',
    'תן לי את רשימת התיקיות במייל',
    'באיזו תיקייה יש הכי הרבה שלא נקראו?',
    'איך נקראת תיקיית הספאם בחשבון של העבודה?',
    'יש לי תיקיית חשבוניות?',
  ],
};
