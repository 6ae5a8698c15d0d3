/**
 * Who may use the console (docs/console.md#security, ADR 0083). The HTTP token (`mcp.http.token`, or the one in
 * `<dataDir>/mcp-http-token`) is the only secret. A one-time sign-in code is minted from it: `<expires>.<nonce>.<mac>`
 * with an HMAC-SHA256 under the token, so any process that can read the token (`cos ui`, the worker) can print a
 * link for a console that is already running, and the console checks it without storing it in advance. A code works
 * once (its nonce is remembered until it expires) and for a limited time. Using a code, or pasting the token into the
 * sign-in form, opens a session: a random id in an `HttpOnly; SameSite=Strict` cookie (`Secure` when the request came
 * over TLS), with its own CSRF token. Sessions live in memory: restarting the console signs everyone out.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { tokensMatch, type ToolPrincipal } from '@chief-of-staff/core';
import type { FlashTone } from '../page-kit/flash-banner.js';
import type { FlashAction } from '../page-kit/types.js';

/** How long a printed sign-in link works. */
export const SIGN_IN_CODE_TTL_MS = 15 * 60_000;
/** A session unused for this long is forgotten. */
export const SESSION_IDLE_MS = 12 * 60 * 60_000;

export interface ConsoleSession {
  readonly id: string;
  readonly csrfToken: string;
  readonly principal: ToolPrincipal;
  lastSeen: number;
  /** What the last action said, shown once by the next page (POST-redirect-GET). */
  flash?: string;
  /** Whether that flash says something was done (green) or was not (red, "Not done: …"). */
  flashTone?: FlashTone;
  /** The form offered with that flash (an Undo button), shown once with it. */
  flashAction?: FlashAction;
}

export interface ConsoleAuth {
  /** Mints a sign-in code (what the printed link carries). */
  issueSignInCode(): string;
  /** Opens a session for a valid, unused, unexpired code; `undefined` otherwise (the code is spent either way). */
  redeemSignInCode(code: string): ConsoleSession | undefined;
  /** Opens a session for the HTTP token pasted into the sign-in form. */
  signInWithToken(token: string): ConsoleSession | undefined;
  /** The session a cookie names, if it is still open (refreshes its idle timer). */
  session(id: string | undefined): ConsoleSession | undefined;
  signOut(id: string): void;
}

export interface ConsoleAuthOptions {
  /** The HTTP token (`loadOrCreateHttpToken`). */
  serverToken: string;
  now?: () => number;
  codeTtlMs?: number;
}

/**
 * Whether the session cookie gets `Secure`: only for a request that came over TLS. A browser drops a `Secure` cookie
 * set over plain HTTP, so on `http://127.0.0.1` (or a console reached by plain HTTP at all) signing in would never
 * stick. The URL's scheme is the socket's (the node adapter says https for a TLS socket; a client that writes an https
 * URL into its own request line only makes its own cookie stricter). No proxy header is believed: there is no notion
 * of a trusted proxy here, so behind a TLS proxy the cookie goes without `Secure` (the proxy may add it).
 */
export function sessionCookieIsSecure(requestUrl: string): boolean {
  return requestUrl.startsWith('https:');
}

function mac(serverToken: string, payload: string): string {
  return createHmac('sha256', serverToken).update(`cos-console-sign-in:${payload}`).digest('base64url');
}

/** A sign-in code for the console that holds `serverToken`, valid for `ttlMs` from `now`. */
export function mintSignInCode(serverToken: string, now: number = Date.now(), ttlMs: number = SIGN_IN_CODE_TTL_MS): string {
  const payload = `${Math.floor((now + ttlMs) / 1000)}.${randomBytes(18).toString('base64url')}`;
  return `${payload}.${mac(serverToken, payload)}`;
}

const CODE_SHAPE = /^(\d{1,12})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/;

export function createConsoleAuth(options: ConsoleAuthOptions): ConsoleAuth {
  const now = options.now ?? Date.now;
  const ttlMs = options.codeTtlMs ?? SIGN_IN_CODE_TTL_MS;
  const sessions = new Map<string, ConsoleSession>();
  /** Spent nonces until their code would have expired anyway. */
  const spent = new Map<string, number>();

  function open(principal: ToolPrincipal): ConsoleSession {
    const session: ConsoleSession = {
      id: randomBytes(32).toString('base64url'),
      csrfToken: randomBytes(32).toString('base64url'),
      principal,
      lastSeen: now(),
    };
    sessions.set(session.id, session);
    return session;
  }

  function forgetExpired(at: number): void {
    for (const [nonce, expires] of spent) if (expires <= at) spent.delete(nonce);
    for (const [id, session] of sessions) if (at - session.lastSeen > SESSION_IDLE_MS) sessions.delete(id);
  }

  return {
    issueSignInCode: () => mintSignInCode(options.serverToken, now(), ttlMs),
    redeemSignInCode(code) {
      const match = CODE_SHAPE.exec(code);
      if (!match) return undefined;
      const [, expires, nonce, presented] = match as unknown as [string, string, string, string];
      if (!tokensMatch(mac(options.serverToken, `${expires}.${nonce}`), presented)) return undefined;
      const at = now();
      forgetExpired(at);
      const expiresAt = Number(expires) * 1000;
      if (expiresAt <= at || spent.has(nonce)) return undefined;
      spent.set(nonce, expiresAt);
      return open({ kind: 'owner' });
    },
    signInWithToken(token) {
      if (token.length === 0 || !tokensMatch(options.serverToken, token.trim())) return undefined;
      return open({ kind: 'owner' });
    },
    session(id) {
      if (id === undefined) return undefined;
      const session = sessions.get(id);
      if (!session) return undefined;
      const at = now();
      if (at - session.lastSeen > SESSION_IDLE_MS) {
        sessions.delete(id);
        return undefined;
      }
      session.lastSeen = at;
      return session;
    },
    signOut(id) {
      sessions.delete(id);
    },
  };
}
