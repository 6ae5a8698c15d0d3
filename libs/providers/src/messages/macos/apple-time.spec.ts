import { describe, expect, it } from '@jest/globals';
import { appleTimeToDate, dateToAppleSeconds } from './apple-time.js';
import { encodeAttributedBody, textFromAttributedBody } from './attributed-body.js';

describe('Apple epoch', () => {
  it('reads nanoseconds (High Sierra and later) and seconds (older) since 2001-01-01', () => {
    expect(appleTimeToDate(794_059_200_000_000_000n)?.toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(appleTimeToDate(578_404_800)?.toISOString()).toBe('2019-05-01T12:00:00.000Z');
    expect(appleTimeToDate(0)).toBeNull();
    expect(dateToAppleSeconds(new Date('2001-01-01T00:01:00Z'))).toBe(60);
  });
});

describe('attributedBody', () => {
  it('round-trips short and long texts and refuses blobs without a string', () => {
    expect(textFromAttributedBody(encodeAttributedBody('hi 👋'))).toBe('hi 👋');
    const long = 'x'.repeat(300);
    expect(textFromAttributedBody(encodeAttributedBody(long))).toBe(long);
    expect(textFromAttributedBody(Buffer.from('streamtyped nothing here'))).toBeNull();
    expect(textFromAttributedBody(null)).toBeNull();
  });
});
