import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { defineTool, validateToolInput, type AnyToolDefinition } from '@chief-of-staff/core';
import { normalizeToolArguments } from './normalize-tool-arguments.js';

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function toolWith(input: z.ZodType, name = 'probe_tool'): AnyToolDefinition {
  return defineTool({
    name,
    title: 'Probe',
    description: 'Echoes its input (test tool).',
    input,
    output: z.looseObject({}),
    annotations: readOnly,
    latency: 'fast',
    handler: async (args: unknown) => args as Record<string, unknown>,
  }) as unknown as AnyToolDefinition;
}

const search = toolWith(
  z
    .object({
      query: z.string().trim().max(500).default('').describe('What to look for'),
      limit: z.number().int().min(1).default(10).describe('Page size'),
      cursor: z.string().optional().describe('Cursor'),
      start_date: z.string().optional().describe('From'),
      end_date: z.string().optional().describe('To'),
      name: z.string().optional().describe('Person'),
      pinned: z.boolean().optional().describe('Only pinned'),
      min_score: z.number().min(0).max(1).default(0).describe('Threshold'),
      tags: z.array(z.string()).optional().describe('Tags'),
      ids: z.array(z.number().int()).optional().describe('Ids'),
      filter: z.object({ min_confidence: z.number().optional().describe('Floor'), kind: z.string().optional().describe('Kind') }).strict().optional().describe('Filter'),
      note: z.string().nullable().optional().describe('Note'),
    })
    .strict(),
);

describe('normalizeToolArguments — aliases', () => {
  it.each([
    ['q', 'query'],
    ['search', 'query'],
    ['text', 'query'],
    ['search_query', 'query'],
    ['keywords', 'query'],
    ['query_text', 'query'],
    ['from', 'start_date'],
    ['start', 'start_date'],
    ['since_date', 'start_date'],
    ['to', 'end_date'],
    ['end', 'end_date'],
    ['until_date', 'end_date'],
    ['person', 'name'],
    ['who', 'name'],
    ['contact', 'name'],
  ])('renames %s to %s', (alias, target) => {
    const result = normalizeToolArguments(search, { [alias]: 'value' });
    expect(result).toEqual({ args: { [target]: 'value' }, applied: [`${alias} → ${target}`] });
  });

  it.each(['n', 'k', 'count', 'max_results', 'top'])('renames %s to limit', (alias) => {
    expect(normalizeToolArguments(search, { [alias]: 7 })).toEqual({ args: { limit: 7 }, applied: [`${alias} → limit`] });
  });

  it('maps limit aliases to top_k when that is the field', () => {
    const topK = toolWith(z.object({ query: z.string().describe('Q'), top_k: z.number().int().describe('K') }).strict());
    expect(normalizeToolArguments(topK, { q: 'tea', k: 3 })).toEqual({
      args: { query: 'tea', top_k: 3 },
      applied: ['q → query', 'k → top_k'],
    });
  });

  it('leaves an alias alone when the real field is also given, so validation names the extra key', () => {
    const result = normalizeToolArguments(search, { query: 'a', q: 'b' });
    expect(result).toEqual({ args: { query: 'a', q: 'b' }, applied: [] });
    expect(() => validateToolInput(search, result.args)).toThrow(/unknown key "q"/);
  });

  it('uses only the first alias present for one field and leaves the others for validation', () => {
    expect(normalizeToolArguments(search, { search: 'b', q: 'a' })).toEqual({
      args: { query: 'a', search: 'b' },
      applied: ['q → query'],
    });
  });

  it('does not alias to a field the tool does not have', () => {
    const noQuery = toolWith(z.object({ title: z.string().describe('T') }).strict());
    const result = normalizeToolArguments(noQuery, { q: 'x', title: 'y' });
    expect(result).toEqual({ args: { q: 'x', title: 'y' }, applied: [] });
  });

  it('never renames a key that is itself one of the tool fields', () => {
    const mail = toolWith(
      z.object({ to: z.string().describe('Recipient'), text: z.string().describe('Body'), query: z.string().optional().describe('Q'), end_date: z.string().optional().describe('E') }).strict(),
    );
    expect(normalizeToolArguments(mail, { to: 'a@b.c', text: 'hi' })).toEqual({ args: { to: 'a@b.c', text: 'hi' }, applied: [] });
  });
});

