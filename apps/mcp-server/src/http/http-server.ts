/**
 * Streamable HTTP transport (docs/reference/conventions.md#processes-and-surfaces, docs/security.md#http-transports):
 * stateless `POST /mcp` on 127.0.0.1 by default. Every request needs a bearer token (sign-in.ts: the server's own,
 * a personal access token, or an OpenID Connect access token); a 401 points at the protected resource metadata
 * (protected-resource.ts), served without a token. A `Host` that is not this
 * server's (see isAllowedHost in @chief-of-staff/core) and a browser `Origin` not in `mcp.http.allowedOrigins` are refused (DNS-rebinding
 * defence); bodies over the limit are refused before parsing. Each request gets a fresh server and transport, so no
 * state is kept between requests and any number of clients can connect.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isAllowedHost, principalKeyOf, runInPrincipalScope, type Logger, type ToolPrincipal } from '@chief-of-staff/core';
import { createMcpServer } from '../create-mcp-server.js';
import type { McpHost } from '../host-source.js';
import { staticHostSource } from '../static-host-source.js';
import { InflightCalls } from './inflight-calls.js';
import type { Readiness } from './readiness.js';
import { bearerChallenge, PROTECTED_RESOURCE_MCP_PATH, PROTECTED_RESOURCE_PATH, protectedResourceMetadata, resourceBaseUrl } from './protected-resource.js';
import { createHttpSignIn, SignInUnavailableError, type AccessTokenVerifier, type HttpSignIn, type HttpSignInOptions } from './sign-in.js';

export interface McpHttpOptions {
  host: string;
  port: number;
  token: string;
  allowedOrigins: readonly string[];
  /** Host names served besides IP literals, `localhost` and `host` (a reverse proxy's public name, say). */
  allowedHosts?: readonly string[];
  /** A request whose headers and body have not fully arrived by then is cut off with 408 (default 30 s). */
  requestTimeoutMs?: number;
  maxBodyBytes: number;
  /** Personal access tokens of `cos users` (absent: not accepted). `token` always signs in as the owner. */
  accessTokens?: HttpSignInOptions['accessTokens'];
  /** JWT access tokens from the OpenID Connect issuer of `mcp.http.oidc` (absent: not accepted). */
  oidc?: AccessTokenVerifier;
  /** The public base URL (`mcp.http.publicUrl`) for the protected resource metadata; default: the request's Host. */
  publicUrl?: string;
  /** Whether the storage answers (`GET /readyz`, readiness.ts); absent: always ready. */
  readiness?: () => Promise<Readiness>;
}

export interface RunningHttpServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

