/**
 * How people ask for create_calendar_event, update_calendar_event and delete_calendar_event, in English and Hebrew, in
 * their own words (colloquial, indirect, abbreviated, with names, dates and typos as people write them). Tool
 * selection matches requests against them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a
 * request of tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const CREATE_CALENDAR_EVENT_EXAMPLES: ToolExamples = {
  en: [
    'put a 1:1 with Maya Tuesday 3pm',
    'book dentist on the 14th at 10',
    'block Friday afternoon for the quarterly review',
    'add lunch with Amir tmrw 12:30 at Cafe Nona',
    'set up a team sync every Monday at 9',
    'Mom\'s birthday dinner on May 3, all day',
    'pencil in a call with Tanaka next Wed 10-11',
    'kids\' dentist Monday 4:30, remind me 1h before',
    'add Passover seder at my parents April 12, all day',
    'schedule gym every Tue and Thu 7am',
    'vacation in Crete Aug 3 through 10',
    'team offsite on the 15th 9 to 5 at the Hilton',
  ],
  he: [
    'תקבע לי פגישה עם ליאת ביום רביעי באחת',
    'תכניס ליומן אסיפת הורים ב-12 בשבע בערב',
    'תחסום לי את שישי בבוקר',
    'יום כיף של הצוות ב-20 לחודש, כל היום',
    'תרשום ביומן חיסון לילדים ביום שני בארבע וחצי',
    'תוסיף ארוחת שישי אצל ההורים ב-19:00',
    'חופשה בכרתים מה-3 עד ה-10 באוגוסט',
    'כל יום שלישי בשבע בבוקר חדר כושר',
  ],
};

export const UPDATE_CALENDAR_EVENT_EXAMPLES: ToolExamples = {
  en: [
    'move my 1:1 with Maya to 4pm',
    'push the dentist to next week',
    'change the lunch location to Cafe Xoho',
    'add Omer to the Thursday sync',
    'the board meeting runs until 6 now',
    'make standup 15 min instead of 30',
    'shift the Tanaka call to 2pm',
    'rename the Thursday meeting to Budget review',
    'the offsite is at the Dan hotel now not Hilton',
    'stop the gym thing from repeating after June',
    'extend lunch with Amir by 30 min',
    'make the dentist appt at 5 instead',
  ],
  he: [
    'תזיז את הפגישה עם ליאת לארבע',
    'תדחה את אסיפת ההורים בשעה',
    'תוסיף את עומר לישיבה של חמישי',
    'תשנה את המיקום של הארוחה לקפה ג\'ו',
    'תעביר את השיחה עם הלקוח מיפן לשתיים',
    'תאריך את הפגישה של חמישי בחצי שעה',
    'תשנה את השם של הישיבה לסקירת תקציב',
    'הארוחה אצל ההורים זזה לשמונה',
  ],
};

export const DELETE_CALENDAR_EVENT_EXAMPLES: ToolExamples = {
  en: [
    'cancel my dentist appt',
    'drop lunch with Amir tomorrow',
    'kill just this Monday\'s standup',
    'remove the weekly sync series entirely',
    'I\'m not going to the offsite, take it off my calendar',
    'clear the 3pm tomorrow',
    'the Tanaka call got cancelled, remove it',
    'I\'m skipping gym this Thursday only',
    'scrap the whole Crete trip from my calendar',
    'take off the budget review, it\'s not happening',
    'delete tomorrow\'s 10am',
    'the parent-teacher thing was moved online, remove the in-person slot',
  ],
  he: [
    'תבטל את התור לרופא',
    'תמחק מהיומן את הארוחה עם אמיר',
    'תבטל רק את הסטנדאפ של יום שני הזה',
    'תוריד את כל הסדרה של הפגישה השבועית',
    'תמחק את השיחה עם הלקוח מיפן, בוטלה',
    'השבוע אני לא הולך לחדר כושר בחמישי, תוריד רק את זה',
    'תבטל את כל הסדרה של השיעור פרטי',
    'תוריד מהיומן את הארוחה של מחר',
  ],
};
