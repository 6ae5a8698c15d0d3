import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { capToolResponse, LONG_STRING_CHARS } from './cap-tool-response.js';
import { estimateJsonTokens } from './estimate-tokens.js';

const item = z.object({ id: z.number().int(), text: z.string() });
/**
 * A list output as docs/reference/conventions.md#result-envelope describes it, strict so any undeclared key would
 * fail.
 */
const listOutput = z
  .object({
    items: z.array(item),
    next_cursor: z.string().nullable(),
    total: z.number().int().optional(),
    truncated: z.literal(true).optional(),
    warnings: z.array(z.string()).optional(),
  })
  .strict();

function page(count: number, textLength: number, extra: Record<string, unknown> = {}) {
  return {
    items: Array.from({ length: count }, (_, id) => ({ id, text: `${id}:`.padEnd(textLength, 'x') })),
    next_cursor: 'Y3Vyc29yLTE',
    total: count * 2,
    ...extra,
  };
}

const chars = (value: unknown) => JSON.stringify(value).length;

describe('capToolResponse', () => {
  it('leaves a response under the cap untouched', () => {
    const value = page(3, 50);
    const result = capToolResponse(value, { maxTokens: 25_000, outputSchema: listOutput });
    expect(result.value).toBe(value);
    expect(result.truncated).toBe(false);
    expect(result.estimatedTokens).toBe(Math.ceil(chars(value) / 4));
  });

  it('counts tokens as ceil(characters of the compact JSON / 4)', () => {
    expect(estimateJsonTokens({ a: 'x' })).toBe(3); // {"a":"x"} is 9 characters
    const value = { text: 'y'.repeat(395) }; // 406 characters → 102 tokens
    expect(capToolResponse(value, { maxTokens: 102 }).truncated).toBe(false);
    expect(capToolResponse(value, { maxTokens: 101 }).truncated).toBe(true);
  });

  it('drops trailing items first, keeps next_cursor, and says how many were omitted', () => {
    const value = page(100, 200);
    const result = capToolResponse(value, { maxTokens: 1_000, outputSchema: listOutput });
    const capped = result.value as z.infer<typeof listOutput>;
    expect(result.truncated).toBe(true);
    expect(result.estimatedTokens).toBeLessThanOrEqual(1_000);
    expect(chars(capped)).toBeLessThanOrEqual(4_000);
    expect(capped.items.length).toBeGreaterThan(10);
    expect(capped.items.length).toBeLessThan(20);
    // The leading items are the original ones, unshortened.
    expect(capped.items).toEqual(value.items.slice(0, capped.items.length));
    expect(capped.next_cursor).toBe('Y3Vyc29yLTE');
    expect(capped.total).toBe(200);
    expect(capped.truncated).toBe(true);
    const omitted = 100 - capped.items.length;
    expect(capped.warnings).toEqual([
      `${omitted} of 100 items omitted to keep the response under the size cap; narrow the request or ask for at most ${capped.items.length} at a time to see them.`,
    ]);
    expect(listOutput.safeParse(capped).success).toBe(true);
    // The input is not changed.
    expect(value.items).toHaveLength(100);
  });

  it('appends to warnings the tool already gave', () => {
    const result = capToolResponse(page(100, 200, { warnings: ['limit clamped to 100'] }), { maxTokens: 1_000 });
    expect(result.value.warnings).toEqual(['limit clamped to 100', expect.stringMatching(/items omitted/)]);
  });

  it('shortens strings longer than 2,000 characters with a marker when dropping items is not enough', () => {
    const value = { items: [{ id: 1, text: 'a'.repeat(50_000) }], next_cursor: null };
    const result = capToolResponse(value, { maxTokens: 1_000, outputSchema: listOutput });
    const capped = result.value as z.infer<typeof listOutput>;
    expect(result.truncated).toBe(true);
    expect(capped.items).toHaveLength(1);
    expect(capped.items[0]?.text).toBe(`${'a'.repeat(LONG_STRING_CHARS)}…[truncated 48000 chars]`);
    expect(capped.truncated).toBe(true);
    expect(capped.warnings).toBeUndefined();
    expect(capped.next_cursor).toBeNull();
    expect(result.estimatedTokens).toBeLessThanOrEqual(1_000);
    expect(listOutput.safeParse(capped).success).toBe(true);
  });

  it('shortens long strings outside the list too, and brings items back once strings are shorter', () => {
    const value = { ...page(5, 100), summary: 's'.repeat(30_000) };
    const schema = listOutput.extend({ summary: z.string() }).strict();
    const result = capToolResponse(value, { maxTokens: 1_000, outputSchema: schema });
    expect(result.value.summary).toBe(`${'s'.repeat(LONG_STRING_CHARS)}…[truncated 28000 chars]`);
    expect(result.value.items).toEqual(value.items);
    expect(result.value.warnings).toBeUndefined();
    expect(schema.safeParse(result.value).success).toBe(true);
  });

  it('keeps shortening when 2,000-character strings still do not fit, and never shortens the cursor', () => {
    const cursor = 'c'.repeat(3_000);
    const value = { items: [{ id: 1, text: 'a'.repeat(10_000) }, { id: 2, text: 'b'.repeat(10_000) }], next_cursor: cursor };
    const result = capToolResponse(value, { maxTokens: 1_000 });
    const capped = result.value as z.infer<typeof listOutput>;
    expect(capped.next_cursor).toBe(cursor);
    expect(capped.items[0]?.text).toMatch(/^a+…\[truncated \d+ chars\]$/);
    expect(capped.items[0]?.text.length).toBeLessThan(LONG_STRING_CHARS);
    expect(result.estimatedTokens).toBeLessThanOrEqual(1_000);
  });

  it('does not split a surrogate pair when shortening', () => {
    const text = `${'a'.repeat(LONG_STRING_CHARS - 1)}😀${'b'.repeat(10_000)}`;
    const result = capToolResponse({ text }, { maxTokens: 1_000 });
    expect(result.value.text).toBe(`${'a'.repeat(LONG_STRING_CHARS - 1)}…[truncated 10002 chars]`);
  });

  it('stays valid JSON', () => {
    const value = page(500, 300, { note: '"quoted" \\ and \n newlines'.repeat(500) });
    const result = capToolResponse(value, { maxTokens: 2_000 });
    expect(JSON.parse(JSON.stringify(result.value))).toEqual(result.value);
  });

  it('is deterministic', () => {
    const value = { ...page(300, 150), summary: 'z'.repeat(20_000) };
    const first = capToolResponse(value, { maxTokens: 1_500 });
    const second = capToolResponse(value, { maxTokens: 1_500 });
    expect(JSON.stringify(first)).toBe(JSON.stringify(second));
  });

  describe('against the output schema', () => {
    it('does not add truncated when the schema does not declare it, but still reports truncation', () => {
      const withoutFlag = listOutput.omit({ truncated: true });
      const result = capToolResponse(page(100, 200), { maxTokens: 1_000, outputSchema: withoutFlag });
      expect(result.truncated).toBe(true);
      expect(result.value).not.toHaveProperty('truncated');
      expect(result.value.warnings).toEqual([expect.stringMatching(/items omitted/)]);
      expect(withoutFlag.safeParse(result.value).success).toBe(true);
    });

    it('never drops items silently: a non-strict schema that would strip both notices keeps the items', () => {
      const loose = z.object({ items: z.array(item), next_cursor: z.string().nullable() });
      const result = capToolResponse(page(100, 200), { maxTokens: 1_000, outputSchema: loose });
      // Nothing to tell the caller with → items are not dropped silently; long strings would be shortened instead.
      expect(result.value).toEqual(page(100, 200));
      expect(result.truncated).toBe(false);
    });

    it('falls back to shortening strings only when dropping items would break the schema', () => {
      const atLeastTen = listOutput.extend({ items: z.array(item).min(10) }).strict();
      const value = page(10, 3_000);
      const result = capToolResponse(value, { maxTokens: 6_000, outputSchema: atLeastTen });
      const capped = result.value as z.infer<typeof atLeastTen>;
      expect(result.truncated).toBe(true);
      expect(capped.items).toHaveLength(10);
      expect(capped.items[0]?.text).toMatch(/…\[truncated 1000 chars\]$/);
      expect(capped.truncated).toBe(true);
      expect(capped.warnings).toBeUndefined();
      expect(atLeastTen.safeParse(capped).success).toBe(true);
    });

    it('falls back to shortening strings without any added key when the schema is strict and declares none', () => {
      const bare = z.object({ items: z.array(item).min(3), next_cursor: z.string().nullable(), total: z.number() }).strict();
      const result = capToolResponse(page(3, 30_000), { maxTokens: 3_000, outputSchema: bare });
      expect(result.truncated).toBe(true);
      expect(Object.keys(result.value)).toEqual(['items', 'next_cursor', 'total']);
      expect(bare.safeParse(result.value).success).toBe(true);
      expect(result.estimatedTokens).toBeLessThanOrEqual(3_000);
    });

    it('returns the original when no smaller form is valid', () => {
      const exact = z.object({ text: z.string().length(50_000) }).strict();
      const value = { text: 'q'.repeat(50_000) };
      const result = capToolResponse(value, { maxTokens: 1_000, outputSchema: exact });
      expect(result).toEqual({ value, truncated: false, estimatedTokens: estimateJsonTokens(value) });
    });
  });

  it('reports a big response it cannot shrink (no list, no long strings) as not truncated', () => {
    const value = { numbers: Array.from({ length: 5_000 }, (_, index) => index) };
    expect(capToolResponse(value, { maxTokens: 100 })).toEqual({ value, truncated: false, estimatedTokens: estimateJsonTokens(value) });
  });
});
