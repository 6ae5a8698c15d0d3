/** The cross-site POST check: what a browser sends for the console's own forms and for another site's. */
import { describe, expect, it } from '@jest/globals';
import { isCrossSitePost } from './request-checks.js';

const HOST = '127.0.0.1:4700';

describe('isCrossSitePost', () => {
  it("accepts the console's own form as a browser sends it under Referrer-Policy: no-referrer (Origin: null, same-origin)", () => {
    expect(isCrossSitePost({ origin: 'null', secFetchSite: 'same-origin', host: HOST }, [])).toBe(false);
  });

  it('accepts a matching Origin without Sec-Fetch-Site, and a POST with neither header (not a browser form)', () => {
    expect(isCrossSitePost({ origin: `http://${HOST}`, host: HOST }, [])).toBe(false);
    expect(isCrossSitePost({ host: HOST }, [])).toBe(false);
  });

  it('refuses another site, by Sec-Fetch-Site or by Origin', () => {
    expect(isCrossSitePost({ origin: 'null', secFetchSite: 'cross-site', host: HOST }, [])).toBe(true);
    expect(isCrossSitePost({ origin: `http://${HOST}`, secFetchSite: 'same-site', host: HOST }, [])).toBe(true);
    expect(isCrossSitePost({ origin: 'http://evil.example', host: HOST }, [])).toBe(true);
    expect(isCrossSitePost({ origin: 'http://evil.example', secFetchSite: 'same-origin', host: HOST }, [])).toBe(true);
    expect(isCrossSitePost({ origin: 'null', host: HOST }, [])).toBe(true);
  });
});
