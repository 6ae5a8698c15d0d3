import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { isToolError } from '@chief-of-staff/core';
import { resolvePathInsideRoots } from './allowed-roots.js';

const base = mkdtempSync(join(tmpdir(), 'cos-roots-'));
const root = join(base, 'docs');
const outside = join(base, 'private');
mkdirSync(join(root, 'sub'), { recursive: true });
mkdirSync(outside);
writeFileSync(join(root, 'sub', 'a.md'), '# A');
writeFileSync(join(outside, 'secret.txt'), 'secret');
symlinkSync(join(outside, 'secret.txt'), join(root, 'link.txt'));
symlinkSync(outside, join(root, 'linked-dir'));

afterAll(() => rmSync(base, { recursive: true, force: true }));

async function failure(path: string, roots: string[] = [root]) {
  const error = await resolvePathInsideRoots(path, roots).catch((caught: unknown) => caught);
  if (!isToolError(error)) throw new Error(`expected a ToolError, got ${String(error)}`);
  return error;
}

describe('resolvePathInsideRoots', () => {
  it('accepts files and folders inside a root and returns the real path', async () => {
    await expect(resolvePathInsideRoots(join(root, 'sub', 'a.md'), [root])).resolves.toMatch(/sub\/a\.md$/);
    await expect(resolvePathInsideRoots(join(root, 'sub', '..'), [root])).resolves.toMatch(/docs$/);
  });

  it('refuses paths outside the roots, naming the roots and the config key', async () => {
    const error = await failure(join(outside, 'secret.txt'));
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(error.message).toContain(root);
    expect(error.hint).toContain('documents.allowedRoots');
    expect((await failure(join(root, '..', 'private'))).code).toBe('PERMISSION_DENIED');
  });

  it('refuses symbolic links, including a folder link that leads outside', async () => {
    const error = await failure(join(root, 'link.txt'));
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(error.message).toContain('symbolic link');
    expect((await failure(join(root, 'linked-dir', 'secret.txt'))).code).toBe('PERMISSION_DENIED');
  });

  it('says "not found" only inside the roots', async () => {
    expect((await failure(join(root, 'missing.md'))).code).toBe('NOT_FOUND');
    expect((await failure(join(outside, 'missing.md'))).code).toBe('PERMISSION_DENIED');
  });

  it('allows nothing when no root exists', async () => {
    const error = await failure(join(root, 'sub', 'a.md'), [join(base, 'does-not-exist')]);
    expect(error.code).toBe('PERMISSION_DENIED');
  });
});
