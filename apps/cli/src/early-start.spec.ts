import { describe, expect, it } from '@jest/globals';
import { searchesByMeaning } from './early-start.js';

describe('searchesByMeaning', () => {
  it('is true for the searches whose answer may need the model', () => {
    expect(searchesByMeaning(['memory', 'search', 'what does Noa drink'])).toBe(true);
    expect(searchesByMeaning(['docs', 'search', 'hiring plan', '--top-k', '3'])).toBe(true);
    expect(searchesByMeaning(['docs', 'search', 'hiring plan', '--mode', 'vector'])).toBe(true);
  });

  it('is false for keyword-only searches, help, and every other command', () => {
    expect(searchesByMeaning(['docs', 'search', 'INV-2041', '--mode', 'fts'])).toBe(false);
    expect(searchesByMeaning(['docs', 'search', 'INV-2041', '--mode=fts'])).toBe(false);
    expect(searchesByMeaning(['memory', 'search', '--help'])).toBe(false);
    expect(searchesByMeaning(['memory', 'add', 'work', 'k', 'v'])).toBe(false);
    expect(searchesByMeaning(['search'])).toBe(false);
    expect(searchesByMeaning([])).toBe(false);
  });
});
