/**
 * DNS-rebinding defence: a page on evil.example can make a browser resolve that name to 127.0.0.1 and reach this
 * server, but its requests still carry `Host: evil.example`. Only IP literals (what a client that dialled the address
 * sends), `localhost`, the bound host name and names listed in `mcp.http.allowedHosts` are served; anything else gets
 * 421 before the token is even looked at.
 */
import { isIP } from 'node:net';

/** The name part of a Host header: `[::1]:8765` → `::1`, `localhost:8765` → `localhost`. */
export function hostName(header: string): string {
  const trimmed = header.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']'));
  const colon = trimmed.lastIndexOf(':');
  return colon === -1 ? trimmed : trimmed.slice(0, colon);
}

export function isAllowedHost(header: string | undefined, boundHost: string, allowedHosts: readonly string[]): boolean {
  if (header === undefined || header.trim() === '') return false;
  const name = hostName(header);
  if (isIP(name) !== 0) return true;
  return name === 'localhost' || name === boundHost.toLowerCase() || allowedHosts.some((allowed) => allowed.toLowerCase() === name);
}
