import { describe, expect, it } from '@jest/globals';
import { localDateTime, oneLine, plural } from './text.js';

describe('text helpers', () => {
  it('flattens and shortens snippets', () => {
    expect(oneLine('  The offsite\n\n is in   Lisbon. ', 100)).toBe('The offsite is in Lisbon.');
    expect(oneLine('abcdefghij', 6)).toBe('abcde…');
  });

  it('shows instants in the user zone, across a DST change', () => {
    expect(localDateTime('2026-03-02T09:00:00.000Z', 'UTC')).toBe('2026-03-02 09:00');
    expect(localDateTime('2026-03-28T12:00:00.000Z', 'Europe/Lisbon')).toBe('2026-03-28 12:00');
    expect(localDateTime('2026-03-30T12:00:00.000Z', 'Europe/Lisbon')).toBe('2026-03-30 13:00');
    expect(localDateTime('not a date', 'UTC')).toBe('not a date');
  });

  it('counts with the right noun', () => {
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(3, 'file')).toBe('3 files');
  });
});
