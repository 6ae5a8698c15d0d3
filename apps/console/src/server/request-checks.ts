/**
 * Request checks that come before any page: the Host check shared with the MCP HTTP server (DNS rebinding), and the
 * cross-site check on every POST (a form on another site must not act with the person's cookie).
 */

/** True when the browser says the POST came from another site (`Sec-Fetch-Site`, else `Origin`). */
export function isCrossSitePost(headers: { origin?: string; secFetchSite?: string; host?: string }, allowedOrigins: readonly string[]): boolean {
  const site = headers.secFetchSite?.toLowerCase();
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  // Under the console's Referrer-Policy: no-referrer a browser sends `Origin: null` with its own forms' POSTs; its
  // Sec-Fetch-Site (which no page can forge) then says whether the form was ours.
  if (origin === 'null' && site === 'same-origin') return false;
  if (allowedOrigins.includes(origin)) return false;
  const host = headers.host?.toLowerCase();
  if (host === undefined || origin === 'null') return true;
  return origin.toLowerCase() !== `http://${host}` && origin.toLowerCase() !== `https://${host}`;
}

/** Only a path on this console may be a redirect target (no `//evil.example`, no scheme). */
export function safeRedirect(target: string, fallback: string): string {
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : fallback;
}
