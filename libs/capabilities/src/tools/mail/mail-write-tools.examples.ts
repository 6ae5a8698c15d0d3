/**
 * How people ask for send_email, reply_to_email, mark_mail_read, mark_mail_flagged and move_mail_message, in English
 * and Hebrew, in their own words (colloquial, indirect, abbreviated, with names, dates and typos as people write
 * them). Tool selection matches requests against them (libs/orchestration/README.md#adding-a-built-in-tool); none may
 * repeat a request of tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const SEND_EMAIL_EXAMPLES: ToolExamples = {
  en: [
    'email Maya the agenda for Tuesday',
    'write to finance@orbit.io asking for the invoice',
    'drop the landlord a line about the leak',
    'let the whole team know in writing the office is closed Friday',
    'can you send Ronen the contract draft?',
    'draft a note to dan@brightline.io that the deck is ready',
    'write to the school that Noam will be absent Thursday',
    'shoot Tanaka an email with the updated quote',
    'can you mail Miri the bank statements',
    'let my landlord know by mail the rent is transferred',
    'compose a note to hr@acme.com about my leave dates',
    'tell the vendor in writing we\'re canceling the order',
  ],
  he: [
    'תשלח מייל לרואה החשבון שאני צריך את האישורים',
    'תכתוב לוועד הבית במייל שהמעלית תקועה',
    'שלח לכל הצוות מייל שמחר עובדים מהבית',
    'תשלח במייל לעידו את הצעת המחיר המעודכנת',
    'תכתוב למורה במייל שנועם לא מגיע ביום חמישי',
    'תשלח ללקוח מיפן את ההצעה המעודכנת במייל',
    'תודיע במייל לבעל הבית שהעברתי שכר דירה',
    'תכתוב מייל לספק שאנחנו מבטלים את ההזמנה',
  ],
};

export const REPLY_TO_EMAIL_EXAMPLES: ToolExamples = {
  en: [
    'reply to Dana: confirmed for Thursday',
    'answer the landlord, plumber comes Monday',
    'on the Orbit thread tell everyone thanks, we\'ll review',
    'respond to that last one with sounds good',
    'write back to Greg that I\'m in',
    'get back to Rachel, say I need more time',
    'answer Miri, thanks, documents attached soon',
    'tell the teacher back that Thursday works',
    'reply-all on the budget thread: approved',
    'respond to Tanaka\'s last email, we accept the terms',
    'write back to the bank asking for a callback',
    'tell the plumber yes in that thread',
  ],
  he: [
    'תענה לרואה החשבון שאני מאשר',
    'תחזיר תשובה לוועד שאני מסכים לתשלום',
    'תענה לכולם בשרשור של ההשקה שאני בפנים',
    'תגיב למייל של המורה שנגיע לאסיפה',
    'תענה לרונית שאני שולח מחר',
    'תחזיר למורה שחמישי מתאים',
    'תענה לכולם בשרשור של התקציב: מאושר',
    'תגיב לבנק שאני רוצה שיחזרו אליי',
  ],
};

export const MARK_MAIL_READ_EXAMPLES: ToolExamples = {
  en: [
    'the Orbit one is read, clear it',
    'I\'ve seen the newsletter already',
    'mark that one unread so I come back to it',
    'set 1042 to seen',
    'I already went through the landlord\'s note',
    'make the bank one bold again, haven\'t dealt with it',
    'I read the school newsletter, clear the bold',
    'Tanaka\'s email is handled, mark as seen',
    'set the bank message back to new, I need to deal with it',
    'those promo ones, consider them seen',
    'flip Miri\'s email to unread so I remember it',
    'finished going over the lease one, clear it',
  ],
  he: [
    'תסמן את המייל מהעירייה כנקרא',
    'ראיתי כבר את העדכון מהגן, תסמן',
    'תחזיר את המייל של הביטוח ללא נקרא',
    'תסמן כלא נקרא, אני רוצה לחזור אליו',
    'סמן את המייל של בית הספר שקראתי',
    'את המייל מהלקוח מיפן כבר ראיתי',
    'תחזיר את המייל מרונית למצב לא נקרא',
    'קראתי את הניוזלטר, תסמן',
  ],
};

export const MARK_MAIL_FLAGGED_EXAMPLES: ToolExamples = {
  en: [
    'flag the email from legal',
    'star Dana\'s budget email',
    'the invoice one is important, highlight it',
    'unflag the old newsletter',
    'put a flag on the landlord\'s message so I don\'t lose it',
    'remove the star from 1042',
    'star the Tanaka contract email, I need it later',
    'put a flag on the school trip form mail',
    'this one from Miri matters, flag it',
    'take the star off the plumber email, sorted',
    'mark the bank message as important please',
    'the lease one doesn\'t need a flag anymore',
  ],
  he: [
    'תסמן בדגל את המייל מהעורך דין',
    'תשים כוכב על המייל של הבוס',
    'תוריד את הדגל מהמייל הישן',
    'תסמן את המייל מהבנק כחשוב',
    'תשים דגל על המייל עם החוזה של הלקוח',
    'תסמן בכוכב את המייל על הטיול',
    'תוריד את הכוכב מהמייל של השרברב',
    'המייל של רונית חשוב, תדגל אותו',
  ],
};

export const MOVE_MAIL_MESSAGE_EXAMPLES: ToolExamples = {
  en: [
    'archive the Orbit thread',
    'put the receipt in the Finance folder',
    'stick 1042 in Archive',
    'file the landlord\'s note under Home',
    'dump that newsletter into Junk',
    'move Dana\'s email over to my personal account',
    'file Tanaka\'s email under Clients',
    'send the promo stuff to Junk',
    'put the school newsletter into the Kids folder',
    'shift Miri\'s tax mail to my personal account\'s Taxes folder',
    'archive the lease email, it\'s signed',
    'the bank statement goes to Finance',
  ],
  he: [
    'תעביר את הקבלות מאיקאה לתיקיית הוצאות',
    'תזרוק את הפרסומת של שופרסל לספאם',
    'תתייק את המייל מהגן בתיקייה של הילדים',
    'תעביר את המייל של הלקוח לתיקיית לקוחות',
    'תזרוק את הפרסומות לזבל',
    'תשים את המייל מבית הספר בתיקייה של הילדים',
    'תתייק את הדוח מהבנק בתיקיית כספים',
  ],
};
