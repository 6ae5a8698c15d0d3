/**
 * How people ask for delete_document, in English and Hebrew, in their own words (colloquial, indirect, abbreviated,
 * with names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const DELETE_DOCUMENT_EXAMPLES: ToolExamples = {
  en: [
    'remove the old handbook from the index',
    'stop searching drafts/old-plan.docx',
    'take doc 42 out of search',
    'that PDF of my old lease shouldn\'t be in there, pull it',
    'drop Notes/scratch.md from search results',
    'unindex the 2019 contracts file',
    'the old price list pdf is outdated, take it out of search',
    'pull Family/School/2024-calendar.pdf from the index',
    'I don\'t want my medical records searchable anymore, remove that file',
    'doc id 17 shouldn\'t be there',
    'un-index the draft contract, final one is in',
    'remove the duplicate handbook from results',
  ],
  he: [
    'תוריד את ה-PDF הישן מהאינדקס',
    'שלא יופיע יותר בחיפוש הקובץ של הטיוטה',
    'תמחק את מסמך 42 מהחיפוש',
    'הקובץ הזה לא היה צריך להיכנס, תוציא אותו',
    'תוציא מהחיפוש את המחירון הישן',
    'אני לא רוצה שהתיק הרפואי יופיע בחיפוש',
    'תסיר את מסמך 17 מהאינדקס',
    'הטיוטה של החוזה מיותרת, תוריד אותה מהאינדקס',
  ],
};
