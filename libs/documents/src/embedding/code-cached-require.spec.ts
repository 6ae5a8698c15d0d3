import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';

interface CodeCachedRequire {
  requireWithCodeCache(file: string, directory: string | undefined): { exports: { answer(): number }; save(): void };
}
const { requireWithCodeCache } = createRequire(import.meta.url)('./code-cached-require.cjs') as CodeCachedRequire;

const root = mkdtempSync(join(tmpdir(), 'cos-code-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A CommonJS package file with a dependency of its own, as the ML core has. */
function packageFile(name: string): string {
  const dir = join(root, 'node_modules', name, 'dist');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'helper.js'), 'module.exports = { base: 40 };\n');
  const file = join(dir, 'index.js');
  writeFileSync(file, "const { base } = require('./helper.js');\nexports.answer = function answer() { return base + 2; };\n");
  return file;
}

const cacheFiles = (directory: string) => readdirSync(directory).filter((name) => name.endsWith('.bin'));

describe('requireWithCodeCache', () => {
  it('writes a cache once the caller says the code has worked, and the next load uses it instead of writing again', () => {
    const file = packageFile('first');
    const directory = join(root, 'private');
    mkdirSync(directory, { mode: 0o700 });
    const loaded = requireWithCodeCache(file, directory);
    expect(loaded.exports.answer()).toBe(42);
    expect(cacheFiles(directory)).toEqual([]);
    loaded.save();
    const [written] = cacheFiles(directory);
    expect(written).toMatch(/^first-index-[0-9a-f]{16}-v8-.+\.bin$/);
    const stat = statSync(join(directory, written as string));
    expect(stat.mode & 0o777).toBe(0o600);

    const again = requireWithCodeCache(file, directory);
    expect(again.exports.answer()).toBe(42);
    again.save();
    expect(statSync(join(directory, written as string)).mtimeMs).toBe(stat.mtimeMs);
  });

  it('replaces the cache of an earlier version of the file', () => {
    const file = packageFile('second');
    const directory = join(root, 'upgrades');
    mkdirSync(directory, { mode: 0o700 });
    requireWithCodeCache(file, directory).save();
    const [before] = cacheFiles(directory);
    writeFileSync(file, "exports.answer = function answer() { return 43; };\n");
    const upgraded = requireWithCodeCache(file, directory);
    expect(upgraded.exports.answer()).toBe(43);
    upgraded.save();
    expect(cacheFiles(directory)).toHaveLength(1);
    expect(cacheFiles(directory)).not.toEqual([before]);
  });

  it('is a plain require without a directory, or with one other users can write to', () => {
    const file = packageFile('third');
    const shared = join(root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    for (const directory of [undefined, shared, join(root, 'missing')]) {
      const loaded = requireWithCodeCache(file, directory);
      expect(loaded.exports.answer()).toBe(42);
      loaded.save();
    }
    expect(readdirSync(shared)).toEqual([]);
  });
});
