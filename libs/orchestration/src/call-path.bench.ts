/**
 * Benchmarks for the two steps every tool call now pays for: argument normalisation before validation and the
 * response cap after it. The small cases are the common path and must stay near free.
 */
import { z } from 'zod';
import { defineTool, type AnyToolDefinition } from '@chief-of-staff/core';
import { normalizeToolArguments } from './normalization/normalize-tool-arguments.js';
import { capToolResponse } from './response-cap/cap-tool-response.js';

const item = z.object({ id: z.number().int(), key: z.string(), value: z.string(), updated_at: z.string() });
const output = z.object({
  items: z.array(item),
  next_cursor: z.string().nullable(),
  total: z.number().int().optional(),
  truncated: z.literal(true).optional(),
  warnings: z.array(z.string()).optional(),
});

const queryTool = defineTool({
  name: 'query_memory',
  title: 'Query memory',
  description: 'Searches facts.',
  input: z
    .object({
      query: z.string().trim().max(500).default('').describe('Query'),
      category: z.enum(['work', 'personal', 'relationship']).optional().describe('Category'),
      limit: z.number().int().min(1).default(10).describe('Page size'),
      cursor: z.string().optional().describe('Cursor'),
      diverse: z.boolean().default(false).describe('MMR'),
      tags: z.array(z.string()).optional().describe('Tags'),
    })
    .strict(),
  output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  latency: 'fast',
  handler: async () => ({ items: [], next_cursor: null }),
}) as unknown as AnyToolDefinition;

function page(count: number, valueChars: number) {
  return {
    items: Array.from({ length: count }, (_, id) => ({
      id,
      key: `note_${id}`,
      value: `Note ${id}: `.padEnd(valueChars, 'lorem ipsum '),
      updated_at: '2026-02-22T10:30:00.000Z',
    })),
    next_cursor: 'eyJ2IjoxLCJvIjo1MH0',
    total: count * 2,
  };
}

const smallPage = page(10, 200);
const bigPage = page(2_000, 600); // ≈ 1.4 MB of JSON, ≈ 14× the default cap
const longStrings = page(40, 20_000); // ≈ 800 KB, mostly in long strings

export const benchmarks = [
  { name: 'orchestration: normalise correct arguments', fn: () => normalizeToolArguments(queryTool, { query: 'tea', limit: 5 }) },
  {
    name: 'orchestration: normalise aliased + coerced arguments',
    fn: () => normalizeToolArguments(queryTool, { q: 'tea', n: '5', diverse: 'yes', tags: 'a,b' }),
  },
  { name: 'orchestration: cap a small response (under the cap)', fn: () => capToolResponse(smallPage, { maxTokens: 25_000, outputSchema: output }) },
  {
    name: 'orchestration: cap a 2,000-item list (1.4 MB) to 25k tokens',
    fn: () => capToolResponse(bigPage, { maxTokens: 25_000, outputSchema: output }),
    iterations: 20,
  },
  {
    name: 'orchestration: cap 40 long strings (800 KB) to 25k tokens',
    fn: () => capToolResponse(longStrings, { maxTokens: 25_000, outputSchema: output }),
    iterations: 20,
  },
];
