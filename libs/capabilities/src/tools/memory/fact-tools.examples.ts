/**
 * How people ask for store_memory, store_fact, delete_fact and list_facts, in English and Hebrew, in their own words
 * (colloquial, indirect, abbreviated, with names, dates and typos as people write them). Tool selection matches
 * requests against them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of
 * tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const STORE_MEMORY_EXAMPLES: ToolExamples = {
  en: [
    'Noa moved to the design team last week',
    'I\'m vegetarian, keep that in mind when booking dinners',
    'fyi Amir\'s birthday is June 12',
    'I prefer morning meetings, but never before 8:30',
    'note for later: the Kessler deal closes end of Q2',
    'remember that my gym is closed on Fridays',
    'my son Eitan is allergic to penicillin, please remember',
    'heads up, the new accountant is Miri from Katz & Co',
    'I always fly aisle seat, never window',
    'for the record our company fiscal year starts in April',
    'btw Gal\'s wife is named Tamar and they have twins',
    'the code for the storage unit is 4471 keep it',
  ],
  he: [
    'תזכור שאני לא שותה קפה אחרי ארבע',
    'ליאת עברה לצוות של המוצר',
    'היומולדת של אמא שלי ב-3 במרץ, שיהיה לך',
    'אני שונא פגישות בימי ראשון בבוקר, קח בחשבון',
    'שים לב, הגננת של יובל קוראים לה אורנה',
    'אני תמיד מזמין את החדר הכי שקט במלון, תזכור',
    'הלקוח מאינטל מעדיף שיחות בזום ולא בטלפון',
    'רק שתדע, הטיפול של הכלב אצל הווטרינר כל חצי שנה',
  ],
};

export const STORE_FACT_EXAMPLES: ToolExamples = {
  en: [
    'my manager is Tal Ben-Ami now, not Yossi anymore',
    'keep in mind Rachel handles all the vendor invoices',
    'I take my coffee black, no sugar',
    'my sister Lior lives in Haifa now',
    'store this fact: our standup is at 9:45 now',
    'just so you know, the Q3 budget cap is 40k',
    'fact: our office lease ends on Dec 31',
    'my wife\'s shoe size is 38 if it ever comes up',
    'keep this, the kids\' pediatrician is Dr. Adler',
    'our main supplier for packaging is now Pakko Ltd',
    'I switched banks, I\'m with Leumi now',
    'note down that Mira is the one who approves travel budgets',
  ],
  he: [
    'רק שתדע, אני אלרגי לבוטנים',
    'המנהלת החדשה שלי היא מיכל כהן',
    'תרשום לך שהפגישות עם הלקוח מגרמניה תמיד באנגלית',
    'הבן שלי התחיל כיתה א\' השנה בבית ספר אלונים',
    'תרשום לך שהמנוי לחדר כושר שלי מתחדש בינואר',
    'הספק החדש של החומרי ניקיון זה ש.ב שיווק',
    'תשמור שהבת שלי בכיתה ג\' אצל המורה רותם',
    'אני עכשיו עובד בהיברידי, שני ורביעי מהבית',
  ],
};

export const DELETE_FACT_EXAMPLES: ToolExamples = {
  en: [
    'forget what I told you about my gym schedule',
    'I\'m not vegan anymore btw',
    'Yossi isn\'t my manager anymore, scrap that',
    'erase what you have on my old address on Herzl St',
    'that thing about standup at 9:30 is outdated, get rid of it',
    'delete the fact about my favorite restaurant',
    'Miri isn\'t our accountant anymore, we switched',
    'you can drop the note about my knee injury, healed',
    'that stuff about Gal working at Intel is wrong, remove it',
    'I moved out of the Haifa apt, lose that',
    'no longer true that I\'m on a keto diet',
    'pls forget the storage unit code',
  ],
  he: [
    'תשכח את מה שאמרתי על הדיאטה',
    'זה כבר לא נכון שאני עובד מהבית בשלישי, תמחק',
    'נפרדתי מגיל, תוריד את זה מהזיכרון',
    'הקטע על החדר כושר כבר לא רלוונטי, תשכח ממנו',
    'תמחק את מה שרשמת על הבנק, עברתי',
    'אני כבר לא אחראי על התקציב של השיווק, תוריד את זה',
    'המידע על הספק של הקפה לא נכון יותר',
    'תשכח מהמספר של הלוקר, החזרתי אותו',
  ],
};

export const LIST_FACTS_EXAMPLES: ToolExamples = {
  en: [
    'show me everything you\'ve got stored about me',
    'what\'s in the relationship category?',
    'which things did I pin as permanent?',
    'dump all the work-related stuff you remember, in order',
    'give me the full rundown of preferences you have saved',
    'audit everything under keys starting with noa_',
    'list everything you\'ve saved under health',
    'what\'ve you got filed under family, alphabetically',
    'show me all stored keys starting with client_',
    'I want to review my memory entries, all of them',
    'which of my saved facts are pinned?',
    'go through the work category one by one',
  ],
  he: [
    'תראה לי את כל מה ששמור אצלך עליי',
    'מה יש לך בקטגוריה של עבודה?',
    'תעבור איתי על כל מה שרשמת על המשפחה, לפי הסדר',
    'תראה לי רק את הדברים שנעצתי',
    'תן לי רשימה של כל מה ששמור בקטגוריה של בריאות',
    'מה רשמת עליי עד עכשיו? תפרוס הכל',
    'תראה לי את כל העובדות על לקוחות לפי הסדר',
    'אני רוצה לעבור על מה ששמור אצלך, רק העדפות',
  ],
  keywords: {
    weight: 88,
    en: ['everything i saved', 'all my facts', 'all the facts'],
    he: ['כל מה ששמרתי'],
  },
};
