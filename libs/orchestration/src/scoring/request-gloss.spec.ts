import { describe, expect, it } from '@jest/globals';
import { englishGlossOf, isMostlyHebrew } from './request-gloss.js';

describe('English gloss of a Hebrew request', () => {
  it('replaces the Hebrew words the lexicon knows by their English words and keeps Latin words', () => {
    const gloss = englishGlossOf('תמחק את הקובץ report.pdf מהתיקייה');
    expect(gloss).toMatch(/delete/);
    expect(gloss).toMatch(/file/);
    expect(gloss).toMatch(/report/);
  });

  it('gives no gloss for English text, nor for Hebrew the lexicon knows no word of', () => {
    expect(englishGlossOf('delete the file')).toBeUndefined();
    expect(englishGlossOf('שקשוקה חריפה')).toBeUndefined();
  });

  it('calls text mostly Hebrew by its letters', () => {
    expect(isMostlyHebrew('מה יש ביומן של Dana')).toBe(true);
    expect(isMostlyHebrew('what is in the יומן')).toBe(false);
  });
});
