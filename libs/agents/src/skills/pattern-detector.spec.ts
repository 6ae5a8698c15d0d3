import { describe, expect, it } from '@jest/globals';
import { detectSkillPatterns, type UsageRow } from './pattern-detector.js';
import { jaccard, tokenizePattern } from './pattern-tokens.js';

const NOW = new Date('2026-03-31T12:00:00.000Z');
const options = { minOccurrences: 5, threshold: 0.7, windowDays: 30, now: NOW, timezone: 'UTC' };

function rows(tool: string, pattern: string, times: number, daysAgo: (i: number) => number = (i) => i): UsageRow[] {
  return Array.from({ length: times }, (_, i) => ({
    tool_name: tool,
    query_pattern: pattern,
    created_at: new Date(NOW.getTime() - daysAgo(i) * 86_400_000).toISOString(),
  }));
}

describe('pattern tokens', () => {
  it('folds case and drops ids, dates, times, emails, numbers, short and stop words', () => {
    expect(
      tokenizePattern('Show the Budget for PROJ 2026-03-01 10:30 bob@example.com 1234 x deadbeef01 3f2b1c9e-1d2a-4b3c-9d8e-112233445566'),
    ).toEqual(['show', 'budget', 'proj']);
    expect(tokenizePattern('פגישה עם דני על התקציב')).toEqual(['פגישה', 'דני', 'התקציב']);
  });

  it('computes Jaccard and is 0 for empty sets', () => {
    expect(jaccard(new Set(['a', 'b']), new Set(['b', 'c']))).toBeCloseTo(1 / 3);
    expect(jaccard(new Set(), new Set(['a']))).toBe(0);
  });
});

describe('detectSkillPatterns', () => {
  it('clusters similar patterns per tool and scores them with absolute confidence', () => {
    const usage = [
      ...rows('search_mail', 'invoices from acme', 6),
      ...rows('search_mail', 'acme invoices overdue', 4, (i) => i + 1),
      ...rows('search_mail', 'lunch plans', 2),
      ...rows('query_memory', 'acme invoices', 3),
    ];
    const [found, ...rest] = detectSkillPatterns(usage, options);
    expect(rest).toEqual([]);
    expect(found).toMatchObject({
      tool_name: 'search_mail',
      patterns: ['invoices from acme', 'acme invoices overdue'],
      occurrences: 10,
      distinct_days: 6,
      suggested_capabilities: ['mail_read'],
      restricted_capabilities: [],
      description: 'Repeated use of search_mail for: invoices from acme; acme invoices overdue',
    });
    // volume 1, recency 0.5^0 = 1, spread min(1, 6/5) = 1
    expect(found?.confidence).toBe(1);
    expect(found?.tokens.slice(0, 2).sort()).toEqual(['acme', 'invoices']);
    expect(found?.suggested_name).toMatch(/^search_mail_(acme|invoices)_specialist$/);
  });

  it('does not make a lone small cluster certain', () => {
    const usage = rows('list_reminders', 'groceries list', 5, () => 10);
    // volume 0.5, recency 0.5^(10/14) ≈ 0.610, spread 0.2 → 0.25 + 0.183 + 0.04 = 0.473
    expect(detectSkillPatterns(usage, { ...options, threshold: 0 })[0]?.confidence).toBe(0.473);
    expect(detectSkillPatterns(usage, options)).toEqual([]);
  });

  it('ignores auto, excluded tools, token-less patterns, failures outside the window and never merges tools', () => {
    const usage = [
      ...rows('search_mail', 'auto', 20),
      ...rows('tool_search', 'find invoices', 20),
      ...rows('get_tool_statistics', 'stats', 20),
      ...rows('search_mail', '2026-03-01', 20),
      ...rows('search_mail', 'old topic', 20, () => 40),
    ];
    expect(detectSkillPatterns(usage, { ...options, threshold: 0 })).toEqual([]);
  });

  it('gives identical clusters one stable signature', () => {
    const a = detectSkillPatterns(rows('search_mail', 'acme invoices', 10), options)[0];
    const b = detectSkillPatterns(rows('search_mail', 'invoices acme', 10), options)[0];
    expect(a?.signature).toBe(b?.signature);
    const c = detectSkillPatterns(rows('search_documents', 'acme invoices', 10), options)[0];
    expect(c?.signature).not.toBe(a?.signature);
  });
});
