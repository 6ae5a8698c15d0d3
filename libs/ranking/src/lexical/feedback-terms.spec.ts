import { describe, expect, it } from '@jest/globals';
import { feedbackTerms } from './feedback-terms.js';

describe('pseudo-relevance feedback', () => {
  const pool = [
    'Caroline: I went to the adoption agency meeting today.',
    'Caroline: The adoption agency said the process takes a year.',
    'Melanie: Really? That is great news, Caroline.',
    'Melanie: I painted a sunset last weekend.',
    'Caroline: Really happy about it.',
  ];

  it('adds the words the best hits share and the query lacks, not the words every candidate has', () => {
    const top = [
      { text: pool[0] as string, weight: 1 },
      { text: pool[1] as string, weight: 0.8 },
    ];
    const words = feedbackTerms('What did Caroline research?', top, pool, 2);
    expect(words).toEqual(['adoption', 'agency']);
    expect(words).not.toContain('caroline');
  });

  it('adds nothing when asked for nothing or given no hits', () => {
    expect(feedbackTerms('adoption', [], pool, 5)).toEqual([]);
    expect(feedbackTerms('adoption', [{ text: pool[0] as string, weight: 1 }], pool, 0)).toEqual([]);
  });

  it('does not propose a word of the query in another form', () => {
    const words = feedbackTerms('meetings about adoption', [{ text: pool[0] as string, weight: 1 }], pool, 5);
    expect(words).not.toContain('meeting');
    expect(words).not.toContain('adoption');
  });
});
