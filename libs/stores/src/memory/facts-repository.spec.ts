import { describe, expect, it } from '@jest/globals';
import { termsWithinBudget } from './facts-repository.js';

describe('termsWithinBudget', () => {
  it('keeps the rarest terms while their facts add up to the budget', () => {
    expect(termsWithinBudget(['leo', 'zebra', 'budget', 'quarterly'], [125, 5, 40, 2_500], 50)).toEqual(['zebra', 'budget']);
    expect(termsWithinBudget(['leo', 'zebra', 'budget'], [125, 5, 40], 200)).toEqual(['zebra', 'budget', 'leo']);
  });

  it('keeps nothing when even the rarest term holds more facts than the budget', () => {
    expect(termsWithinBudget(['leo', 'quarterly'], [125, 2_500], 50)).toEqual([]);
  });

  it('breaks ties between equally rare terms by their order in the query', () => {
    expect(termsWithinBudget(['b', 'a', 'c'], [10, 10, 10], 25)).toEqual(['b', 'a']);
  });
});
