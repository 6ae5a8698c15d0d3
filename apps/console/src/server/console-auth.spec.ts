import { describe, expect, it } from '@jest/globals';
import { createConsoleAuth, mintSignInCode, sessionCookieIsSecure, SESSION_IDLE_MS, SIGN_IN_CODE_TTL_MS } from './console-auth.js';

const TOKEN = 'a-server-token-of-at-least-thirty-two-characters';

describe('console sign-in codes', () => {
  it('sign in once, from any process holding the token', () => {
    let now = 1_000_000;
    const auth = createConsoleAuth({ serverToken: TOKEN, now: () => now });
    const minted = mintSignInCode(TOKEN, now);
    expect(auth.redeemSignInCode(minted)?.principal).toEqual({ kind: 'owner' });
    expect(auth.redeemSignInCode(minted)).toBeUndefined();
    now += 1_000;
    expect(auth.redeemSignInCode(auth.issueSignInCode())).toBeDefined();
  });

  it('refuse an expired, altered or foreign code', () => {
    let now = 1_000_000;
    const auth = createConsoleAuth({ serverToken: TOKEN, now: () => now });
    const code = auth.issueSignInCode();
    const [expires, nonce, mac] = code.split('.') as [string, string, string];
    expect(auth.redeemSignInCode(`${Number(expires) + 3600}.${nonce}.${mac}`)).toBeUndefined();
    expect(auth.redeemSignInCode(`${expires}.${nonce}x.${mac}`)).toBeUndefined();
    expect(auth.redeemSignInCode(mintSignInCode(`${TOKEN}-other`, now))).toBeUndefined();
    expect(auth.redeemSignInCode('')).toBeUndefined();
    now += SIGN_IN_CODE_TTL_MS + 1_000;
    expect(auth.redeemSignInCode(code)).toBeUndefined();
  });
});

describe('console sessions', () => {
  it('open with the token, end after 12 idle hours or on sign-out, and each has its own CSRF token', () => {
    let now = 0;
    const auth = createConsoleAuth({ serverToken: TOKEN, now: () => now });
    expect(auth.signInWithToken('wrong')).toBeUndefined();
    expect(auth.signInWithToken('')).toBeUndefined();
    const one = auth.signInWithToken(TOKEN);
    const two = auth.signInWithToken(` ${TOKEN}\n`);
    expect(one?.csrfToken).not.toBe(two?.csrfToken);
    now += SESSION_IDLE_MS - 1;
    expect(auth.session(one?.id)).toBeDefined();
    now += SESSION_IDLE_MS + 1;
    expect(auth.session(one?.id)).toBeUndefined();
    auth.signOut(two?.id ?? '');
    expect(auth.session(two?.id)).toBeUndefined();
    expect(auth.session(undefined)).toBeUndefined();
  });
});

describe('the session cookie', () => {
  it('is Secure only for a request that came over TLS, so a browser keeps it over plain HTTP', () => {
    expect(sessionCookieIsSecure('https://console.example.com/sign-in?code=x')).toBe(true);
    expect(sessionCookieIsSecure('http://127.0.0.1:8767/sign-in?code=x')).toBe(false);
    expect(sessionCookieIsSecure('http://192.0.2.10:8767/sign-in')).toBe(false);
  });
});
