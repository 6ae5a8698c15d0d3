import { describe, expect, it } from '@jest/globals';
import { formatLocalTime } from './local-time.js';

describe('formatLocalTime', () => {
  it('shows the wall time in the zone with its abbreviation, summer and winter', () => {
    expect(formatLocalTime('2026-11-30T07:00:00.000Z', 'Europe/Berlin')).toBe('2026-11-30 08:00 CET');
    expect(formatLocalTime('2026-07-01T06:00:00.000Z', 'Europe/Berlin')).toBe('2026-07-01 08:00 CEST');
    expect(formatLocalTime('2026-03-30T07:00:00.000Z', 'Europe/London')).toBe('2026-03-30 08:00 BST');
    expect(formatLocalTime('2026-11-30T13:00:00.000Z', 'America/New_York')).toBe('2026-11-30 08:00 EST');
    expect(formatLocalTime('2026-11-30T08:00:00.000Z', 'UTC')).toBe('2026-11-30 08:00 UTC');
  });

  it('names the zone when it has no common abbreviation, and passes non-dates through', () => {
    expect(formatLocalTime('2026-11-30T08:00:00.000Z', 'Asia/Jerusalem')).toBe('2026-11-30 10:00 (Asia/Jerusalem)');
    expect(formatLocalTime(null, 'UTC')).toBe('—');
    expect(formatLocalTime('soon', 'UTC')).toBe('soon');
  });
});
