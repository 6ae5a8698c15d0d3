/**
 * How people ask for list_documents, in English and Hebrew, in their own words (colloquial, indirect, abbreviated,
 * with names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const LIST_DOCUMENTS_EXAMPLES: ToolExamples = {
  en: [
    'what files do you have indexed?',
    'which PDFs did I load?',
    'show everything under Projects/',
    'how many docs are in the index?',
    'list what got added last week',
    'did the handbook make it in?',
    'is the apartment contract in your index?',
    'show me the word files you\'ve got',
    'what\'s been indexed from the Family folder?',
    'list docs by path, first 20',
    'which markdown notes are loaded?',
    'what\'s the id of the old pricing pdf',
  ],
  he: [
    'אילו קבצים יש לך?',
    'כמה PDFים העליתי עד עכשיו?',
    'מה יש בתיקיית Projects אצלך?',
    'הקובץ של הנהלים נכנס?',
    'מה יש לך מהתיקייה של המשכנתא?',
    'אילו קבצי וורד נכנסו?',
    'החוזה של הדירה כבר בפנים?',
    'תן לי את כל המסמכים שאינדקסת, לפי נתיב',
  ],
};
