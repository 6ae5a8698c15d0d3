import { describe, expect, it } from '@jest/globals';
import { hebrewVariants } from './hebrew-prefixes.js';
import { lexicalText, queryTermGroups, searchTerms } from './search-terms.js';

describe('searchTerms', () => {
  it('stems English words, drops function words and folds case and accents', () => {
    expect(searchTerms('The Meetings about Budgets at the Café')).toEqual(['meet', 'budget', 'cafe']);
  });

  it('drops contractions typed without the apostrophe, as their words would be dropped', () => {
    expect(searchTerms("whats 15% of 840, dont ask why it's late")).toEqual(['15', '840', 'ask', 'late']);
  });

  it('keeps numbers and codes as they are', () => {
    expect(searchTerms('Invoice INV-2291 for Q3 2026')).toEqual(['invoic', 'inv', '2291', 'q3', '2026']);
  });

  it('indexes a Hebrew word under its forms without one-letter prefixes, with final letters normalised', () => {
    expect(hebrewVariants('והפגישה')).toEqual(['והפגישה', 'הפגישה', 'פגישה', 'פגיש']);
    expect(hebrewVariants('פגישות')).toContain('פגיש');
    expect(hebrewVariants('בחוזים')).toEqual(['בחוזימ', 'חוזימ', 'חוז']);
    // Too short to carry a prefix: the word stays whole.
    expect(hebrewVariants('בית')).toEqual(['בית']);
    // ה (the) is the last prefix and ו (and) the first: "המשוואה" (the equation) is not ה+מ+"שוואה", which would meet
    // "השוואה" (comparison).
    expect(hebrewVariants('המשוואה')).toEqual(['המשוואה', 'משוואה', 'משווא']);
    expect(hebrewVariants('בוהלכה')).toEqual(['בוהלכה', 'והלכה', 'והלכ']);
  });

  it('lets a prefixed query word meet the document word on their common form', () => {
    const document = new Set(searchTerms('סיכום הפגישה עם הספק'));
    const [, group] = queryTermGroups('בפגישה');
    expect(group).toBeUndefined();
    const [first] = queryTermGroups('בפגישה');
    expect(first?.some((term) => document.has(term))).toBe(true);
  });

  it('drops Hebrew vowel points', () => {
    expect(lexicalText('שָׁלוֹם')).toBe(lexicalText('שלום'));
  });

  it('gives no groups for a query of function words only', () => {
    expect(queryTermGroups('what is the')).toEqual([]);
  });
});
