/**
 * How people ask for list_people, search_identity, link_identity and unlink_identity, in English and Hebrew, in their
 * own words (colloquial, indirect, abbreviated, with names, dates and typos as people write them). Tool selection
 * matches requests against them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of
 * tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const LIST_PEOPLE_EXAMPLES: ToolExamples = {
  en: [
    'who do you have contact details for?',
    'list everyone you know handles for',
    'show me all the people in my address book',
    'which people have linked accounts?',
    'go through all my contacts one by one',
    'everyone whose details mention acme.io',
  ],
  he: [
    'תראה לי את כל האנשים שיש לך פרטים שלהם',
    'מי נמצא אצלך באנשי הקשר?',
  ],
};

export const SEARCH_IDENTITY_EXAMPLES: ToolExamples = {
  en: [
    'what\'s Noa\'s email?',
    'who is @dkaplan on Slack?',
    'whose number is +972 54 555 1234?',
    'find Amir\'s GitHub handle',
    'do I have a phone number for Shira from legal?',
    'jlevy@acme.io - which person is that?',
    'what\'s the slack handle for Miri in finance?',
    'how do I reach Gal on WhatsApp, what\'s his number',
    'which email does the Tanaka guy use',
    'is this github account jdoe42 one of our people?',
    'do we have Orit\'s phone anywhere?',
    'lookup: who owns dana.k@orbit.io',
  ],
  he: [
    'מה המייל של יובל?',
    'של מי המספר 052-7771234?',
    'יש לך טלפון של מורן מהנהלת חשבונות?',
    'מי זה mkatz בסלאק?',
    'איך אני משיג את הגננת? יש לך טלפון?',
    'של מי המייל avi.s@walla.co.il?',
    'מה הנייד של רואה החשבון?',
    'יש לך את המשתמש בסלאק של עדי מהשיווק?',
  ],
};

export const LINK_IDENTITY_EXAMPLES: ToolExamples = {
  en: [
    'Noa\'s work email is noa.levi@brightline.io',
    'Dan\'s new number is 054-333-2211, save it under him',
    'U024BE7LH on Slack is Maya Cohen',
    'connect github user ronen-dev to Ronen Shapiro',
    'add tal@studio9.co as another email for Tal',
    'the +1 415 number that keeps texting me is my landlord Greg Hale',
    'Miri\'s slack is U07FZ21KQ, tie it to her',
    'the kids\' babysitter Lena texts from 052-881-2210',
    'attach jdoe42 on github to John Doe',
    'my accountant\'s office email is office@katzcpa.co.il, that\'s Miri Katz',
    'Orit got a new whatsapp number +972 50 444 1122',
    'save that email as belonging to Dr. Adler',
  ],
  he: [
    'המייל של אורית הוא orit@galil.co.il',
    'תקשר את המספר 050-1234567 לאבא שלי',
    'השם משתמש של רועי בגיטהאב הוא roeyb',
    'לשירה יש מייל חדש, shira.b@gmail.com, תצמיד אותו אליה',
    'המספר של הבייביסיטר החדשה 054-9012345, תשייך אותה',
    'תוסיף לאבי את הסלאק שלו U01ABCD',
    'המייל הזה של הספק שלנו, yossi@pakko.co.il, זה יוסי מפקו',
    'לאחי יש מספר חדש, 053-2223344, תעדכן אצלו',
  ],
  keywords: {
    weight: 90,
    en: ['link', 'is the same person as', 'belongs to'],
    he: ['תקשר', 'שייך ל*'],
  },
};

export const UNLINK_IDENTITY_EXAMPLES: ToolExamples = {
  en: [
    'that number isn\'t Dan\'s anymore, take it off him',
    'disconnect slack id U024BE7LH from Maya',
    'jlevy@acme.io is the wrong guy, unlink it from Jonathan',
    'Omer changed phones, drop his old 052 number',
    'remove Tal\'s old gmail from her contact',
    'that GitHub account doesn\'t belong to Ronen',
    'Lena\'s old number got recycled, detach it',
    'this email isn\'t Miri\'s, someone else has it',
    'untie U07FZ21KQ from Miri Katz',
    'jdoe42 is not John, remove that link',
    'the office@ address belongs to the firm not a person, unlink it',
    'Gal closed his old slack account, take that handle off',
  ],
  he: [
    'המספר הזה כבר לא של דני, תנתק אותו ממנו',
    'תנתק את המייל הישן של אורית',
    'טעיתי, הסלאק הזה לא של מאיה',
    'הג\'ימייל הזה שייך לשחר אחר, תוריד את החיבור',
    'המספר הישן של הבייביסיטר כבר לא שלה',
    'תוריד מאבי את המייל של וואלה, זה לא הוא',
    'הגיטהאב הזה לא של רועי, טעות שלי',
    'תנתק את הוואטסאפ הישן של אחי',
  ],
};
