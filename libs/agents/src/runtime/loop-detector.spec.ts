import { describe, expect, it } from '@jest/globals';
import { canonicalJson, toolCallKey } from './canonical-json.js';
import { createLoopDetector } from './loop-detector.js';

describe('canonical call keys', () => {
  it('ignore key order and undefined values but keep array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: undefined } })).toBe('{"a":{"d":[2,1]},"b":1}');
    expect(toolCallKey('t', { a: 1, b: 2 })).toBe(toolCallKey('t', { b: 2, a: 1 }));
    expect(toolCallKey('t', { a: [1, 2] })).not.toBe(toolCallKey('t', { a: [2, 1] }));
    expect(toolCallKey('t', {})).not.toBe(toolCallKey('u', {}));
  });
});

describe('loop detector', () => {
  it('warns at the 3rd and 4th identical call and stops at the 5th', () => {
    const detector = createLoopDetector();
    const verdicts = [1, 2, 3, 4, 5].map(() => detector.check('query_memory', { query: 'x' }));
    expect(verdicts.slice(0, 2)).toEqual([{ action: 'run' }, { action: 'run' }]);
    expect(verdicts[2]).toEqual({
      action: 'run',
      warning: 'Identical call repeated 3 times; the result will not change — use it or change approach.',
    });
    expect(verdicts[3]).toMatchObject({ action: 'run', warning: expect.stringContaining('4 times') });
    expect(verdicts[4]).toMatchObject({ action: 'stop', count: 5 });
  });

  it('resets the count when the call changes', () => {
    const detector = createLoopDetector();
    detector.check('a', {});
    detector.check('a', {});
    detector.check('b', {});
    expect(detector.check('a', {})).toEqual({ action: 'run' });
    expect(detector.check('a', {})).toEqual({ action: 'run' });
    expect(detector.check('a', {}).action).toBe('run');
  });

  it('warns once per A-B-A-B alternation until the pattern breaks', () => {
    const detector = createLoopDetector();
    const seq = ['a', 'b', 'a', 'b', 'a', 'b', 'c', 'a', 'c', 'a'];
    const warned = seq.map((tool) => detector.check(tool, {})).map((v) => v.action === 'run' && v.warning !== undefined);
    expect(warned).toEqual([false, false, false, true, false, false, false, false, false, true]);
  });

  it('never counts exempt tools and honours custom thresholds', () => {
    const detector = createLoopDetector({ warnAt: 2, stopAt: 3, exemptTools: ['tool_search'] });
    for (let i = 0; i < 10; i += 1) expect(detector.check('tool_search', { query: 'q' })).toEqual({ action: 'run' });
    expect(detector.check('x', {})).toEqual({ action: 'run' });
    expect(detector.check('x', {}).action).toBe('run');
    expect(detector.check('x', {}).action).toBe('stop');
  });
});