describe('normalizeToolArguments — id → <entity>_id', () => {
  it('renames id when the schema has exactly one *_id field', () => {
    const getRun = toolWith(z.object({ run_id: z.string().describe('Run'), verbose: z.boolean().optional().describe('V') }).strict());
    expect(normalizeToolArguments(getRun, { id: 'abc' })).toEqual({ args: { run_id: 'abc' }, applied: ['id → run_id'] });
  });

  it('leaves id alone when there are two *_id fields', () => {
    const link = toolWith(z.object({ person_id: z.number().describe('P'), fact_id: z.number().describe('F') }).strict());
    const result = normalizeToolArguments(link, { id: 1 });
    expect(result).toEqual({ args: { id: 1 }, applied: [] });
    expect(() => validateToolInput(link, result.args)).toThrow(/unknown key "id"/);
  });

  it('leaves id alone when there is no *_id field, when id is a real field, or when the target is given', () => {
    expect(normalizeToolArguments(search, { id: 1 }).applied).toEqual([]);
    const withId = toolWith(z.object({ id: z.number().describe('Id'), agent_id: z.number().optional().describe('A') }).strict());
    expect(normalizeToolArguments(withId, { id: 1 }).applied).toEqual([]);
    const single = toolWith(z.object({ run_id: z.string().describe('Run') }).strict());
    expect(normalizeToolArguments(single, { id: 'a', run_id: 'b' })).toEqual({ args: { id: 'a', run_id: 'b' }, applied: [] });
  });
});

describe('normalizeToolArguments — coercions', () => {
  it('turns numeric strings into numbers for number and integer fields', () => {
    expect(normalizeToolArguments(search, { limit: '5', min_score: ' 0.25 ' })).toEqual({
      args: { limit: 5, min_score: 0.25 },
      applied: ['limit: string → number', 'min_score: string → number'],
    });
  });

  it('does not turn non-numeric text into a number', () => {
    for (const text of ['five', '', '0x10', 'Infinity', '1,000', '5 items']) {
      expect(normalizeToolArguments(search, { limit: text })).toEqual({ args: { limit: text }, applied: [] });
    }
  });

  it.each([
    ['true', true],
    ['false', false],
    ['YES', true],
    ['no', false],
    ['1', true],
    ['0', false],
    [1, true],
    [0, false],
  ])('turns %p into the boolean %p', (given, expected) => {
    const result = normalizeToolArguments(search, { pinned: given });
    expect(result.args).toEqual({ pinned: expected });
    expect(result.applied).toHaveLength(1);
  });

  it('leaves words that are not yes/no for validation to reject', () => {
    expect(normalizeToolArguments(search, { pinned: 'maybe' })).toEqual({ args: { pinned: 'maybe' }, applied: [] });
  });

  it('splits a comma-separated string into a list for a string-array field', () => {
    expect(normalizeToolArguments(search, { tags: 'work, family ,,urgent' })).toEqual({
      args: { tags: ['work', 'family', 'urgent'] },
      applied: ['tags: string → array'],
    });
  });

  it('wraps a single value in a one-element list, coercing the element too', () => {
    expect(normalizeToolArguments(search, { tags: 'work' }).args).toEqual({ tags: ['work'] });
    expect(normalizeToolArguments(search, { ids: 7 })).toEqual({ args: { ids: [7] }, applied: ['ids: number → one-element array'] });
    expect(normalizeToolArguments(search, { ids: '7, 8' })).toEqual({
      args: { ids: [7, 8] },
      applied: ['ids: string → array', 'ids[0]: string → number', 'ids[1]: string → number'],
    });
  });

  it('reads a JSON array written as text for a list field', () => {
    expect(normalizeToolArguments(search, { tags: '["a, b", "c"]' }).args).toEqual({ tags: ['a, b', 'c'] });
  });

  it('parses JSON text into an object for object fields, coercing inside it', () => {
    expect(normalizeToolArguments(search, { filter: '{"min_confidence": "0.5", "kind": "work"}' })).toEqual({
      args: { filter: { min_confidence: 0.5, kind: 'work' } },
      applied: ['filter: JSON text → object', 'filter.min_confidence: string → number'],
    });
    expect(normalizeToolArguments(search, { filter: '{not json' })).toEqual({ args: { filter: '{not json' }, applied: [] });
  });

  it('coerces fields of an object that is already an object', () => {
    expect(normalizeToolArguments(search, { filter: { min_confidence: '1' } }).args).toEqual({ filter: { min_confidence: 1 } });
  });

  it('coerces an aliased value as its new field', () => {
    expect(normalizeToolArguments(search, { n: '3', q: 'tea' })).toEqual({
      args: { query: 'tea', limit: 3 },
      applied: ['q → query', 'n → limit', 'limit: string → number'],
    });
  });

  it('reads fields through default, optional, nullable and pipe wrappers', () => {
    const wrapped = toolWith(
      z
        .object({
          count_words: z.number().int().optional().default(3).describe('N'),
          flag: z.boolean().nullable().describe('F'),
          size: z.string().transform((text) => text.length).pipe(z.number()).optional().describe('Kept as text'),
          when: z.date().optional().describe('Unrepresentable, left alone'),
        })
        .strict()
        .default({ count_words: 3, flag: null }),
    );
    expect(normalizeToolArguments(wrapped, { count_words: '4', flag: 'no', size: 'abc', when: '2026' })).toEqual({
      args: { count_words: 4, flag: false, size: 'abc', when: '2026' },
      applied: ['count_words: string → number', 'flag: string → boolean'],
    });
  });
});

