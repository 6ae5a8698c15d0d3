import { describe, expect, it } from '@jest/globals';
import { handleKey, identityMatchStrength, mentionsAnyName, substringSearchTerms } from './person-matching.js';

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

  it('scores how closely an identity fits a typed name: full name, exact handle, part of one, nothing', () => {
    const tom = { provider: 'slack', provider_id: 'U900', email: 'tom.becker@acme.com', display_name: 'Tom B', canonical_name: 'Tom Becker' };
    expect(identityMatchStrength(' tom becker ', tom)).toBe(3);
    expect(identityMatchStrength('TOM B', tom)).toBe(2);
    expect(identityMatchStrength('tom.becker@acme.com', tom)).toBe(2);
    expect(identityMatchStrength('Tom', tom)).toBe(1);
    expect(identityMatchStrength('Hardy', tom)).toBe(0);
    const phone = { provider: 'imessage', provider_id: '+15551234567', email: null, display_name: null, canonical_name: 'Jane Smith' };
    expect(identityMatchStrength('+1 (555) 123-4567', phone)).toBe(2);
  });
});
