/**
 * How people ask for store_location and list_locations, in English and Hebrew, in their own words (colloquial,
 * indirect, abbreviated, with names, dates and typos as people write them). Tool selection matches requests against
 * them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const STORE_LOCATION_EXAMPLES: ToolExamples = {
  en: [
    'save my office address: 14 Rothschild Blvd, Tel Aviv',
    'Home is 22 Elm Street, Apt 5',
    'the client site in Petah Tikva is Hamelacha 8, call it Acme HQ',
    'my parents\' place is 3 Oak Lane, Springfield',
    'the gym moved to Dizengoff 120, update it',
    'add a spot called Warehouse at 32.08, 34.78',
    'my daughter\'s school is at 9 Hadar St, Kfar Saba, save as School',
    'new dentist office: 55 Weizmann, Rehovot',
    'our warehouse in Ashdod is Harsit 4, add notes: gate code 2290',
    'label 32.0853,34.7818 as Grandma\'s',
    'we moved! home is now 18 Shaked St, Modiin',
    'the pediatrician clinic address changed to Herzl 101',
  ],
  he: [
    'הכתובת של המשרד החדש: מנחם בגין 132, תל אביב',
    'תשמור את הבית של ההורים שלי, הגפן 7 ברעננה',
    'המספרה שלי עברה לאבן גבירול 40, תעדכן',
    'תוסיף מקום בשם מחסן, בכתובת המסגר 12',
    'תשמור את הכתובת של הגן של נועה, הדקל 3 בהוד השרון',
    'הלקוח בחיפה נמצא בשדרות ההסתדרות 45, תקרא לזה מפעל צפון',
    'עברנו דירה, הבית עכשיו ברחוב האלה 9 במודיעין',
    'תעדכן את הכתובת של הקליניקה של הפיזיותרפיסט לז\'בוטינסקי 7',
  ],
};

export const LIST_LOCATIONS_EXAMPLES: ToolExamples = {
  en: [
    'what places do you have saved for me?',
    'show my saved addresses',
    'which spots do I have in Jerusalem?',
    'what address do you have down for the office?',
    'list all my locations',
    'anything saved near Herzliya?',
    'where\'s the pediatrician again, which address did I save?',
    'do I have the warehouse saved anywhere?',
    'all my saved places pls',
    'what\'s stored for Grandma\'s?',
    'any of my places on Weizmann street?',
    'what address did I give you for the kids\' school',
  ],
  he: [
    'אילו כתובות יש לך בשבילי?',
    'מה הכתובת ששמרת של הלקוח ברמת גן?',
    'תעבור על כל המקומות ששמרתי',
    'יש לי משהו שמור בבאר שבע?',
    'תן לי את כל המקומות השמורים',
    'איזו כתובת שמרת לגן של נועה?',
    'יש לך משהו ששמור ברחובות?',
    'מה הכתובת של המחסן באשדוד ששמרתי?',
  ],
};
