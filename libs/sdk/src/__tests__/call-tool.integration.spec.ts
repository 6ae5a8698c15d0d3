/**
 * The sdk call path end to end: arguments are normalised before validation
 * (docs/orchestration.md#argument-normalisation) and successful results are capped to `responses.maxTokens`
 * (docs/reference/conventions.md#pagination-and-size-caps) — still valid against the tool's output schema, with the
 * truncation recorded in the usage log.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { createSilentLogger, defineTool, type AnyToolDefinition, type ToolRunResult } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

type Row = Record<string, unknown>;

function valueOf(result: ToolRunResult): Row {
  if (!result.ok) throw new Error(`tool failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** Valid against the output schema, and nothing in it is a key the schema would strip (MCP clients reject those). */
function expectValidOutput(cos: ChiefOfStaff, toolName: string, value: Row): void {
  const tool = cos.tools.find((candidate) => candidate.name === toolName);
  const parsed = tool?.output.safeParse(value);
  expect(parsed?.success).toBe(true);
  expect(parsed?.data).toEqual(value);
}

async function storeFacts(cos: ChiefOfStaff, facts: ReadonlyArray<{ key: string; value: string }>): Promise<void> {
  for (const fact of facts) {
    expect((await cos.callTool('store_fact', { category: 'work', ...fact })).ok).toBe(true);
  }
}

/** The usage-log statistics of one tool, as get_tool_statistics reports them. */
async function usageOf(cos: ChiefOfStaff, toolName: string): Promise<Row | undefined> {
  const stats = valueOf(await cos.callTool('get_tool_statistics', { tool_name: toolName }));
  return (stats.items as Row[])[0];
}

async function truncatedCount(cos: ChiefOfStaff, toolName: string): Promise<unknown> {
  return (await usageOf(cos, toolName))?.truncated_count;
}

describe('callTool argument normalisation', () => {
  let dataDir: string;
  let cos: ChiefOfStaff;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-call-tool-'));
    cos = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger(), semanticRecall: false });
    await storeFacts(
      cos,
      Array.from({ length: 8 }, (_, index) => ({ key: `coffee_${index}`, value: `Noa orders oat flat white number ${index}` })),
    );
  });

  afterAll(async () => {
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('accepts q for query', async () => {
    const value = valueOf(await cos.callTool('query_memory', { q: 'oat flat white' }));
    expect((value.items as Row[]).length).toBeGreaterThan(0);
    expect((value.items as Row[])[0]?.value).toMatch(/oat flat white/);
    // The usage log sees the normalised query.
    expect((await usageOf(cos, 'query_memory'))?.top_patterns).toEqual(expect.arrayContaining([{ pattern: 'oat flat white', count: 1 }]));
  });

  it('coerces limit "5" to the number 5', async () => {
    const value = valueOf(await cos.callTool('query_memory', { query: 'oat', limit: '5' }));
    expect(value.items).toHaveLength(5);
    expect(value.next_cursor).toEqual(expect.any(String));
    const listed = valueOf(await cos.callTool('list_facts', { pinned: 'no', n: '3' }));
    expect(listed.items).toHaveLength(3);
  });

  it('still rejects what normalisation cannot fix, naming the field', async () => {
    const result = await cos.callTool('query_memory', { q: 'oat', limit: 'five', bogus: true });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(!result.ok && result.error.message).toMatch(/limit/);
    expect(!result.ok && result.error.message).toMatch(/"bogus"/);
  });
});

describe('callTool response cap (responses.maxTokens = 500)', () => {
  let dataDir: string;
  let cos: ChiefOfStaff;

  /**
   * A list tool whose output declares `truncated` as docs/reference/conventions.md#result-envelope describes list
   * outputs.
   */
  const pages = defineTool({
    name: 'list_pages',
    title: 'List pages',
    description: 'Returns `count` pages of text (test tool).',
    input: z.object({ count: z.number().int().min(1).max(500).describe('How many pages') }).strict(),
    output: z
      .object({
        items: z.array(z.object({ id: z.number().int(), text: z.string() })),
        next_cursor: z.string().nullable(),
        truncated: z.literal(true).optional(),
        warnings: z.array(z.string()).optional(),
      })
      .strict(),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    latency: 'fast',
    handler: async (input) => ({
      items: Array.from({ length: input.count }, (_, id) => ({ id, text: `Page ${id}. `.repeat(40) })),
      next_cursor: null,
    }),
  }) as unknown as AnyToolDefinition;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-call-tool-cap-'));
    cos = await createChiefOfStaff({
      dataDir,
      env: {},
      logger: createSilentLogger(),
      semanticRecall: false,
      config: { responses: { maxTokens: 500 } },
      extraToolGroups: [{ name: 'test_pages', tools: [pages] }],
    });
    await storeFacts(
      cos,
      Array.from({ length: 40 }, (_, index) => ({
        key: `project_note_${String(index).padStart(2, '0')}`,
        value: `Project note ${index}: ${'the quarterly planning review covers staffing and budget. '.repeat(6)}`,
      })),
    );
    // Sorts last, so list_facts drops it and query_memory finds it.
    await storeFacts(cos, [{ key: 'zz_manifesto', value: `Manifesto. ${'We ship small, careful changes every day. '.repeat(200)}` }]);
  });

  afterAll(async () => {
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('drops trailing items of a long list, says so, and records the truncation', async () => {
    const value = valueOf(await cos.callTool('list_facts', { limit: 41 }));
    const items = value.items as Row[];
    expect(JSON.stringify(value).length).toBeLessThanOrEqual(500 * 4);
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.length).toBeLessThan(10);
    // The leading facts come back whole, in order.
    expect(items.map((item) => item.key)).toEqual(items.map((_, index) => `project_note_${String(index).padStart(2, '0')}`));
    expect(JSON.stringify(items)).not.toContain('…[truncated');
    expect(value.warnings).toEqual([expect.stringMatching(new RegExp(`^${41 - items.length} of 41 items omitted`))]);
    expect(value.truncated).toBe(true);
    expectValidOutput(cos, 'list_facts', value);
    expect(await truncatedCount(cos, 'list_facts')).toBe(1);
  });

  it('shortens a long fact with a marker and stays valid', async () => {
    const value = valueOf(await cos.callTool('query_memory', { q: 'manifesto', limit: 1 }));
    const [fact] = value.items as Row[];
    expect(fact?.key).toBe('zz_manifesto');
    expect(fact?.value).toMatch(/^Manifesto\. We ship small.*…\[truncated \d+ chars\]$/);
    expect(value.truncated).toBe(true);
    expect(JSON.stringify(value).length).toBeLessThanOrEqual(500 * 4);
    expectValidOutput(cos, 'query_memory', value);
    expect(await truncatedCount(cos, 'query_memory')).toBe(1);
  });

  it('sets truncated: true in the result when the output schema declares it', async () => {
    const value = valueOf(await cos.callTool('list_pages', { count: '30' }));
    expect(value.truncated).toBe(true);
    expect((value.items as Row[]).length).toBeLessThan(30);
    expect(value.warnings).toEqual([expect.stringMatching(/items omitted/)]);
    expectValidOutput(cos, 'list_pages', value);
    expect(await truncatedCount(cos, 'list_pages')).toBe(1);
  });

  it('leaves small responses untouched', async () => {
    const value = valueOf(await cos.callTool('list_facts', { prefix: 'project_note_0', limit: 2 }));
    expect(value).not.toHaveProperty('truncated');
    expect(value).not.toHaveProperty('warnings');
    expect(value.items).toHaveLength(2);
    expect(await truncatedCount(cos, 'list_facts')).toBe(1);
  });
});
