/** The small part of `oidc-provider` (which ships no types) that the sign-in tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ProviderConfiguration {
    clients?: Array<Record<string, unknown>>;
    jwks?: { keys: Array<Record<string, unknown>> };
    features?: Record<string, unknown>;
    extraTokenClaims?: (ctx: unknown, token: { clientId?: string }) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined;
    ttl?: Record<string, number>;
  }

  // The package's own shape: its one export is the default one.
  // eslint-disable-next-line no-restricted-syntax
  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
