import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { collectFiles } from './collect-files.js';

const root = mkdtempSync(join(tmpdir(), 'cos-collect-'));
mkdirSync(join(root, 'b', 'deep'), { recursive: true });
mkdirSync(join(root, '.git'));
mkdirSync(join(root, 'node_modules'));
writeFileSync(join(root, 'z.md'), '# z');
writeFileSync(join(root, 'a.txt'), 'a');
writeFileSync(join(root, 'photo.jpg'), 'jpg');
writeFileSync(join(root, 'b', 'deep', 'c.pdf'), '%PDF');
writeFileSync(join(root, '.git', 'config.txt'), 'x');
writeFileSync(join(root, 'node_modules', 'x.md'), 'x');
symlinkSync(join(root, 'a.txt'), join(root, 'link.txt'));

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('collectFiles', () => {
  it('lists supported files in path order, reports links and unsupported files, passes over hidden folders', async () => {
    const collected = await collectFiles(root, true);
    expect(collected.files).toEqual([join(root, 'a.txt'), join(root, 'b', 'deep', 'c.pdf'), join(root, 'z.md')]);
    expect(collected.skipped).toEqual([
      { path: join(root, 'link.txt'), reason: 'symbolic link (links are not followed)' },
      { path: join(root, 'photo.jpg'), reason: 'unsupported file type (.jpg)' },
    ]);
    expect(collected.isDirectory).toBe(true);
  });

  it('stays in the folder when not recursive, and takes a single file as it is', async () => {
    expect((await collectFiles(root, false)).files).toEqual([join(root, 'a.txt'), join(root, 'z.md')]);
    expect(await collectFiles(join(root, 'z.md'), true)).toEqual({ files: [join(root, 'z.md')], skipped: [], isDirectory: false });
    expect((await collectFiles(join(root, 'photo.jpg'), true)).skipped).toHaveLength(1);
  });
});
