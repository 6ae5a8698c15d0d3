/**
 * Request checks that come before any page: the Host check shared with the MCP HTTP server (DNS rebinding), and the
 * cross-site check on every POST (a form on another site must not act with the person's cookie).
 */

/**
 * True when the browser says the POST came from another site or origin. `Sec-Fetch-Site` is the browser's own word
 * and comes first. `Origin` must name this console when present; `Origin: null` is what a browser sends for the
 * console's own forms under `Referrer-Policy: no-referrer`, so it counts as foreign only from a browser too old to
 * send `Sec-Fetch-Site`.
 */
export function isCrossSitePost(headers: { origin?: string; secFetchSite?: string; host?: string }, allowedOrigins: readonly string[]): boolean {
  const site = headers.secFetchSite?.toLowerCase();
  // A browser that sends Sec-Fetch-Site is believed: its Origin may be `null` for a same-origin form, because every
  // console page asks for no referrer (Chromium then serialises the Origin of a POST as `null`).
  if (site === 'same-origin' || site === 'none') return false;
  if (site !== undefined) return true;
  const origin = headers.origin;
  if (origin === undefined || allowedOrigins.includes(origin)) return false;
  if (origin === 'null') return site === undefined;
  const host = headers.host?.toLowerCase();
  if (host === undefined) return true;
  return origin.toLowerCase() !== `http://${host}` && origin.toLowerCase() !== `https://${host}`;
}

/** Only a path on this console may be a redirect target (no `//evil.example`, no scheme). */
export function safeRedirect(target: string, fallback: string): string {
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : fallback;
}
