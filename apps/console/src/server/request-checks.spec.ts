import { describe, expect, it } from '@jest/globals';
import { isCrossSitePost, safeRedirect } from './request-checks.js';

describe('isCrossSitePost', () => {
  const host = '127.0.0.1:8767';

  it("accepts the console's own forms, including Origin: null under Referrer-Policy: no-referrer", () => {
    expect(isCrossSitePost({ secFetchSite: 'same-origin', origin: 'null', host }, [])).toBe(false);
    expect(isCrossSitePost({ secFetchSite: 'same-origin', origin: `http://${host}`, host }, [])).toBe(false);
    expect(isCrossSitePost({ host }, [])).toBe(false);
  });

  it('refuses another site, another origin on the same site, and a foreign Origin', () => {
    expect(isCrossSitePost({ secFetchSite: 'cross-site', host }, [])).toBe(true);
    expect(isCrossSitePost({ secFetchSite: 'same-site', origin: 'http://127.0.0.1:9999', host }, [])).toBe(true);
    expect(isCrossSitePost({ origin: 'http://evil.example', host }, [])).toBe(true);
    expect(isCrossSitePost({ origin: 'null', host }, [])).toBe(true);
  });

  it('accepts an Origin listed in mcp.http.allowedOrigins', () => {
    expect(isCrossSitePost({ origin: 'https://cos.example.com', host: 'cos.example.com' }, [])).toBe(false);
    expect(isCrossSitePost({ origin: 'https://proxy.example', host }, ['https://proxy.example'])).toBe(false);
  });
});

describe('safeRedirect', () => {
  it('keeps paths on the console and replaces anything else', () => {
    expect(safeRedirect('/today#attention', '/today')).toBe('/today#attention');
    expect(safeRedirect('//evil.example/x', '/today')).toBe('/today');
    expect(safeRedirect('/\\evil.example', '/today')).toBe('/today');
    expect(safeRedirect('https://evil.example', '/today')).toBe('/today');
  });
});
