import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { FakeClock } from '../clock/clock.js';
import { ToolError } from '../errors/tool-error.js';
import { createLogger } from '../logging/logger.js';
import { createToolContext } from './create-tool-context.js';
import { toolInputJsonSchema, toolOutputJsonSchema } from './json-schema.js';
import { formatToolErrorText, runTool } from './run-tool.js';
import { defineTool } from './tool-definition.js';
import { Writable } from 'node:stream';

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const echo = defineTool({
  name: 'echo_fact',
  title: 'Echo fact',
  description: 'Returns the fact it was given.',
  input: z
    .object({
      category: z.enum(['personal', 'work']).describe('Fact category'),
      key: z.string().trim().min(1).describe('Fact key'),
      confidence: z.number().min(0).max(1).default(1).describe('0..1'),
    })
    .strict(),
  output: z.object({ key: z.string(), category: z.string(), confidence: z.number() }),
  annotations: readOnly,
  latency: 'fast',
  handler: async (input) => ({ key: input.key, category: input.category, confidence: input.confidence }),
});

function captureLogs(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('defineTool', () => {
  it('rejects names outside ^[a-z0-9_]{1,64}$', () => {
    expect(() => defineTool({ ...echo, name: 'Bad-Name' })).toThrow(/Invalid tool name "Bad-Name"/);
    expect(() => defineTool({ ...echo, name: 'a'.repeat(65) })).toThrow(/Invalid tool name/);
  });

  it('requires every annotation to be set explicitly', () => {
    const annotations = { readOnlyHint: true } as unknown as typeof readOnly;
    expect(() => defineTool({ ...echo, annotations })).toThrow(/annotations.destructiveHint/);
  });
});

describe('runTool', () => {
  const ctx = () => createToolContext({ services: {}, clock: new FakeClock() });

  it('validates input, applies defaults and returns the handler output', async () => {
    const result = await runTool(echo, { category: 'work', key: '  team ' }, ctx());
    expect(result).toEqual({ ok: true, value: { key: 'team', category: 'work', confidence: 1 } });
  });

  it('lists every valid enum value when an enum is wrong', async () => {
    const result = await runTool(echo, { category: 'hobby', key: 'x' }, ctx());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_ARGUMENT');
    expect(result.error.message).toBe('category: must be one of "personal", "work".');
  });

  it('names unknown keys and lists the valid ones', async () => {
    const result = await runTool(echo, { category: 'work', key: 'x', colour: 'red' }, ctx());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain('unknown key "colour"');
    expect(result.error.hint).toBe('Valid keys: category, key, confidence.');
    const typo = await runTool(echo, { category: 'work', key: 'x', confidense: 0.5 }, ctx());
    expect(!typo.ok && typo.error.hint).toBe('Perhaps "confidense" → confidence. Valid keys: category, key, confidence.');
  });

  it('says when a required field is missing', async () => {
    const result = await runTool(echo, { category: 'work' }, ctx());
    expect(!result.ok && result.error.message).toBe('key: is required (text).');
    expect(!result.ok && result.error.details).toEqual({ tool: 'echo_fact', field: 'key' });
  });

  it('says what was expected when a value of the wrong type is given, and keeps a schema\'s own wording', async () => {
    const wrongType = await runTool(echo, { category: 'work', key: 42 }, ctx());
    expect(!wrongType.ok && wrongType.error.message).toBe('key: expected text.');
    const counted = defineTool({
      ...echo,
      name: 'counted',
      input: z.object({ days: z.number().int({ error: 'must be a whole number of days.' }).describe('Days') }).strict(),
      handler: async (input) => ({ key: String(input.days), category: 'work', confidence: 1 }),
    });
    const fraction = await runTool(counted, { days: 1.5 }, ctx());
    expect(!fraction.ok && fraction.error.message).toBe('days: must be a whole number of days.');
  });

  it('says size limits in plain words: empty text, too long, too few items, numbers out of range', async () => {
    const sized = defineTool({
      ...echo,
      name: 'sized',
      input: z
        .object({
          query: z.string().trim().min(1).max(10).optional(),
          code: z.string().min(3).optional(),
          tags: z.array(z.string()).min(1).max(2).optional(),
          limit: z.number().int().min(1).max(200).optional(),
          ratio: z.number().gt(0).optional(),
          named: z.string().min(2, 'use at least two letters').optional(),
        })
        .strict(),
      handler: async () => ({ key: 'k', category: 'work', confidence: 1 }),
    });
    const message = async (args: Record<string, unknown>) => {
      const result = await runTool(sized, args, ctx());
      return result.ok ? 'ok' : result.error.message;
    };
    expect(await message({ query: '' })).toBe('query: must not be empty (blank text does not count).');
    expect(await message({ query: '   ' })).toBe('query: must not be empty (blank text does not count).');
    expect(await message({ query: 'far too long here' })).toBe('query: must be at most 10 characters long.');
    expect(await message({ code: 'ab' })).toBe('code: must be at least 3 characters long.');
    expect(await message({ tags: [] })).toBe('tags: must list at least one item.');
    expect(await message({ tags: ['a', 'b', 'c'] })).toBe('tags: must list at most 2 items.');
    expect(await message({ limit: 0 })).toBe('limit: must be at least 1.');
    expect(await message({ limit: 500 })).toBe('limit: must be at most 200.');
    expect(await message({ ratio: 0 })).toBe('ratio: must be greater than 0.');
    expect(await message({ named: 'a' })).toBe('named: use at least two letters');
  });

  it('passes ToolErrors through with their hint', async () => {
    const failing = defineTool({
      ...echo,
      name: 'failing',
      handler: async () => {
        throw new ToolError('NOT_CONFIGURED', 'Mail is not configured.', { hint: 'Set providers.mail in cos.config.yaml.' });
      },
    });
    const result = await runTool(failing, { category: 'work', key: 'x' }, ctx());
    expect(result).toEqual({
      ok: false,
      error: { code: 'NOT_CONFIGURED', message: 'Mail is not configured.', hint: 'Set providers.mail in cos.config.yaml.' },
    });
    if (!result.ok) expect(formatToolErrorText(result.error)).toBe('NOT_CONFIGURED: Mail is not configured. Set providers.mail in cos.config.yaml.');
  });

  it('hides unexpected exceptions behind a reference that is logged with the stack', async () => {
    const { lines, stream } = captureLogs();
    const crashing = defineTool({
      ...echo,
      name: 'crashing',
      handler: async () => {
        throw new Error('SQLITE_CORRUPT: secret internals at /home/me/db');
      },
    });
    const context = createToolContext({ services: {}, logger: createLogger({ destination: stream }) });
    const result = await runTool(crashing, { category: 'work', key: 'x' }, context);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INTERNAL');
    expect(result.error.message).toMatch(/^Unexpected error in crashing \(ref [0-9a-f]{8}\)\.$/);
    expect(result.error.message).not.toContain('SQLITE');
    const ref = /ref ([0-9a-f]{8})/.exec(result.error.message)?.[1];
    const logged = lines.join('');
    expect(logged).toContain(ref);
    expect(logged).toContain('SQLITE_CORRUPT');
  });

  it.each([
    ['SQLite', Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })],
    ['a file write', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })],
    ['the vector store', new Error('lance error: LanceError(IO): No space left on device (os error 28)')],
    ['a wrapped cause', new Error('flush failed', { cause: Object.assign(new Error('full'), { code: 'ENOSPC' }) })],
  ])('says the disk is full when %s runs out of space, as a limit the user fixes', async (_, thrown) => {
    const { lines, stream } = captureLogs();
    const full = defineTool({ ...echo, name: 'full', handler: async () => Promise.reject(thrown) });
    const result = await runTool(full, { category: 'work', key: 'x' }, createToolContext({ services: {}, logger: createLogger({ destination: stream }) }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('LIMIT_EXCEEDED');
    expect(result.error.message).toMatch(/^The disk that holds the data directory is full, so this was not saved \(ref [0-9a-f]{8}\)\.$/);
    expect(result.error.hint).toMatch(/Free some space/);
    expect(lines.join('')).toContain(/ref ([0-9a-f]{8})/.exec(result.error.message)?.[1]);
  });

  it.each([
    ['a read-only disk', Object.assign(new Error('EROFS: read-only file system, open'), { code: 'EROFS' }), /cannot be written/],
    ['the vector store on a read-only disk', new Error('LanceError(IO): Read-only file system (os error 30)'), /cannot be written/],
    ['a database another program keeps locked', Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }), /locked by another program/],
  ])('explains %s as unavailable storage with what to do', async (_, thrown, message) => {
    const failing = defineTool({ ...echo, name: 'failing', handler: async () => Promise.reject(thrown) });
    const result = await runTool(failing, { category: 'work', key: 'x' }, ctx());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(message) });
    expect(result.error.hint).toBeTruthy();
  });

  it('treats output that breaks the output schema as an internal error', async () => {
    const wrong = defineTool({ ...echo, name: 'wrong', handler: async () => ({ key: 1 }) as never });
    const result = await runTool(wrong, { category: 'work', key: 'x' }, ctx());
    expect(!result.ok && result.error.code).toBe('INTERNAL');
  });

  it('reports a timeout when the call was aborted by a timeout signal', async () => {
    const slow = defineTool({
      ...echo,
      name: 'slow',
      handler: (_input, context) =>
        new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason))),
    });
    const context = createToolContext({ services: {}, signal: AbortSignal.timeout(20) });
    const result = await runTool(slow, { category: 'work', key: 'x' }, context);
    expect(!result.ok && result.error.code).toBe('TIMEOUT');
  });
});

describe('JSON Schema export', () => {
  it('exports an object input schema with descriptions and optional defaults', () => {
    const schema = toolInputJsonSchema(echo);
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['category', 'key']);
    expect((schema.properties as Record<string, { description?: string; enum?: string[] }>).category).toMatchObject({
      description: 'Fact category',
      enum: ['personal', 'work'],
    });
    expect(schema.additionalProperties).toBe(false);
  });

  it('exports the output schema', () => {
    expect(toolOutputJsonSchema(echo)).toMatchObject({ type: 'object', required: ['key', 'category', 'confidence'] });
  });
});
