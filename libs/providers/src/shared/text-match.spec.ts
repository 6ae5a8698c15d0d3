import { describe, expect, it } from '@jest/globals';
import { searchPhrases } from './text-match.js';

describe('searchPhrases', () => {
  it('keeps FTS operators in user text as plain words', () => {
    expect(searchPhrases('alice@acme.example NOT budget*')).toEqual(['alice@acme.example', 'NOT', 'budget*']);
    expect(searchPhrases('subject:x OR (y)')).toEqual(['subject:x', 'OR', '(y)']);
  });

  it('keeps quoted phrases together and drops quote characters inside tokens', () => {
    expect(searchPhrases('"Invoice #12" say"hi')).toEqual(['Invoice #12', 'say hi']);
  });

  it('returns nothing when nothing searchable remains', () => {
    expect(searchPhrases('  "" -- ** ')).toEqual([]);
  });
});
