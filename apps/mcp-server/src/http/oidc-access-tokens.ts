/**
 * OAuth 2.1 resource server side of MCP over HTTP (ADR 0075): checks a JWT access token from the OpenID Connect issuer
 * of `mcp.http.oidc` — signature against the issuer's published keys, `iss`, `aud`, `exp` and `nbf` — and maps its
 * `email` (or `sub`) claim to an active user of `cos users`. An `email` counts only when the provider vouches for it
 * (`email_verified`): many providers let anyone register an address they do not own. The issuer's discovery document
 * is read once (again after a failure); its keys are cached by jose and fetched again when a token names a key not
 * seen yet.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { isToolError } from '@chief-of-staff/core';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import { SignInUnavailableError, type AccessTokenVerifier, type SignInOutcome } from './sign-in.js';

export interface OidcSettings {
  issuer: string;
  audience: string;
  claim: 'sub' | 'email';
}

export interface OidcAccessTokenOptions extends OidcSettings {
  users: Pick<ChiefOfStaff['accounts']['users'], 'getByEmail' | 'getById'>;
  /** Seconds of clock skew allowed on `exp` and `nbf` (default 30). */
  clockToleranceSeconds?: number;
  /** Give up on the discovery document or the keys after this long (default 5 s). */
  timeoutMs?: number;
}

/** The asymmetric signatures accepted: a shared-secret (HS*) or unsigned token can never pass as the issuer's. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const DECIMAL_ID = /^[1-9]\d{0,15}$/;

const UNVERIFIED_EMAIL =
  "The access token's email is not verified by the identity provider (email_verified is not true). Ask the provider to verify " +
  "the address (or to include email_verified in its access tokens), or map users by sub: set mcp.http.oidc.claim to sub and " +
  "add each user with the email or id (cos users list) the provider's sub claim carries.";

/**
 * Whether the provider says it checked that the person owns the address. Only `true` counts: an absent claim is no
 * such promise. The string "true" counts too because Sign in with Apple documents sending it as a string.
 */
function emailVerified(payload: JWTPayload): boolean {
  const verified = payload['email_verified'];
  return verified === true || verified === 'true';
}

/** `https://id.example.com/realms/x` → `https://id.example.com/realms/x/.well-known/openid-configuration`. */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

export function createOidcAccessTokenVerifier(options: OidcAccessTokenOptions): AccessTokenVerifier {
  const timeoutMs = options.timeoutMs ?? 5_000;
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;

  const discover = async (): Promise<ReturnType<typeof createRemoteJWKSet>> => {
    const response = await fetch(discoveryUrl(options.issuer), { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${discoveryUrl(options.issuer)} answered ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    // A provider that names another issuer would sign tokens this server then refuses on `iss`: say so once, here.
    if (document.issuer !== options.issuer) throw new Error(`the provider calls itself ${String(document.issuer)}, not ${options.issuer} (mcp.http.oidc.issuer must match exactly)`);
    if (typeof document.jwks_uri !== 'string') throw new Error(`${discoveryUrl(options.issuer)} names no jwks_uri`);
    return createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: timeoutMs });
  };
  const keySet = (): Promise<ReturnType<typeof createRemoteJWKSet>> => {
    keys ??= discover().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };

  const userFor = async (payload: JWTPayload): Promise<SignInOutcome> => {
    const value = payload[options.claim];
    if (typeof value !== 'string' || value.trim() === '') return { refused: `The access token has no ${options.claim} claim to find the user by.` };
    if (options.claim === 'email' && !emailVerified(payload)) return { refused: UNVERIFIED_EMAIL };
    let user;
    try {
      // `sub`: the user's email when the provider uses emails as subjects, else their id in `cos users list`.
      user = options.claim === 'sub' && DECIMAL_ID.test(value) ? await options.users.getById(Number(value)) : await options.users.getByEmail(value);
    } catch (error) {
      // Not an email address: no user has it. Anything else (the database) is the server's problem, not a refusal.
      if (!isToolError(error) || error.code !== 'INVALID_ARGUMENT') throw error;
      user = undefined;
    }
    if (!user || user.status !== 'active') return { refused: `The access token's ${options.claim} is not an active user of this server (see cos users list).` };
    return { principal: { kind: 'user', userId: user.id, email: user.email, via: 'oidc' } };
  };

  return {
    issuer: options.issuer,
    async verify(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, await keySet(), {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ALGORITHMS,
          clockTolerance: options.clockToleranceSeconds ?? 30,
          requiredClaims: ['exp'],
        }));
      } catch (error) {
        // The provider down is not the client's fault: 503, so it retries rather than signing in again.
        if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
          throw new SignInUnavailableError(`The OpenID Connect provider ${options.issuer} could not be reached to check the access token.`, { cause: error });
        }
        return { refused: refusal(error) };
      }
      return userFor(payload);
    },
  };
}

/** What the client is told of a refused JWT: enough to act on, nothing of the server's internals. */
function refusal(error: errors.JOSEError): string {
  if (error instanceof errors.JWTExpired) return 'The access token has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) return `The access token's ${error.claim} claim is not accepted here.`;
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed) return 'The access token is not signed by the configured issuer.';
  return 'The access token is not a valid JWT from the configured issuer.';
}
