import { describe, expect, it } from '@jest/globals';
import { keywordQuery } from './stop-words.js';

describe('keywordQuery', () => {
  it('drops question and function words and punctuation, keeping names, numbers and codes', () => {
    expect(keywordQuery('How much time off do new parents get?')).toBe('much time new parents');
    expect(keywordQuery("What's the status 429 Retry-After rule")).toBe('s status 429 Retry rule');
    expect(keywordQuery('Ms. Duarte’s nocturne')).toBe('Ms Duarte s nocturne');
  });

  it('leaves nothing for a query made only of function words', () => {
    expect(keywordQuery('what is it')).toBe('');
    expect(keywordQuery("' OR 1=1 --")).toBe('1 1');
  });
});
