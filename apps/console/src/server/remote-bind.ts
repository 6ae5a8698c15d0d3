/**
 * What the console says about a bind address other machines can reach. It serves plain HTTP only, so off loopback the
 * one-time link, a pasted token and the session cookie would cross the network unencrypted: that takes an explicit
 * `--allow-remote` (or `console.allowRemote`), meant for a TLS reverse proxy in front, and is warned about at every
 * start, as the MCP HTTP server does (`exposedBindWarning` in @chief-of-staff/core).
 */
import { isLoopbackHost } from '@chief-of-staff/core';

/** The default port, for the SSH tunnel example when the console was asked for any free port. */
const DEFAULT_CONSOLE_PORT = 8767;

/** Why a non-loopback address is refused without `--allow-remote`, and the two safe ways to reach the console. */
export function remoteBindRefusal(host: string, port: number): string {
  const shown = port === 0 ? DEFAULT_CONSOLE_PORT : port;
  return (
    `refusing to serve the console on ${host}, which other machines can reach: the console speaks plain HTTP, so the ` +
    "owner's token (in the sign-in link and the sign-in form) and the session cookie would travel unencrypted. Keep it on " +
    `127.0.0.1 and reach it from another machine through an SSH tunnel (ssh -L ${shown}:127.0.0.1:${shown} you@this-machine, ` +
    `then open http://127.0.0.1:${shown}), or put a TLS reverse proxy (Caddy, nginx) in front and pass --allow-remote ` +
    '(console.allowRemote: true in the configuration, which the worker\'s console also reads).'
  );
}

/** Printed at every start on an address other machines reach; undefined on loopback. */
export function remoteBindWarning(host: string): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  return (
    `WARNING: the web console is bound to ${host}, which is reachable from other machines (--allow-remote). It speaks ` +
    "plain HTTP: unless a TLS reverse proxy is in front, the sign-in link, a pasted token and the session cookie travel " +
    'unencrypted. Reach it only through the proxy, or bind to 127.0.0.1 and use an SSH tunnel.\n'
  );
}
