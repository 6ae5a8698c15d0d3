import { describe, expect, it } from '@jest/globals';
import { SEMANTIC_QUERY_WORDS, semanticQueryText } from './search-documents.js';

describe('the text a query is embedded as', () => {
  it('is the query itself up to the word limit, and its first words beyond it', () => {
    expect(semanticQueryText('  where is the lease  ')).toBe('where is the lease');
    const long = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const embedded = semanticQueryText(long).split(' ');
    expect(embedded).toHaveLength(SEMANTIC_QUERY_WORDS);
    expect(embedded[0]).toBe('word0');
  });
});
