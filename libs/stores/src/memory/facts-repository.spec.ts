import { describe, expect, it } from '@jest/globals';
import { queryTermRoles, termsWithinBudget } from './facts-repository.js';

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

describe('queryTermRoles', () => {
  const rows = 10_000;
  it('lets the words each in at most 2% of the facts find, and every word rank', () => {
    expect(queryTermRoles(['leo', 'zebra', 'budget'], [600, 5, 150], rows)).toEqual({ find: ['zebra', 'budget'], rank: ['leo', 'zebra', 'budget'] });
  });

  it('without such a word, lets the rarest within 5% together find', () => {
    expect(queryTermRoles(['leo', 'atrsoet', 'review'], [625, 300, 400], rows)).toEqual({ find: ['atrsoet'], rank: ['leo', 'atrsoet', 'review'] });
  });

  it('when no word fits, leaves out the words in more than 10% beside rarer ones, from both roles', () => {
    expect(queryTermRoles(['quarterly', 'leo'], [9_000, 700], rows)).toEqual({ find: ['leo'], rank: ['leo'] });
    expect(queryTermRoles(['quarterly', 'review'], [9_000, 8_000], rows)).toEqual({ find: ['quarterly', 'review'], rank: ['quarterly', 'review'] });
  });

  it('with a budget of its own, finds and ranks by the rarest words within it', () => {
    expect(queryTermRoles(['leo', 'zebra', 'budget'], [600, 5, 150], rows, 0.02)).toEqual({ find: ['zebra', 'budget'], rank: ['zebra', 'budget'] });
  });

  it('never lets a word no fact holds find alone', () => {
    expect(queryTermRoles(['leo', 'budgett'], [450, 0], rows)).toEqual({ find: ['leo'], rank: ['leo', 'budgett'] });
    expect(queryTermRoles(['leo', 'budgett'], [150, 0], rows, 0.02)).toEqual({ find: ['leo'], rank: ['leo'] });
  });

  it('keeps every word in a small store or a one-word query', () => {
    expect(queryTermRoles(['leo', 'zebra'], [900, 5], 1_500)).toEqual({ find: ['leo', 'zebra'], rank: ['leo', 'zebra'] });
    expect(queryTermRoles(['leo'], [9_000], rows)).toEqual({ find: ['leo'], rank: ['leo'] });
  });
});
