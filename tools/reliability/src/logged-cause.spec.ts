import { describe, expect, it } from '@jest/globals';
import { withLoggedCause } from './logged-cause.js';

describe('the logged cause of an unexpected error', () => {
  const answer = 'query_memory: [{"type":"text","text":"INTERNAL: Unexpected error in query_memory (ref 1a2b3c4d)."}]';
  const logs = [
    '{"level":30,"msg":"listening on http://127.0.0.1:1/mcp"}\n',
    '{"level":50,"tool":"query_memory","ref":"1a2b3c4d","err":{"type":"Error","code":"53300","message":"sorry, too many clients already"},"msg":"tool handler failed"}\n',
  ];

  it('appends what the server logged under the answer\'s ref', () => {
    expect(withLoggedCause(answer, logs)).toBe(`${answer} — logged: Error 53300: sorry, too many clients already`);
  });

  it('follows a wrapping error to its cause', () => {
    const wrapped =
      '{"level":50,"ref":"1a2b3c4d","err":{"type":"DrizzleQueryError","message":"Failed query: select 1\\nparams: ","cause":{"type":"Error","message":"timeout exceeded when trying to connect"}}}';
    expect(withLoggedCause(answer, [wrapped])).toBe(`${answer} — logged: DrizzleQueryError: Failed query: select 1 ← Error: timeout exceeded when trying to connect`);
  });

  it('leaves an answer without a ref, or with a ref nobody logged, as it is', () => {
    expect(withLoggedCause('store_fact: fetch failed', logs)).toBe('store_fact: fetch failed');
    expect(withLoggedCause(answer.replace('1a2b3c4d', 'ffffffff'), logs)).toBe(answer.replace('1a2b3c4d', 'ffffffff'));
  });
});
