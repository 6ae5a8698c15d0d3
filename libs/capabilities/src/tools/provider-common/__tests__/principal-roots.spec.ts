/**
 * A signed-in user's file tools on PostgreSQL storage reach only their own folder inside each allowed root; the owner,
 * and everybody on the data directory, keep the configured roots.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { isToolError, runInPrincipalScope } from '@chief-of-staff/core';
import { assertInPrincipalRoots, principalRoots } from '../principal-roots.js';

const root = mkdtempSync(join(tmpdir(), 'cos-principal-roots-'));
const mine = join(root, '.principals', 'user-2');
const theirs = join(root, '.principals', 'user-1');
const URL = 'postgres://cos@db/cos';
mkdirSync(mine, { recursive: true });
mkdirSync(theirs, { recursive: true });
writeFileSync(join(theirs, 'plan.md'), 'theirs');
writeFileSync(join(mine, 'notes.md'), 'mine');
symlinkSync(theirs, join(mine, 'link'));

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function codeOf(work: () => Promise<void>): Promise<string> {
  try {
    await work();
    return 'allowed';
  } catch (error) {
    return isToolError(error) ? error.code : String(error);
  }
}

describe('principal roots', () => {
  it('keeps the configured roots for the owner and on the data directory', async () => {
    expect(principalRoots([root], URL)).toEqual([root]);
    expect(runInPrincipalScope('user:2', () => principalRoots([root], undefined))).toEqual([root]);
    expect(await codeOf(() => runInPrincipalScope('user:2', () => assertInPrincipalRoots(join(theirs, 'plan.md'), [root], undefined)))).toBe('allowed');
  });

  it('gives a user on PostgreSQL their own folder only, through links too', async () => {
    const asUser = (path: string) => codeOf(() => runInPrincipalScope('user:2', () => assertInPrincipalRoots(path, [root], URL)));
    expect(runInPrincipalScope('user:2', () => principalRoots([root], URL))).toEqual([mine]);
    expect(await asUser(join(mine, 'notes.md'))).toBe('allowed');
    expect(await asUser(mine)).toBe('allowed');
    expect(await asUser(join(theirs, 'plan.md'))).toBe('PERMISSION_DENIED');
    expect(await asUser(root)).toBe('PERMISSION_DENIED');
    expect(await asUser(join(mine, '..', 'user-1', 'plan.md'))).toBe('PERMISSION_DENIED');
    expect(await asUser(join(mine, 'link', 'plan.md'))).toBe('PERMISSION_DENIED');
    expect(await asUser(`${mine}-other/x.md`)).toBe('PERMISSION_DENIED');
  });
});
