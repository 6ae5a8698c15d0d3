/**
 * How people ask for search_documents, in English and Hebrew, in their own words (colloquial, indirect, abbreviated,
 * with names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const SEARCH_DOCUMENTS_EXAMPLES: ToolExamples = {
  en: [
    'what does the Orbit contract say about termination?',
    'find the part in my notes about the pricing tiers',
    'in the onboarding PDF, what\'s the vacation policy?',
    'where did I write down the server migration steps?',
    'look through my files for INV-2291',
    'what\'s the notice period in my lease?',
    'what\'s our refund policy per the terms doc?',
    'check my files: what did the architect say about the balcony?',
    'in the school handbook, when does winter break start',
    'what\'s the warranty period on the fridge, manual\'s in there',
    'find the clause about IP ownership in the freelancer agreement',
    'search my notes for "TX-4471"',
  ],
  he: [
    'מה כתוב בהסכם עם הספק על קנסות איחור?',
    'תחפש בקבצים שלי את מספר הפוליסה',
    'איפה כתבתי את השלבים להעברת השרת?',
    'מה אומר הנוהל על החזר הוצאות נסיעה?',
    'לפי התקנון של הוועד, מי משלם על תיקון הגג?',
    'מה כתוב בחוזה של הגננת על ימי חופש?',
    'תמצא בסיכומים שלי מה אמר השמאי',
    'איפה בקבצים מופיע הקוד של הפרויקט 7781?',
  ],
};
