/**
 * How people ask for ingest_documents, in English and Hebrew, in their own words (colloquial, indirect, abbreviated,
 * with names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const INGEST_DOCUMENTS_EXAMPLES: ToolExamples = {
  en: [
    'index the new handbook PDF',
    'I dropped some files into Notes/2026, pick them up',
    'load the Q3 reports folder',
    'read through the whole Projects directory so I can ask about it',
    'reindex my notes, I changed a bunch',
    'pull the kids\' school docs into search, they\'re in ~/Family/School',
    'I saved the apartment contract as pdf, add it',
    'scan ~/Work/Clients/Tanaka so I can query it later',
    'here\'s a new folder of meeting notes, include it',
    're-ingest the handbook, HR updated it',
    'make the product specs folder searchable',
  ],
  he: [
    'תוסיף את התיקייה של החוזים לחיפוש',
    'תטען את ה-PDF של הנהלים החדשים',
    'שמתי קבצים חדשים בתיקיית Notes, תקרא אותם',
    'תאנדקס מחדש את המסמכים, עדכנתי הרבה',
    'תכניס לאינדקס את התיקייה של המשכנתא',
    'שמרתי את החוזה של הדירה ב-PDF, תוסיף אותו',
    'תסרוק את התיקייה של הלקוחות כדי שאוכל לשאול עליה',
    'יש גרסה חדשה לתקנון, תטען שוב',
  ],
};
