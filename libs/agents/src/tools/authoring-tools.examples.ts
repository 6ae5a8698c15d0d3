/**
 * How people ask for create_agent, update_agent and delete_agent, in English and Hebrew, in their own words
 * (colloquial, indirect, abbreviated, with names, dates and typos as people write them). Tool selection matches
 * requests against them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of
 * tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const CREATE_AGENT_EXAMPLES: ToolExamples = {
  en: [
    'make me something that tracks vendor contracts and renewals',
    'I want a specialist for travel planning',
    'build a bot that drafts my weekly update',
    'new agent: reads mail and flags invoices',
    'set up a helper just for recruiting emails',
    'create an agent named expense_tracker',
    'I need a bot that tracks the kids\' school emails and deadlines',
    'design something to watch supplier prices for my shop',
    'build a customer-support helper for our Zendesk tickets',
    'create a specialist that preps my tax docs each year',
    'new one called grant_writer for funding applications',
    'make an assistant that keeps tabs on home maintenance',
  ],
  he: [
    'תבנה לי סוכן שעוקב אחרי מכרזים',
    'אני רוצה סוכן שמתכנן לי חופשות משפחתיות',
    'תיצור סוכן חדש שמכין דוח שבועי להנהלה',
    'צריך סוכן שיטפל בפניות של מועמדים',
    'תבנה לי בוט שעוקב אחרי המיילים מבית הספר',
    'צריך עוזר שיבדוק מחירים אצל הספקים של החנות',
    'תקים סוכן בשם grant_writer לבקשות מענקים',
    'אני רוצה עוזר חדש לתחזוקת הבית',
  ],
};

export const UPDATE_AGENT_EXAMPLES: ToolExamples = {
  en: [
    'lower weekly_planner\'s temperature to 0.2',
    'give the researcher access to my calendar',
    'change meeting_prep\'s prompt to be more concise',
    'swap the writer to a different model',
    'tweak the built-in summarizer to skip newsletters',
    'edit the travel planner\'s description',
    'let the finance bot read my mail too',
    'make support_bot friendlier in its instructions',
    'drop calendar access from the travel planner',
    'the school bot should run on the cheaper model',
    'override the built-in inbox agent with my own prompt',
    'raise the researcher\'s max rounds to 10',
  ],
  he: [
    'תוריד לפלאנר את הטמפרטורה ל-0.2',
    'תן לחוקר גישה גם למיילים',
    'תשנה את הפרומפט של meeting_prep שיהיה יותר קצר',
    'תעדכן את הסוכן של המכרזים שיעבוד עם מודל אחר',
    'תוריד לסוכן הנסיעות את הגישה ליומן',
    'שהבוט של התמיכה יהיה יותר ידידותי בהוראות',
    'תעביר את הסוכן של בית הספר למודל הזול',
    'תן לבוט הכספים גם הרשאה לקרוא מיילים',
  ],
};

export const DELETE_AGENT_EXAMPLES: ToolExamples = {
  en: [
    'delete the vendor_contracts agent',
    'get rid of my travel planner bot',
    'remove my override of meeting_prep, go back to the original',
    'I don\'t use expense_tracker anymore, remove it',
    'trash the recruiting helper',
    'restore the default summarizer, drop my copy',
    'remove grant_writer, the funding round is over',
    'I want the stock meeting_prep back, delete my version',
    'get rid of the home maintenance bot',
    'toss the school email helper, not using it',
    'delete support_bot, we moved to a vendor',
    'my custom writer is worse than the original, drop it',
  ],
  he: [
    'תמחק את הסוכן של המכרזים',
    'תוריד את הסוכן של החופשות, לא משתמש בו',
    'תחזיר את meeting_prep למקור, תמחק את השינויים שלי',
    'תעיף את הסוכן של המועמדים',
    'תמחק את הבוט של המענקים',
    'תחזיר את הסוכן המקורי ותוריד את הגרסה שלי',
    'תעיף את העוזר של תחזוקת הבית',
    'הבוט של התמיכה מיותר עכשיו, תמחק אותו',
  ],
};
