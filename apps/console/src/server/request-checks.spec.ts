/**
 * The cross-site check as browsers exercise it: the console sends `Referrer-Policy: no-referrer`, so a browser's own
 * same-origin form POST carries `Origin: null` beside `Sec-Fetch-Site: same-origin`, and must still be let through.
 */
import { describe, expect, it } from '@jest/globals';
import { isCrossSitePost } from './request-checks.js';

const host = '127.0.0.1:4000';

describe('isCrossSitePost', () => {
  it('lets through a browser form posted from the console itself under no-referrer (Origin: null)', () => {
    expect(isCrossSitePost({ origin: 'null', secFetchSite: 'same-origin', host }, [])).toBe(false);
    expect(isCrossSitePost({ origin: `http://${host}`, secFetchSite: 'same-origin', host }, [])).toBe(false);
  });

  it('refuses a POST another site sent, whatever its Origin says', () => {
    expect(isCrossSitePost({ origin: 'null', secFetchSite: 'cross-site', host }, [])).toBe(true);
    expect(isCrossSitePost({ origin: `http://${host}`, secFetchSite: 'same-site', host }, [])).toBe(true);
    expect(isCrossSitePost({ origin: 'http://evil.example', host }, [])).toBe(true);
    expect(isCrossSitePost({ origin: 'null', host }, [])).toBe(true);
  });

  it('lets through a client that sends neither header (the CSRF token still guards it)', () => {
    expect(isCrossSitePost({ host }, [])).toBe(false);
  });
});
