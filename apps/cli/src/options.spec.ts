import { describe, expect, it } from '@jest/globals';
import { InvalidArgumentError } from 'commander';
import { commaList, unitInterval, wholeNumber } from './options.js';

describe('option parsers', () => {
  it('accept whole numbers in range and say what to type otherwise', () => {
    const days = wholeNumber('--days', 1, 90);
    expect(days('30')).toBe(30);
    for (const bad of ['0', '91', '2.5', 'abc', '']) {
      expect(() => days(bad)).toThrow(InvalidArgumentError);
    }
    expect(() => days('abc')).toThrow('Use a whole number from 1 to 90, e.g. --days 10.');
    expect(() => wholeNumber('--top-k', 1)('-3')).toThrow('Use a whole number of 1 or more, e.g. --top-k 10.');
  });

  it('accept confidences from 0 to 1', () => {
    const confidence = unitInterval('--confidence');
    expect(confidence('0.8')).toBe(0.8);
    expect(() => confidence('1.5')).toThrow('Use a number from 0 to 1, e.g. --confidence 0.8.');
    expect(() => confidence('')).toThrow(InvalidArgumentError);
  });

  it('split comma lists, dropping blanks', () => {
    expect(commaList(' memory_read, ,calendar_read ')).toEqual(['memory_read', 'calendar_read']);
  });
});
