import { describe, expect, it } from '@jest/globals';
import { buildFtsQuery } from './text-match.js';

describe('buildFtsQuery', () => {
  it('quotes every word so FTS operators in user text are inert', () => {
    expect(buildFtsQuery('alice@acme.example NOT budget*')).toBe('"alice@acme.example" "NOT" "budget*"');
    expect(buildFtsQuery('subject:x OR (y)')).toBe('"subject:x" "OR" "(y)"');
  });

  it('keeps quoted phrases together and drops quote characters inside tokens', () => {
    expect(buildFtsQuery('"Invoice #12" say"hi')).toBe('"Invoice #12" "say hi"');
  });

  it('returns null when nothing searchable remains', () => {
    expect(buildFtsQuery('  "" -- ** ')).toBeNull();
  });
});
