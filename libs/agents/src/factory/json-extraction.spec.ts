import { describe, expect, it } from '@jest/globals';
import { extractJsonObject } from './json-extraction.js';

describe('extractJsonObject', () => {
  it('parses the whole text', () => {
    expect(extractJsonObject('  {"a": 1}\n')).toEqual({ a: 1 });
  });

  it('takes the first fenced block, tagged or not', () => {
    expect(extractJsonObject('Here it is:\n```json\n{"a": 2}\n```\nthanks')).toEqual({ a: 2 });
    expect(extractJsonObject('```\n{"a": 3}\n```')).toEqual({ a: 3 });
  });

  it('finds the first balanced object with braces inside strings', () => {
    expect(extractJsonObject('Sure! {"name": "x", "system_prompt": "use {braces} and \\"quotes\\" }"} done')).toEqual({
      name: 'x',
      system_prompt: 'use {braces} and "quotes" }',
    });
    expect(extractJsonObject('noise {not json} then {"ok": true}')).toEqual({ ok: true });
  });

  it('returns undefined for text without an object', () => {
    expect(extractJsonObject('I cannot help with that.')).toBeUndefined();
    expect(extractJsonObject('[1, 2]')).toBeUndefined();
    expect(extractJsonObject('{"broken": ')).toBeUndefined();
  });
});
