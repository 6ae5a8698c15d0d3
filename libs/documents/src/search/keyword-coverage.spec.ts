import { describe, expect, it } from '@jest/globals';
import { keywordCoverage } from './keyword-coverage.js';

describe('keywordCoverage', () => {
  it('gives full weight to a text with every query word, case-insensitively', () => {
    expect(keywordCoverage('Priya single sign')('Their champion is priya; they asked for SINGLE sign-on.')).toBe(1);
  });

  it('squares the share of words found, so one incidental word counts for little', () => {
    const score = keywordCoverage('daily food allowance business trips');
    expect(score('Two trips to Kyoto and Hakone')).toBeCloseTo(0.04, 10);
    expect(score('daily food allowance on trips')).toBeCloseTo(0.64, 10);
  });

  it('matches whole words only and counts repeated query words once', () => {
    const score = keywordCoverage('plan plan');
    expect(score('the planner')).toBe(0);
    expect(score('a plan')).toBe(1);
  });

  it('is 0 for an empty keyword query', () => {
    expect(keywordCoverage('')('anything')).toBe(0);
  });
});
