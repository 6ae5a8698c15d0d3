import { describe, expect, it } from '@jest/globals';
import { queryPatternOf } from './query-pattern.js';

describe('queryPatternOf', () => {
  it('takes the first non-empty pattern key in the documented order, trimmed to 100 characters', () => {
    expect(queryPatternOf({ name: 'Dana', query: '  roadmap  ' })).toBe('roadmap');
    expect(queryPatternOf({ query: '   ', title: 'Board deck' })).toBe('Board deck');
    expect(queryPatternOf({ query: 'x'.repeat(150) })).toHaveLength(100);
  });

  it('never reads content-bearing keys', () => {
    expect(queryPatternOf({ body: 'secret text', value: 'private', message: 'hi' })).toBe('auto');
    expect(queryPatternOf(null)).toBe('auto');
    expect(queryPatternOf('query')).toBe('auto');
  });
});
