/**
 * Error messages through the built CLI that say exactly what to fix: JSON arguments with a mistake point at the line
 * and column, and an empty search is refused in plain words rather than zod's wording.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { createCliSandbox } from './run-cli.js';

const sandbox = createCliSandbox('errors');
afterAll(() => sandbox.remove());

describe('error messages', () => {
  it('bad JSON arguments: where it goes wrong, what was expected there, and a valid example (exit 2)', async () => {
    const bad = await sandbox.run(['call', 'query_memory', '{bad json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Invalid JSON in the arguments at line 1, column 2: expected property name or '}'.");
    expect(bad.stderr).toContain('  {bad json\n   ^\n');
    expect(bad.stderr).toContain(`e.g. '{"query":"Dana"}'`);

    const twoLines = await sandbox.run(['call', 'query_memory', '{\n  "query": "Dana"\n  "limit": 3\n}']);
    expect(twoLines.code).toBe(2);
    expect(twoLines.stderr).toContain("at line 3, column 3: expected ',' or '}' after property value.");

    const list = await sandbox.run(['call', 'query_memory', '["Dana"]']);
    expect(list.code).toBe(2);
    expect(list.stderr).toContain('The arguments must be a JSON object ({…}), not an array.');

    const config = await sandbox.run(['schedule', 'add', 'plan', 'run_agent', '--every', '60', '--config', '{"agent": "weekly_planner",}']);
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('Invalid JSON in --config at line 1, column 28: expected double-quoted property name.');
  });

  it('an empty search says the query must not be empty', async () => {
    const empty = await sandbox.run(['docs', 'search', '']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('query: must not be empty');
    expect(empty.stderr).not.toContain('Too small');
    const blank = await sandbox.run(['call', 'store_fact', '{"category":"work","key":"  ","value":"x"}']);
    expect(blank.json<{ error: { message: string } }>().error.message).toBe('key: must not be empty (blank text does not count).');
  });
});
