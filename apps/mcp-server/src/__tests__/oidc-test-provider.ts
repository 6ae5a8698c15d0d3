/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 for the sign-in tests: clients get JWT access tokens
 * with the client credentials grant and a resource indicator (the audience), each carrying the email its client is
 * mapped to and whether the provider has verified it (`email_verified`: true unless `emailVerified` says otherwise,
 * `'absent'` leaving the claim out as providers that never verify addresses do). The signing key is the test's own, so it can also sign a token the provider would have issued earlier.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface TestOidcProvider {
  issuer: string;
  /** A JWT access token for the client of `email`, for `audience`. */
  token(email: string, audience: string): Promise<string>;
  /** A token signed with the provider's key whose claims are exactly these (to make one that has expired). */
  sign(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

const SECRET = 'test-client-secret-0123456789';

export interface TestOidcProviderOptions {
  /** `email_verified` per email: true when not named here; `'absent'` issues no such claim. */
  emailVerified?: Readonly<Record<string, boolean | 'absent'>>;
}

export async function startTestOidcProvider(emails: readonly string[], options: TestOidcProviderOptions = {}): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `test-${Math.random().toString(36).slice(2)}`;
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const clientOf = (email: string): string => `client-${emails.indexOf(email)}`;
  // Its start-up warnings (Node 20, the in-memory store a test wants anyway) are not this test's output.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider WARNING')) warn(...args);
  };
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    clients: emails.map((email) => ({ client_id: clientOf(email), client_secret: SECRET, grant_types: ['client_credentials'], redirect_uris: [], response_types: [] })),
    jwks: { keys: [jwk] },
    ttl: { ClientCredentials: 600 },
    features: {
      clientCredentials: { enabled: true },
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        getResourceServerInfo: (_ctx: unknown, resource: string) => ({ scope: 'mcp', audience: resource, accessTokenFormat: 'jwt' }),
      },
    },
    extraTokenClaims: (_ctx, token) => {
      const email = emails[Number(token.clientId?.replace('client-', ''))];
      if (email === undefined) return undefined;
      const verified = options.emailVerified?.[email] ?? true;
      return verified === 'absent' ? { email } : { email, email_verified: verified };
    },
  });
  console.warn = warn;
  server.on('request', provider.callback());
  const key: CryptoKey = privateKey;
  return {
    issuer,
    async token(email, audience) {
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${clientOf(email)}:${SECRET}`).toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'mcp', resource: audience }).toString(),
      });
      const body = (await response.json()) as { access_token?: string };
      if (!response.ok || body.access_token === undefined) throw new Error(`token request failed: ${response.status} ${JSON.stringify(body)}`);
      return body.access_token;
    },
    sign: (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' }).sign(key),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
