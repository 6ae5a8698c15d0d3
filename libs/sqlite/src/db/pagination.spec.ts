import { describe, expect, it } from '@jest/globals';
import { containsPattern, escapeLike, isToolError } from '@chief-of-staff/core';
import { closePage, openPage } from '@chief-of-staff/stores';
import { buildFtsMatch, buildTrigramPhrase } from './fts-query.js';

const limits = { defaultLimit: 2, maxLimit: 5 };

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return isToolError(error) ? error.code : 'not a ToolError';
  }
  return undefined;
}

describe('pagination', () => {
  it('walks a list page by page with opaque cursors', () => {
    const rows = ['a', 'b', 'c', 'd', 'e'];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const window = openPage({ cursor }, limits, 'letters', { q: 'x' });
      const page = closePage(rows.slice(window.offset, window.offset + window.limit + 1), window);
      seen.push(...page.items);
      cursor = page.next_cursor;
      if (cursor) expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    } while (cursor);
    expect(seen).toEqual(rows);
  });

  it('clamps a limit above the max with a warning and rejects a limit below 1', () => {
    const window = openPage({ limit: 50 }, limits, 'letters', {});
    expect(window.limit).toBe(5);
    expect(closePage([], window).warnings).toEqual(['limit clamped to 5']);
    expect(codeOf(() => openPage({ limit: 0 }, limits, 'letters', {}))).toBe('INVALID_ARGUMENT');
  });

  it('rejects a cursor reused with different filters, from another list, or malformed', () => {
    const first = openPage({}, limits, 'letters', { q: 'x' });
    const cursor = closePage(['a', 'b', 'c'], first).next_cursor as string;
    expect(openPage({ cursor }, limits, 'letters', { q: 'x' }).offset).toBe(2);
    expect(codeOf(() => openPage({ cursor }, limits, 'letters', { q: 'y' }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => openPage({ cursor }, limits, 'numbers', { q: 'x' }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => openPage({ cursor: 'not a cursor!' }, limits, 'letters', { q: 'x' }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => openPage({ cursor: 'e30' }, limits, 'letters', { q: 'x' }))).toBe('INVALID_ARGUMENT');
  });

  it('binds cursors to filter values, not key order', () => {
    const a = openPage({}, limits, 'letters', { q: 'x', n: 1 });
    const b = openPage({}, limits, 'letters', { n: 1, q: 'x', missing: undefined });
    expect(a.filterKey).toBe(b.filterKey);
  });
});

describe('LIKE escaping and FTS queries', () => {
  it('escapes wildcards and folds case', () => {
    expect(escapeLike('100%_\\')).toBe('100\\%\\_\\\\');
    expect(containsPattern('STRAßE 5%')).toBe('%strasse 5\\%%');
  });

  it('builds quoted OR queries from words only', () => {
    expect(buildFtsMatch('budget AND "review" NEAR(x) col:val*')).toBe('"budget" OR "review" OR "x" OR "col" OR "val"');
    expect(buildFtsMatch('  ^*"() - + ')).toBeNull();
    expect(buildFtsMatch('NOT OR')).toBeNull();
    expect(buildTrigramPhrase('ab')).toBeNull();
    expect(buildTrigramPhrase('say "hi"')).toBe('"say ""hi"""');
  });

  it('leaves function words out of full-text queries unless nothing else is left', () => {
    expect(buildFtsMatch('What did the Board decide about hiring?')).toBe('"Board" OR "decide" OR "hiring"');
    expect(buildFtsMatch('who is it')).toBe('"who" OR "is" OR "it"');
    expect(buildFtsMatch('מה עם התקציב')).toBe('"מה" OR "עם" OR "התקציב"');
  });
});
