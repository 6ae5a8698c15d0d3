/**
 * `cos users` and `cos tokens` through the built CLI: adding people (one per email whatever its case), a token printed
 * once and never listed again, revoking it, disabling a user, and the errors that say how to fix the command.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { createCliSandbox } from './run-cli.js';

const sandbox = createCliSandbox('users');
afterAll(() => sandbox.remove());

describe('cos users and cos tokens', () => {
  it('adds, lists, disables and enables users, refusing a duplicate email and naming an unknown one', async () => {
    const empty = await sandbox.run(['users', 'list']);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('No users yet');

    const added = await sandbox.run(['users', 'add', 'Noa@Example.com', '--name', 'Noa Levi']);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Added noa@example.com');
    expect((await sandbox.run(['users', 'add', 'ari@example.com'])).code).toBe(0);

    const duplicate = await sandbox.run(['users', 'add', 'NOA@example.com']);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/CONFLICT: A user with email noa@example.com already exists\. .*cos users list/);
    const invalid = await sandbox.run(['users', 'add', 'noa']);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('not a valid email address');

    const listed = await sandbox.run(['users', 'list', '--json']);
    expect(listed.json<{ users: Array<Record<string, unknown>> }>().users).toEqual([
      expect.objectContaining({ email: 'ari@example.com', name: null, status: 'active' }),
      expect.objectContaining({ email: 'noa@example.com', name: 'Noa Levi', status: 'active' }),
    ]);

    const disabled = await sandbox.run(['users', 'disable', 'noa@example.com']);
    expect(disabled.stdout).toContain('noa@example.com is now disabled.');
    expect((await sandbox.run(['users', 'list'])).stdout).toMatch(/noa@example\.com\s+Noa Levi\s+disabled/);
    expect((await sandbox.run(['users', 'enable', 'noa@example.com'])).stdout).toContain('is now active');

    const unknown = await sandbox.run(['users', 'disable', 'ghost@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('NOT_FOUND: No user has the email ghost@example.com. Add one with `cos users add <email>`');
  }, 60_000);

  it('prints a token once, lists tokens without it, and revokes one', async () => {
    const created = await sandbox.run(['tokens', 'create', '--user', 'noa@example.com', '--name', 'laptop', '--expires-in-days', '30']);
    expect(created.code).toBe(0);
    const token = created.stdout.split('\n')[0] ?? '';
    expect(token).toMatch(/^cos_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.stdout).toContain('it will not be shown again');
    expect(created.stdout).toMatch(/Token \d+ \("laptop"\) for noa@example\.com, valid until \d{4}-/);

    const asJson = await sandbox.run(['tokens', 'create', '--user', 'noa@example.com', '--json']);
    const second = asJson.json<{ token: string; id: number; name: string; expiresAt: string | null; user: string }>();
    expect(second).toMatchObject({ token: expect.stringMatching(/^cos_pat_/), name: 'default', expiresAt: null, user: 'noa@example.com' });

    const listed = await sandbox.run(['tokens', 'list', '--user', 'NOA@example.com']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${token.slice(0, 12)}…`);
    expect(listed.stdout).not.toContain(token.slice(12));
    expect(listed.stdout).toMatch(/laptop\s+cos_pat_\S+\s+\S+\s+never\s+until /);

    const revoked = await sandbox.run(['tokens', 'revoke', String(second.id)]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`Token ${second.id} ("default") is revoked`);
    const afterRevoke = await sandbox.run(['tokens', 'list', '--user', 'noa@example.com', '--json']);
    const tokens = afterRevoke.json<{ tokens: Array<{ id: number; revokedAt: string | null }> }>().tokens;
    expect(tokens.find((entry) => entry.id === second.id)?.revokedAt).toEqual(expect.any(String));
    expect(JSON.stringify(tokens)).not.toContain(second.token);

    const noUser = await sandbox.run(['tokens', 'create', '--user', 'ghost@example.com']);
    expect(noUser.code).toBe(1);
    expect(noUser.stderr).toContain('No user has the email ghost@example.com');
    const noToken = await sandbox.run(['tokens', 'revoke', '999']);
    expect(noToken.code).toBe(1);
    expect(noToken.stderr).toContain('Access token 999 not found');
    const badId = await sandbox.run(['tokens', 'revoke', 'abc']);
    expect(badId.code).toBe(2);
    const badDays = await sandbox.run(['tokens', 'create', '--user', 'noa@example.com', '--expires-in-days', '0']);
    expect(badDays.code).toBe(2);
    expect(badDays.stderr).toContain('--expires-in-days');
  }, 60_000);
});
