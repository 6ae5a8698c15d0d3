/** The cross-site check on POSTs, as browsers actually send their headers. */
import { describe, expect, it } from '@jest/globals';
import { isCrossSitePost } from './request-checks.js';

describe('isCrossSitePost', () => {
  const allowed = ['http://127.0.0.1:4100'];

  it('lets a same-origin form through even when the page asked for no referrer (Chromium then sends Origin: null)', () => {
    expect(isCrossSitePost({ secFetchSite: 'same-origin', origin: 'null', host: '127.0.0.1:4100' }, allowed)).toBe(false);
  });

  it('refuses a form from another site, by Sec-Fetch-Site or, without it, by Origin', () => {
    expect(isCrossSitePost({ secFetchSite: 'cross-site', origin: 'http://evil.example', host: '127.0.0.1:4100' }, allowed)).toBe(true);
    expect(isCrossSitePost({ secFetchSite: 'same-site', origin: 'http://127.0.0.1:4101', host: '127.0.0.1:4100' }, allowed)).toBe(true);
    expect(isCrossSitePost({ origin: 'http://evil.example', host: '127.0.0.1:4100' }, allowed)).toBe(true);
    expect(isCrossSitePost({ origin: 'null', host: '127.0.0.1:4100' }, allowed)).toBe(true);
  });

  it('lets a request through whose Origin is this console, or that has no browser headers at all', () => {
    expect(isCrossSitePost({ origin: 'http://127.0.0.1:4100', host: '127.0.0.1:4100' }, allowed)).toBe(false);
    expect(isCrossSitePost({ host: '127.0.0.1:4100' }, allowed)).toBe(false);
  });
});
