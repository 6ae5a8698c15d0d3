/**
 * The behaviour of `UsersRepository` and `AccessTokensRepository` (ADR 0074) that sign-in relies on: one user per
 * case-folded email, tokens shown once and stored hashed, and `verify` refusing unknown, revoked and expired tokens
 * and disabled users. Written once against the port and run against every adapter (ADR 0065).
 */
import type { AccessTokensRepository, UsersRepository } from '../../auth/sign-in-rules.js';
import { hashAccessToken } from '../../auth/sign-in-rules.js';
import { contractJest, describeRepositoryContract, toolErrorOf, type OpenRepository } from './contract-jest.js';

const START = '2026-04-01T08:00:00.000Z';

/** Both sign-in repositories over one database (tokens belong to users). */
export interface SignInRepositories {
  users: UsersRepository;
  accessTokens: AccessTokensRepository;
  /** The stored hashes of every token, to check no secret is stored. */
  storedTokenHashes(): Promise<string[]>;
}

/** Declares the users and access tokens contracts as a jest `describe` block named after the adapter. */
export function describeSignInRepositoriesContract(name: string, open: OpenRepository<SignInRepositories>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('UsersRepository and AccessTokensRepository', name, open, START, ({ clock, repository }) => {
    it('adds users under their case-folded email, refuses a duplicate and an invalid email, and lists them by email', async () => {
      const { users } = repository();
      const noa = await users.add({ email: 'Noa.Levi@Example.COM', name: 'Noa Levi' });
      expect(noa).toEqual({ id: expect.any(Number), email: 'noa.levi@example.com', name: 'Noa Levi', status: 'active', createdAt: START, updatedAt: START });
      const ari = await users.add({ email: 'ari@example.com' });
      expect(ari.name).toBeNull();
      const duplicate = await toolErrorOf(users.add({ email: 'NOA.levi@example.com' }));
      expect(duplicate).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/noa\.levi@example\.com already exists/) });
      expect(duplicate.hint).toMatch(/cos users list/);
      expect(await toolErrorOf(users.add({ email: 'not-an-email' }))).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^email:/) });
      expect((await toolErrorOf(users.add({ email: 'x@example.com', name: 'n'.repeat(201) }))).message).toMatch(/^name:/);
      expect((await users.list()).map((user) => user.email)).toEqual(['ari@example.com', 'noa.levi@example.com']);
      expect(await users.getByEmail('NOA.LEVI@example.com')).toEqual(noa);
      expect(await users.getById(ari.id)).toEqual(ari);
      expect(await users.getByEmail('nobody@example.com')).toBeUndefined();
      expect(await users.getById(999_999)).toBeUndefined();
    });

    it('disables and enables a user by email, and reports an unknown one with the fix', async () => {
      const { users } = repository();
      await users.add({ email: 'noa@example.com' });
      clock().advance(1_000);
      expect(await users.setStatus('Noa@example.com', 'disabled')).toMatchObject({ status: 'disabled', createdAt: START, updatedAt: '2026-04-01T08:00:01.000Z' });
      expect((await users.setStatus('noa@example.com', 'active')).status).toBe('active');
      const unknown = await toolErrorOf(users.setStatus('ghost@example.com', 'disabled'));
      expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: 'No user has the email ghost@example.com.' });
      expect(unknown.hint).toMatch(/cos users add/);
      expect((await toolErrorOf(users.setStatus('noa@example.com', 'gone' as 'active'))).message).toMatch(/^status:/);
    });

    it('creates a token shown once, stores only its hash, and lists tokens without secrets', async () => {
      const { users, accessTokens, storedTokenHashes } = repository();
      const noa = await users.add({ email: 'noa@example.com' });
      const created = await accessTokens.create({ userId: noa.id, name: 'laptop' });
      expect(created.token).toMatch(/^cos_pat_[A-Za-z0-9_-]{43}$/);
      expect(created.record).toEqual({
        id: expect.any(Number),
        userId: noa.id,
        name: 'laptop',
        displayPrefix: created.token.slice(0, 12),
        createdAt: START,
        lastUsedAt: null,
        expiresAt: null,
        revokedAt: null,
      });
      clock().advance(1_000);
      const second = await accessTokens.create({ userId: noa.id, expiresAt: '2026-05-01T00:00:00Z' });
      expect(second.token).not.toBe(created.token);
      expect(second.record).toMatchObject({ name: 'default', expiresAt: '2026-05-01T00:00:00.000Z' });
      const listed = await accessTokens.listForUser(noa.id);
      expect(listed.map((token) => token.id)).toEqual([second.record.id, created.record.id]);
      expect(JSON.stringify(listed)).not.toContain(created.token.slice(12));
      expect((await storedTokenHashes()).sort()).toEqual([hashAccessToken(created.token), hashAccessToken(second.token)].sort());
      expect(await accessTokens.listForUser(999_999)).toEqual([]);
      expect(await toolErrorOf(accessTokens.create({ userId: 999_999 }))).toMatchObject({ code: 'NOT_FOUND' });
      expect((await toolErrorOf(accessTokens.create({ userId: noa.id, name: ' ' }))).message).toMatch(/^name:/);
      expect((await toolErrorOf(accessTokens.create({ userId: noa.id, expiresAt: 'soon' }))).message).toMatch(/^expiresAt:/);
    });

    it('verifies a token to its active user, recording the use at most once a minute', async () => {
      const { users, accessTokens } = repository();
      const noa = await users.add({ email: 'noa@example.com' });
      const { token, record } = await accessTokens.create({ userId: noa.id });
      const first = await accessTokens.verify(token);
      expect(first).toEqual({ user: noa, token: { ...record, lastUsedAt: START } });
      clock().advance(30_000);
      expect((await accessTokens.verify(token))?.token.lastUsedAt).toBe(START);
      clock().advance(31_000);
      expect((await accessTokens.verify(token))?.token.lastUsedAt).toBe('2026-04-01T08:01:01.000Z');
      expect((await accessTokens.listForUser(noa.id))[0]?.lastUsedAt).toBe('2026-04-01T08:01:01.000Z');
    });

    it('refuses an unknown, malformed, revoked or expired token and a disabled user, at once', async () => {
      const { users, accessTokens } = repository();
      const noa = await users.add({ email: 'noa@example.com' });
      const kept = await accessTokens.create({ userId: noa.id });
      const revoked = await accessTokens.create({ userId: noa.id });
      const expiring = await accessTokens.create({ userId: noa.id, expiresAt: '2026-04-01T09:00:00.000Z' });
      expect(await accessTokens.verify(`cos_pat_${'A'.repeat(43)}`)).toBeNull();
      expect(await accessTokens.verify('')).toBeNull();
      expect(await accessTokens.verify(`${kept.token}x`)).toBeNull();
      expect(await accessTokens.verify(revoked.token)).not.toBeNull();
      clock().advance(1_000);
      const revocation = await accessTokens.revoke(revoked.record.id);
      expect(revocation.revokedAt).toBe('2026-04-01T08:00:01.000Z');
      expect(await accessTokens.verify(revoked.token)).toBeNull();
      clock().advance(1_000);
      expect((await accessTokens.revoke(revoked.record.id)).revokedAt).toBe('2026-04-01T08:00:01.000Z');
      expect(await toolErrorOf(accessTokens.revoke(999_999))).toMatchObject({ code: 'NOT_FOUND' });
      expect(await accessTokens.verify(expiring.token)).not.toBeNull();
      clock().advance(60 * 60_000);
      expect(await accessTokens.verify(expiring.token)).toBeNull();
      expect(await accessTokens.verify(kept.token)).not.toBeNull();
      await users.setStatus('noa@example.com', 'disabled');
      expect(await accessTokens.verify(kept.token)).toBeNull();
      await users.setStatus('noa@example.com', 'active');
      expect((await accessTokens.verify(kept.token))?.user.email).toBe('noa@example.com');
    });
  });
}