describe('normalizeToolArguments — leaves correct input alone', () => {
  it('returns the same object and no notes when every value already has the right type', () => {
    const args = { query: 'tea', limit: 5, pinned: true, tags: ['a'], ids: [1], filter: { kind: 'x' }, note: null };
    const result = normalizeToolArguments(search, args);
    expect(result.args).toBe(args);
    expect(result.applied).toEqual([]);
  });

  it('never coerces a value of a type the field accepts (a string for a string-or-number field)', () => {
    const either = toolWith(z.object({ ref: z.union([z.string(), z.number()]).describe('Ref'), tags: z.array(z.string()).describe('T') }).strict());
    expect(normalizeToolArguments(either, { ref: '42', tags: [] }).applied).toEqual([]);
  });

  it('leaves unknown keys for strict validation and ignores non-object input', () => {
    const result = normalizeToolArguments(search, { query: 'x', bogus: '1' });
    expect(result).toEqual({ args: { query: 'x', bogus: '1' }, applied: [] });
    expect(() => validateToolInput(search, result.args)).toThrow(/unknown key "bogus"/);
    expect(normalizeToolArguments(search, undefined)).toEqual({ args: undefined, applied: [] });
    expect(normalizeToolArguments(search, ['q'])).toEqual({ args: ['q'], applied: [] });
  });

  it('does not mutate the caller arguments', () => {
    const args = { q: 'x', limit: '2' };
    normalizeToolArguments(search, args);
    expect(args).toEqual({ q: 'x', limit: '2' });
  });

  it('produces input that passes validation where the raw input did not', () => {
    const raw = { q: 'tea', n: '5', pinned: 'yes', tags: 'a,b' };
    expect(() => validateToolInput(search, raw)).toThrow();
    expect(validateToolInput(search, normalizeToolArguments(search, raw).args)).toMatchObject({
      query: 'tea',
      limit: 5,
      pinned: true,
      tags: ['a', 'b'],
    });
  });
});
