import { describe, expect, it } from '@jest/globals';
import { handleKey, mentionsAnyName, substringSearchTerms } from './person-matching.js';

describe('person matching', () => {
  it('compares phone handles by their digits and other handles case-folded', () => {
    expect(handleKey('+1 (555) 123-4567')).toBe(handleKey('+15551234567'));
    expect(handleKey('Jane@Acme.com')).toBe(handleKey('jane@acme.com'));
    expect(handleKey('U123')).not.toBe(handleKey('U124'));
  });

  it('finds a name inside a sender name, ignoring case', () => {
    expect(mentionsAnyName('JANE SMITH (ACME)', ['jane smith'])).toBe(true);
    expect(mentionsAnyName(null, ['jane'])).toBe(false);
    expect(mentionsAnyName('Bob', ['jane', 'smith'])).toBe(false);
  });

  it('searches only the names no other name is part of', () => {
    expect(substringSearchTerms(['Jane Smith', 'jane', 'J. Smith'])).toEqual(['jane', 'J. Smith']);
    expect(substringSearchTerms(['Jane', 'JANE', 'jsmith'])).toEqual(['Jane', 'jsmith']);
    expect(substringSearchTerms(['Person1 Surname1', 'P1'])).toEqual(['Person1 Surname1', 'P1']);
  });
});
