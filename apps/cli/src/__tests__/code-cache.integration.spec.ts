/**
 * The built entry runs the bundle with a V8 code cache kept in the user's cache directory (tools/scripts/app-loader.cjs,
 * the same loader for the server): written once, reused while V8 accepts it, written again when it does not or when it
 * lacks the libraries a later command loads, never kept where another user could write, and off when asked.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createCliSandbox } from './run-cli.js';

const sandbox = createCliSandbox('code-cache');
const home = join(sandbox.dataDir, '..');
afterAll(() => sandbox.remove());

const cacheFiles = (directory: string) => (existsSync(directory) ? readdirSync(directory).filter((name) => name.startsWith('cli-')) : []);

async function version(env: Record<string, string> = {}): Promise<string> {
  const run = await sandbox.run(['--version'], env);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  return run.stdout;
}

describe('the code cache of the built cos', () => {
  const directory = join(home, '.cache', 'chief-of-staff', 'code');
  let expected = '';

  it('is written on the first run into a directory only the user can read, and reused by the next', async () => {
    expected = await version();
    const [file] = cacheFiles(directory);
    expect(file).toMatch(/^cli-[0-9a-f]{16}-v8-.+\.bin$/);
    expect(statSync(directory).mode & 0o777).toBe(0o700);
    const written = statSync(join(directory, file as string));
    expect(written.mode & 0o777).toBe(0o600);
    expect(written.size).toBeGreaterThan(100_000);

    expect(await version()).toBe(expected);
    // Accepted by V8, so not written again.
    expect(statSync(join(directory, file as string)).mtimeMs).toBe(written.mtimeMs);
    expect(cacheFiles(directory)).toEqual([file]);
  });

  it('replaces a cache V8 refuses (damaged, or from another build) and answers the same', async () => {
    const [file] = cacheFiles(directory);
    const path = join(directory, file as string);
    writeFileSync(path, 'not a code cache');
    expect(await version()).toBe(expected);
    expect(readFileSync(path).length).toBeGreaterThan(100_000);
  });

  it('follows XDG_CACHE_HOME, and COS_CODE_CACHE names a directory or turns it off', async () => {
    const xdg = join(home, 'xdg');
    expect(await version({ XDG_CACHE_HOME: xdg })).toBe(expected);
    expect(cacheFiles(join(xdg, 'chief-of-staff', 'code'))).toHaveLength(1);

    const chosen = join(home, 'chosen');
    expect(await version({ COS_CODE_CACHE: chosen })).toBe(expected);
    expect(cacheFiles(chosen)).toHaveLength(1);

    const unused = join(home, 'unused-home');
    mkdirSync(unused);
    expect(await version({ HOME: unused, COS_CODE_CACHE: 'off' })).toBe(expected);
    expect(readdirSync(unused)).toEqual([]);
  });

  it('is written again, once, by the first command that loads the libraries when a run without them wrote it', async () => {
    const chosen = join(home, 'first-run-version');
    const run = async (args: string[]) => {
      const result = args[0] === '--version' ? { code: 0, stdout: await version({ COS_CODE_CACHE: chosen }) } : await sandbox.run(args, { COS_CODE_CACHE: chosen });
      expect(result.code).toBe(0);
      const files = cacheFiles(chosen);
      expect(files).toHaveLength(1);
      const stat = statSync(join(chosen, files[0] as string));
      return { size: stat.size, mtimeMs: stat.mtimeMs, stdout: result.stdout };
    };
    // The first run after an install is often `--help` or `--version`: none of the libraries run.
    const first = await run(['--version']);
    const tools = await run(['tools']);
    // Without this every later command compiled the libraries again.
    expect(tools.size).toBeGreaterThan(first.size + 500_000);
    expect(await run(['tools'])).toEqual(tools);
    expect(await run(['memory', 'search', 'budget'])).toEqual({ ...tools, stdout: expect.any(String) });
    expect(await run(['--version'])).toEqual({ ...tools, stdout: expected });
  });

  it('does not use a directory other users can write to', async () => {
    const shared = join(home, 'shared');
    mkdirSync(shared, { mode: 0o777 });
    chmodSync(shared, 0o777);
    expect(await version({ COS_CODE_CACHE: shared })).toBe(expected);
    expect(readdirSync(shared)).toEqual([]);
  });
});
