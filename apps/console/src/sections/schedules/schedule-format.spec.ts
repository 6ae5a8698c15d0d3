import { describe, expect, it } from '@jest/globals';
import { resultPreview } from './schedule-format.js';

describe('resultPreview', () => {
  it("names a result's fields in words, never as JSON or code words", () => {
    const text = resultPreview({ rules_evaluated: 3, notified: 1, status: 'pending_execution', compacted: true, failures: ['Overdue: mail down', 'Budget: no notifier'], counts: { a: 1, b: 2 } });
    expect(text).toBe('rules evaluated: 3 · notified: 1 · status: pending execution · compacted: yes · failures: Overdue: mail down, Budget: no notifier · counts: 2 details');
    expect(text).not.toMatch(/[{}"]/);
  });

  it('prefers the text or summary a handler wrote, and counts fields past the first six', () => {
    expect(resultPreview({ text: 'Sent the morning brief.', data: { x: 1 } })).toBe('Sent the morning brief.');
    expect(resultPreview({ summary: 'Nothing to do.' })).toBe('Nothing to do.');
    expect(resultPreview({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8 })).toBe('a: 1 · b: 2 · c: 3 · d: 4 · e: 5 · f: 6 · and 2 more');
    expect(resultPreview([{ id: 1 }, { id: 2 }])).toBe('2 items');
    expect(resultPreview(null)).toBe('');
  });
});
