import { describe, expect, it } from '@jest/globals';
import { englishStem, formsOf, normalizeText, tokenize } from './normalize-text.js';

describe('text normalisation for scoring', () => {
  it('strips Hebrew points and folds final letters', () => {
    expect(normalizeText('שָׁלוֹם')).toBe('שלומ');
    expect(tokenize('פגישות ביומן!')).toEqual(['פגישות', 'ביומנ']);
  });

  it('removes one or two prefix letters while two letters remain, without mangling short words', () => {
    expect([...formsOf('והפגישה')]).toEqual(['והפגישה', 'הפגישה', 'פגישה']);
    expect([...formsOf('ביומן')]).toEqual(['ביומנ', 'יומנ']);
    expect([...formsOf('למייל')]).toEqual(expect.arrayContaining(['למייל', 'מייל']));
    expect([...formsOf('מה')]).toEqual(['מה']);
    expect([...formsOf('של')]).toEqual(['של']);
  });

  it('stems English plurals and verb forms lightly', () => {
    expect(englishStem('meetings')).toBe('meeting');
    expect(englishStem('reminders')).toBe('reminder');
    expect(englishStem('emails')).toBe('email');
    expect([...formsOf('scheduled')]).toContain('schedule');
    expect(englishStem('is')).toBe('is');
    expect(englishStem('news')).toBe('news');
    expect(englishStem('address')).toBe('address');
  });
});