class BodyTooLargeError extends Error {}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function jsonRpcError(res: ServerResponse, status: number, message: string, headers?: Record<string, string>): void {
  sendJson(res, status, { jsonrpc: '2.0', error: { code: -32000, message }, id: null }, headers);
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      reject(new BodyTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLargeError());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function handleMcp(
  host: McpHost,
  options: McpHttpOptions,
  signIn: HttpSignIn,
  inflight: InflightCalls,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const principal = await signedInPrincipal(host, options, signIn, req, res);
  if (principal === undefined) return;
  if (req.method !== 'POST') {
    // Stateless server: no standalone SSE stream and no sessions to delete.
    jsonRpcError(res, 405, 'Method not allowed: this server is stateless; use POST /mcp.', { allow: 'POST' });
    return;
  }
  let parsed: unknown;
  try {
    const text = await readBody(req, options.maxBodyBytes);
    parsed = JSON.parse(text);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      jsonRpcError(res, 413, `Request body exceeds ${options.maxBodyBytes} bytes.`);
    } else {
      sendJson(res, 400, { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: body is not JSON.' }, id: null });
    }
    return;
  }
  // A cancellation reaches only the calls of whoever sent it (the same principal and session), never another's same id.
  const sessionHeader = req.headers['mcp-session-id'];
  const caller = { principalKey: principalKeyOf(principal), sessionId: Array.isArray(sessionHeader) ? sessionHeader.join(',') : sessionHeader };
  inflight.cancelFrom(parsed, caller);
  const tracked = inflight.track(parsed, caller);
  const server = createMcpServer(staticHostSource(hostFor(host, principal, tracked.signal)));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    tracked.release();
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  // The whole request runs as the person who signed in: prompts and resources (their agents) as well as tool calls.
  await runInPrincipalScope(principalKeyOf(principal), () => transport.handleRequest(req, res, parsed));
}

/**
 * Who sent the request, after the Host, Origin and bearer-token checks; undefined when one of them refused it (the
 * answer has been sent then).
 */
async function signedInPrincipal(
  host: McpHost,
  options: McpHttpOptions,
  signIn: HttpSignIn,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<ToolPrincipal | undefined> {
  if (!isAllowedHost(req.headers.host, options.host, options.allowedHosts ?? [])) {
    jsonRpcError(res, 421, `Host ${String(req.headers.host ?? '(none)').slice(0, 100)} is not served here. Add it to mcp.http.allowedHosts to permit it.`);
    return undefined;
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !options.allowedOrigins.includes(origin)) {
    jsonRpcError(res, 403, `Origin ${origin} is not allowed. Add it to mcp.http.allowedOrigins to permit it.`);
    return undefined;
  }
  const authorization = req.headers.authorization ?? '';
  const presented = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim() ?? '';
  let outcome;
  try {
    outcome = presented ? await signIn.authenticate(presented) : undefined;
  } catch (error) {
    if (!(error instanceof SignInUnavailableError)) throw error;
    host.logger.warn({ err: error.cause }, error.message);
    jsonRpcError(res, 503, `${error.message} Try again shortly.`, { 'retry-after': '5' });
    return undefined;
  }
  if (outcome === undefined || 'refused' in outcome) {
    const base = resourceBaseUrl(req, options.publicUrl);
    const why = outcome === undefined ? 'Missing bearer token.' : outcome.refused;
    jsonRpcError(res, 401, `${why} Send "Authorization: Bearer <token>": the server token (see cos serve --http), a personal access token (cos tokens create), or an access token from the configured OpenID Connect provider.`, {
      'www-authenticate': bearerChallenge(base, outcome?.refused),
    });
    return undefined;
  }
  return outcome.principal;
}

/** The host as one request's caller sees it: every call carries who signed in and the request's cancellation. */
function hostFor(host: McpHost, principal: ToolPrincipal, cancelled: AbortSignal | undefined): McpHost {
  return {
    ...host,
    // What a person is offered depends on who they are (an external server not shared with users is the owner's).
    get tools() {
      return runInPrincipalScope(principalKeyOf(principal), () => host.tools);
    },
    callTool: (name, args, callOptions = {}) =>
      host.callTool(name, args, {
        ...callOptions,
        caller: { ...(callOptions.caller ?? { kind: 'host' }), principal },
        ...(cancelled ? { signal: callOptions.signal ? AbortSignal.any([callOptions.signal, cancelled]) : cancelled } : {}),
      }),
  };
}

export async function startMcpHttpServer(host: McpHost, options: McpHttpOptions): Promise<RunningHttpServer> {
  const logger: Logger = host.logger;
  const inflight = new InflightCalls();
  const signIn = createHttpSignIn({
    serverToken: options.token,
    ...(options.accessTokens ? { accessTokens: options.accessTokens } : {}),
    ...(options.oidc ? { oidc: options.oidc } : {}),
  });
  // Slow-loris defence: a request that trickles in cannot hold a connection for Node's default 5 minutes.
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const limits = { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(requestTimeout / 2))) };
  const server: Server = createServer(limits, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz' && req.method === 'GET') {
      sendJson(res, 200, { status: 'ok' });
      return;
    }
    if (path === '/readyz' && req.method === 'GET') {
      // Without a token, like /healthz: the only thing it can reveal is the database's host and port (docs/security.md).
      void (options.readiness?.() ?? Promise.resolve<Readiness>({ ready: true })).then((state) => sendJson(res, state.ready ? 200 : 503, state));
      return;
    }
    if ((path === PROTECTED_RESOURCE_PATH || path === PROTECTED_RESOURCE_MCP_PATH) && req.method === 'GET') {
      // Public by design (clients read it before they have a token), but only under a name this server serves.
      if (!isAllowedHost(req.headers.host, options.host, options.allowedHosts ?? [])) {
        jsonRpcError(res, 421, `Host ${String(req.headers.host ?? '(none)').slice(0, 100)} is not served here. Add it to mcp.http.allowedHosts to permit it.`);
        return;
      }
      sendJson(res, 200, protectedResourceMetadata(resourceBaseUrl(req, options.publicUrl), signIn.authorizationServers), { 'cache-control': 'max-age=300' });
      return;
    }
    if (path !== '/mcp') {
      jsonRpcError(res, 404, 'Not found. The MCP endpoint is POST /mcp.');
      return;
    }
    handleMcp(host, options, signIn, inflight, req, res).catch((error: unknown) => {
      logger.error({ err: error }, 'MCP HTTP request failed');
      if (!res.headersSent) jsonRpcError(res, 500, 'Internal server error.');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostForUrl}:${address.port}/mcp`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
