/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) for the MCP endpoint: the document a client reads to learn which
 * authorization server issues tokens for this server, and the `WWW-Authenticate` challenge of every 401 that points
 * at it (RFC 9728 §5.1), as the MCP authorization specification asks of a resource server.
 */
import type { IncomingMessage } from 'node:http';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
/** Where RFC 9728 §3.1 puts the metadata of the resource `<base>/mcp`; served too, for clients that derive it. */
export const PROTECTED_RESOURCE_MCP_PATH = `${PROTECTED_RESOURCE_PATH}/mcp`;

/**
 * The server's base URL: `mcp.http.publicUrl` when set (behind a reverse proxy that terminates TLS), else the Host the
 * client addressed (already checked against the served names), over plain HTTP as this server speaks it.
 */
export function resourceBaseUrl(req: IncomingMessage, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `http://${req.headers.host ?? 'localhost'}`;
}

export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers?: string[];
  bearer_methods_supported: string[];
  resource_name: string;
}

export function protectedResourceMetadata(base: string, authorizationServers: readonly string[]): ProtectedResourceMetadata {
  return {
    resource: `${base}/mcp`,
    ...(authorizationServers.length > 0 ? { authorization_servers: [...authorizationServers] } : {}),
    // Tokens only in the Authorization header: never in a query string that proxies and logs keep.
    bearer_methods_supported: ['header'],
    resource_name: 'Chief of Staff',
  };
}

/** The `WWW-Authenticate` value of a 401; `invalid_token` (RFC 6750 §3.1) when a token was sent but refused. */
export function bearerChallenge(base: string, refused?: string): string {
  const parts = [`resource_metadata="${base}${PROTECTED_RESOURCE_PATH}"`];
  if (refused !== undefined) parts.push('error="invalid_token"', `error_description="${refused.replace(/["\\]/g, "'")}"`);
  return `Bearer ${parts.join(', ')}`;
}
