import { describe, expect, it } from '@jest/globals';
import { truncateForModel } from './truncate-result.js';

describe('truncateForModel', () => {
  it('leaves small results alone', () => {
    expect(truncateForModel({ a: 1 }, 100)).toEqual({ text: '{"a":1}', truncated: false });
  });

  it('drops trailing list items with an omitted count and keeps valid JSON', () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Item number ${i}` }));
    const result = truncateForModel({ items, next_cursor: null }, 1_000);
    expect(result.truncated).toBe(true);
    expect(result.text.length).toBeLessThanOrEqual(1_000);
    const parsed = JSON.parse(result.text) as { items: unknown[]; next_cursor: null };
    expect(parsed.next_cursor).toBeNull();
    expect(parsed.items[0]).toEqual({ id: 0, title: 'Item number 0' });
    expect(String(parsed.items.at(-1))).toMatch(/^…\[truncated: \d+ more items\]$/);
    const kept = parsed.items.length - 1;
    expect(String(parsed.items.at(-1))).toContain(`${200 - kept} more items`);
  });

  it('shortens long strings with a marker', () => {
    const result = truncateForModel({ body: 'x'.repeat(5_000) }, 2_500);
    expect(result.truncated).toBe(true);
    expect((JSON.parse(result.text) as { body: string }).body).toMatch(/…\[truncated 3000 chars\]$/);
  });

  it('cuts plain text at the limit with the marker as a last resort', () => {
    const result = truncateForModel('y'.repeat(50), 20);
    expect(result).toEqual({ text: `${'y'.repeat(8)}…[truncated]`, truncated: true });
    expect(result.text.length).toBe(20);
  });
});
