/**
 * The OpenID Connect access token check on its own, against a real in-process provider and a real store: the `sub`
 * claim mapped to a user's email or id, the `email` claim only when the provider says it verified the address, a
 * token without the claim, a disabled user, a provider that names another issuer, and an unreachable provider (which
 * is the server's problem: not a refusal).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger, createSystemClock, loadConfig } from '@chief-of-staff/core';
import { openStorage, type MemoryStore, type UserRecord } from '@chief-of-staff/sdk';
import { createOidcAccessTokenVerifier } from '../http/oidc-access-tokens.js';
import { SignInUnavailableError } from '../http/sign-in.js';
import { startTestOidcProvider, type TestOidcProvider } from './oidc-test-provider.js';

const AUDIENCE = 'https://cos.test/mcp';

describe('OpenID Connect access tokens', () => {
  let dataDir: string;
  let store: MemoryStore;
  let provider: TestOidcProvider;
  let noa: UserRecord;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-oidc-'));
    store = (await openStorage(loadConfig({ env: { COS_DATA_DIR: dataDir } }), { clock: createSystemClock('UTC'), logger: createSilentLogger() })).memory;
    provider = await startTestOidcProvider(['noa@example.com', 'eve@example.com', 'zed@example.com'], {
      emailVerified: { 'eve@example.com': false, 'zed@example.com': 'absent' },
    });
    noa = await store.users.add({ email: 'noa@example.com' });
    await store.users.add({ email: 'eve@example.com' });
    await store.users.add({ email: 'zed@example.com' });
    await store.users.add({ email: 'ari@example.com' });
    await store.users.setStatus('ari@example.com', 'disabled');
  });

  afterAll(async () => {
    await provider.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const claims = (extra: Record<string, unknown>): Record<string, unknown> => {
    const now = Math.floor(Date.now() / 1000);
    return { iss: provider.issuer, aud: AUDIENCE, iat: now, exp: now + 300, ...extra };
  };

  it('maps sub to the user whose email it is, or whose id it is, and refuses anything else', async () => {
    const verifier = createOidcAccessTokenVerifier({ issuer: provider.issuer, audience: AUDIENCE, claim: 'sub', users: store.users });
    const signedIn = { principal: { kind: 'user', userId: noa.id, email: 'noa@example.com', via: 'oidc' } };
    expect(await verifier.verify(await provider.sign(claims({ sub: 'NOA@example.com' })))).toEqual(signedIn);
    expect(await verifier.verify(await provider.sign(claims({ sub: String(noa.id) })))).toEqual(signedIn);
    expect(await verifier.verify(await provider.sign(claims({ sub: 'a1b2c3-opaque' })))).toEqual({ refused: expect.stringMatching(/sub is not an active user/) });
    expect(await verifier.verify(await provider.sign(claims({ sub: 'ari@example.com' })))).toEqual({ refused: expect.stringMatching(/not an active user/) });
    expect(await verifier.verify(await provider.sign(claims({})))).toEqual({ refused: 'The access token has no sub claim to find the user by.' });
    expect(await verifier.verify(await provider.sign(claims({ sub: 'noa@example.com', nbf: Math.floor(Date.now() / 1000) + 3_600 })))).toEqual({
      refused: expect.stringMatching(/nbf claim/),
    });
  });

  it('maps email only when the provider says it verified the address (email_verified true)', async () => {
    const verifier = createOidcAccessTokenVerifier({ issuer: provider.issuer, audience: AUDIENCE, claim: 'email', users: store.users });
    const signedIn = { principal: { kind: 'user', userId: noa.id, email: 'noa@example.com', via: 'oidc' } };
    expect(await verifier.verify(await provider.token('noa@example.com', AUDIENCE))).toEqual(signedIn);
    // Anyone may register an address they do not own with a provider that does not verify it: that is not the user.
    const unverified = { refused: expect.stringMatching(/^The access token's email is not verified by the identity provider \(email_verified is not true\)\..*mcp\.http\.oidc\.claim to sub/) };
    expect(await verifier.verify(await provider.token('eve@example.com', AUDIENCE))).toEqual(unverified);
    expect(await verifier.verify(await provider.token('zed@example.com', AUDIENCE))).toEqual(unverified);
    expect(await verifier.verify(await provider.sign(claims({ email: 'noa@example.com', email_verified: 'false' })))).toEqual(unverified);
    expect(await verifier.verify(await provider.sign(claims({ email: 'noa@example.com', email_verified: 1 })))).toEqual(unverified);
    // Sign in with Apple documents email_verified as the string "true" as well as the boolean.
    expect(await verifier.verify(await provider.sign(claims({ email: 'noa@example.com', email_verified: 'true' })))).toEqual(signedIn);
    // Mapping by sub does not look at email_verified.
    const bySub = createOidcAccessTokenVerifier({ issuer: provider.issuer, audience: AUDIENCE, claim: 'sub', users: store.users });
    expect(await bySub.verify(await provider.sign(claims({ sub: String(noa.id), email: 'noa@example.com', email_verified: false })))).toEqual(signedIn);
  });

  it('refuses a token without exp, and reports an unreachable or misnamed provider as unavailable, not as a refusal', async () => {
    const verifier = createOidcAccessTokenVerifier({ issuer: provider.issuer, audience: AUDIENCE, claim: 'email', users: store.users });
    const { exp: _exp, ...noExpiry } = claims({ email: 'noa@example.com', email_verified: true });
    expect(await verifier.verify(await provider.sign(noExpiry))).toEqual({ refused: expect.stringMatching(/exp claim/) });
    const token = await provider.sign(claims({ email: 'noa@example.com', email_verified: true }));
    const misnamed = createOidcAccessTokenVerifier({ issuer: `${provider.issuer}/`, audience: AUDIENCE, claim: 'email', users: store.users });
    await expect(misnamed.verify(token)).rejects.toThrow(SignInUnavailableError);
    const unreachable = createOidcAccessTokenVerifier({ issuer: 'http://127.0.0.1:9', audience: AUDIENCE, claim: 'email', users: store.users, timeoutMs: 1_000 });
    await expect(unreachable.verify(token)).rejects.toThrow(/could not be reached/);
  });
});
