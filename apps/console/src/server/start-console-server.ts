/**
 * Starts the console on an HTTP port of this machine (127.0.0.1 by default) over a running Chief of Staff, and says
 * where: its URL and a fresh one-time sign-in link. Used by the console's entry (`cos ui`, the worker) and by tests.
 * An address other machines can reach is refused unless `allowRemote` says a TLS proxy is in front (remote-bind.ts).
 */
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { isLoopbackHost, loadOrCreateHttpToken } from '@chief-of-staff/core';
import type { ConsoleSection } from '../page-kit/types.js';
import { loadConsoleAssets } from './console-assets.js';
import { createConsoleAuth, SIGN_IN_CODE_TTL_MS } from './console-auth.js';
import { createConsoleApp, type ConsoleToolHost } from './create-console-app.js';
import { remoteBindRefusal } from './remote-bind.js';

export interface StartConsoleServerOptions {
  /** The Chief of Staff the pages call tools on; its config gives the token, time zone and allowed hosts. */
  readonly cos: ConsoleToolHost;
  readonly sections: readonly ConsoleSection[];
  /** Where console.css and console.js are (the build's `dist/assets`, or `src/assets` in tests). */
  readonly assetsDir: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  /** Serve on a non-loopback `host` (`--allow-remote`, `console.allowRemote`): only with TLS in front. */
  readonly allowRemote?: boolean;
  readonly env?: NodeJS.ProcessEnv;
  readonly now?: () => Date;
  /** How long printed links work (default 15 minutes). */
  readonly signInCodeTtlMs?: number;
}

export interface RunningConsole {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** A new one-time sign-in link each call. */
  signInLink(): string;
  close(): Promise<void>;
}

/** Console hosts are written as URLs: an IPv6 literal needs brackets. */
function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export async function startConsoleServer(options: StartConsoleServerOptions): Promise<RunningConsole> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && options.allowRemote !== true) throw new Error(remoteBindRefusal(host, options.port));
  const config = options.cos.config;
  // The same token as MCP over HTTP.
  const token = loadOrCreateHttpToken(config, options.env);
  const auth = createConsoleAuth({ serverToken: token.token, codeTtlMs: options.signInCodeTtlMs ?? SIGN_IN_CODE_TTL_MS });
  const assets = loadConsoleAssets(options.assetsDir);
  let port = options.port;
  const app = createConsoleApp({
    host: options.cos,
    sections: options.sections,
    auth,
    assets,
    boundHost: host,
    allowedHosts: config.mcp.http.allowedHosts,
    allowedOrigins: config.mcp.http.allowedOrigins,
    // Cookies are not kept apart by port: the port in the name keeps two consoles' sessions apart.
    get cookieName() {
      return `cos_console_${port}`;
    },
    ...(options.now ? { now: options.now } : {}),
    ...(options.env ? { env: options.env } : {}),
  });
  const server = createAdaptorServer({ fetch: app.fetch, hostname: host });
  // Slow-loris defence, as on the MCP HTTP server and the webhook receiver.
  if ('requestTimeout' in server) {
    server.requestTimeout = 30_000;
    server.headersTimeout = 30_000;
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://${urlHost(host)}:${port}`;
  return {
    url,
    port,
    signInLink: () => `${url}/sign-in?code=${auth.issueSignInCode()}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
