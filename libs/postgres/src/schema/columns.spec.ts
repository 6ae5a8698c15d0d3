import { describe, expect, it } from '@jest/globals';
import { isoFromTimestamptz } from './columns.js';

describe('isoFromTimestamptz', () => {
  it('turns PostgreSQL text timestamps into the ISO form the SQLite side stores', () => {
    expect(isoFromTimestamptz('2026-02-22 10:30:00.12+00')).toBe('2026-02-22T10:30:00.120Z');
    expect(isoFromTimestamptz('2026-02-22 10:30:00+00')).toBe('2026-02-22T10:30:00.000Z');
    expect(isoFromTimestamptz('2026-02-22 12:30:00.5+02')).toBe('2026-02-22T10:30:00.500Z');
    expect(isoFromTimestamptz('2026-02-22 16:00:00.001+05:30')).toBe('2026-02-22T10:30:00.001Z');
  });

  it('throws on text that is not a timestamp instead of returning "Invalid Date"', () => {
    expect(() => isoFromTimestamptz('infinity')).toThrow(RangeError);
  });
});
