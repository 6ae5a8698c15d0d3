/**
 * Errors that point to the fix, for every tool in the catalogue: a wrong-typed field is refused before anything runs
 * with INVALID_ARGUMENT naming the field (also in `details.field`) and what it accepts; unknown tool names, unknown
 * keys and unknown agents get the closest names, in the caller's own terms.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger, toolInputJsonSchema } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

type Node = Record<string, unknown>;

/** A value of the wrong type for a field, one the argument normaliser will not turn into a right one. */
function wrongValueFor(node: Node): unknown {
  const type = node['type'] ?? (Array.isArray(node['anyOf']) ? 'union' : undefined);
  if (type === 'object' || type === 'array') return 42;
  if (type === 'union') return { not: 'this' };
  return { not: 'this' };
}

describe('error messages', () => {
  let dataDir: string;
  let cos: ChiefOfStaff;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-errors-'));
    cos = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger(), semanticRecall: false });
  });

  afterAll(async () => {
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('name the field and what it accepts, for a wrong-typed field of every tool', async () => {
    const vague: string[] = [];
    let checked = 0;
    for (const tool of cos.tools) {
      const properties = (toolInputJsonSchema(tool)['properties'] ?? {}) as Record<string, Node>;
      const [field, node] = Object.entries(properties)[0] ?? [];
      if (field === undefined || node === undefined) continue;
      const result = await cos.callTool(tool.name, { [field]: wrongValueFor(node) });
      checked += 1;
      if (result.ok || result.error.code !== 'INVALID_ARGUMENT') {
        vague.push(`${tool.name}.${field}: ${result.ok ? 'accepted' : result.error.code}`);
        continue;
      }
      const { message, details } = result.error;
      const names = message.includes(field);
      const says = /expected|must be|one of|at most|at least|from \d|true or false|text|a list|an object|a number|a whole number|a date/.test(message);
      if (!names || !says || details?.['field'] === undefined || !String(details['field']).startsWith(field)) vague.push(`${tool.name}.${field}: ${message} ${JSON.stringify(details)}`);
    }
    expect(checked).toBeGreaterThan(80);
    expect(vague).toEqual([]);
  });

  it('names the range of a number', async () => {
    const result = await cos.callTool('store_fact', { category: 'work', key: 'k', value: 'v', confidence: 'high' });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/confidence: expected a number from 0 to 1/), details: { field: 'confidence' } } });
  });

  it('suggests the closest tool, key and agent names', async () => {
    const tool = await cos.callTool('stor_fact', {});
    expect(tool).toMatchObject({ ok: false, error: { code: 'UNKNOWN_TOOL', message: 'Tool "stor_fact" does not exist. Did you mean store_fact?', hint: expect.stringContaining('tools/list') } });
    const cli = await cos.callTool('stor_fact', {}, { caller: { kind: 'cli' } });
    expect(cli).toMatchObject({ ok: false, error: { hint: 'Run `cos tools` to see them all.' } });
    const key = await cos.callTool('query_memory', { querry: 'budget' });
    expect(key).toMatchObject({ ok: false, error: { hint: expect.stringContaining('"querry" → query') } });
    const agent = await cos.callTool('get_agent', { name: 'chief_of_staf' });
    expect(agent).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('Did you mean chief_of_staff?'), hint: expect.stringContaining('cos agents list') } });
  });
});
