/**
 * Which bind addresses keep the HTTP transport on this machine. Anything else exposes plain HTTP to the network:
 * the bearer token is still required, but the traffic (and the token) travels unencrypted, so the server says so
 * loudly at start.
 */

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

export function exposedBindWarning(host: string): string {
  return (
    `WARNING: the MCP HTTP server is bound to ${host}, which is reachable from other machines. Every request still ` +
    'needs the bearer token, but plain HTTP sends it and all data unencrypted. Bind to 127.0.0.1, or put a TLS ' +
    'reverse proxy (Caddy, nginx) in front and keep this server on loopback.\n'
  );
}
