/**
 * Who a bearer token on MCP over HTTP signs in (docs/security.md#http-transports, ADR 0074): the server's own token
 * is the owner; a personal access token (`cos tokens create`) is its active user; with `mcp.http.oidc` configured, a
 * JWT access token from that issuer is the active user its claim names. Nothing is cached between requests, so a
 * revoked token or a disabled user is refused from the very next request on.
 */
import { isToolError, tokensMatch, type ToolError, type ToolPrincipal } from '@chief-of-staff/core';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';

/** The principal a token signs in, or why it is refused (said to the client in `error_description`). */
export type SignInOutcome = { principal: ToolPrincipal } | { refused: string };

/** The check could not be made (the identity provider is unreachable): the request gets 503, not 401. */
export class SignInUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SignInUnavailableError';
  }
}

/** Checks a JWT access token from the configured OpenID Connect issuer (oidc-access-tokens.ts). */
export interface AccessTokenVerifier {
  /** The issuer, named in the protected resource metadata as the authorization server. */
  readonly issuer: string;
  verify(token: string): Promise<SignInOutcome>;
}

export interface HttpSignIn {
  authenticate(token: string): Promise<SignInOutcome>;
  /** The authorization servers that issue tokens this server accepts (empty without OpenID Connect). */
  readonly authorizationServers: readonly string[];
}

export interface HttpSignInOptions {
  /** `mcp.http.token` or the generated one: the owner's token. */
  serverToken: string;
  /** Personal access tokens; absent, only the server token (and OpenID Connect) sign in. */
  accessTokens?: Pick<ChiefOfStaff['accounts']['accessTokens'], 'verify'>;
  oidc?: AccessTokenVerifier;
}

const PERSONAL_TOKEN = /^cos_pat_/;
/** Three base64url parts: the shape of a JWS compact serialisation. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export function createHttpSignIn(options: HttpSignInOptions): HttpSignIn {
  return {
    authorizationServers: options.oidc ? [options.oidc.issuer] : [],
    async authenticate(token) {
      if (tokensMatch(options.serverToken, token)) return { principal: { kind: 'owner' } };
      if (PERSONAL_TOKEN.test(token) && options.accessTokens) {
        const verified = await options.accessTokens.verify(token).catch((error: unknown) => {
          // The tokens are checked in the database: with the database down the answer is "try again", not 401 or 500.
          const unavailable = unavailableIn(error);
          throw unavailable ? new SignInUnavailableError(unavailable.message, { cause: error }) : error;
        });
        if (verified) return { principal: { kind: 'user', userId: verified.user.id, email: verified.user.email, via: 'access_token' } };
        return { refused: 'The personal access token is unknown, revoked or expired, or its user is disabled.' };
      }
      if (JWT_SHAPE.test(token) && options.oidc) return options.oidc.verify(token);
      return { refused: 'The bearer token is not one this server accepts.' };
    },
  };
}

/** The storage's UNAVAILABLE behind an error (the query builder wraps what the pool throws), if there is one. */
function unavailableIn(error: unknown): ToolError | undefined {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    if (isToolError(current) && current.code === 'UNAVAILABLE') return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
