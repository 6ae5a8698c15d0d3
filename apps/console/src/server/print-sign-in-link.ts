/**
 * `--link`: prints a new one-time sign-in link for a console already running on this machine (the worker's, or
 * another `cos ui`). The link is minted from the HTTP token, which the running console checks it against; nothing is
 * started and the libraries are not loaded.
 */
import { loadConfig, loadOrCreateHttpToken } from '@chief-of-staff/core';
import { mintSignInCode } from './console-auth.js';

export function printSignInLink(options: { port?: number; host?: string }): void {
  const config = loadConfig();
  const token = loadOrCreateHttpToken(config);
  const host = options.host ?? config.console.host;
  const port = options.port ?? config.console.port;
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  process.stdout.write(`Sign in (one-time link, valid 15 minutes): http://${hostPart}:${port}/sign-in?code=${mintSignInCode(token.token)}\n`);
}
