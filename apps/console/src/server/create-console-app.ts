/**
 * The console's HTTP application (Hono): security headers and the Host check on every response, sign-in and sessions,
 * the cross-site and CSRF checks on every POST, then the sections' pages and actions (section-routes.ts). Pages read
 * and write only through the sdk's tool calls as caller `console`, so validation, capabilities and usage records are
 * the ones every other caller gets.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { isAllowedHost, tokensMatch } from '@chief-of-staff/core';
import { CSRF_FIELD_NAME } from '../page-kit/csrf-field.js';
import { consoleAppContext, renderPage, sessionOf, type ConsoleAppContext, type ConsoleAppOptions } from './console-app-context.js';
import { sessionCookieIsSecure, type ConsoleSession } from './console-auth.js';
import { isCrossSitePost } from './request-checks.js';
import { registerSection } from './section-routes.js';
import { signInPageBody } from './sign-in-page.js';

export type { ConsoleAppOptions, ConsoleToolHost } from './console-app-context.js';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/** Forms are small: a fact's text, a few fields. */
const MAX_FORM_BYTES = 256 * 1024;

export function createConsoleApp(options: ConsoleAppOptions): Hono {
  const app = new Hono();
  const shared = consoleAppContext(options);
  useSecurityHeaders(app);
  useHostCheck(app, options);
  serveAssets(app, options);
  // Counted as the body streams in, so a chunked body without a length is cut off too.
  app.use(bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => c.text(`The form is larger than ${MAX_FORM_BYTES / 1024} KiB.`, 413) }));
  signInRoutes(app, shared);
  useSessionCheck(app, shared);
  app.get('/', (c) => c.redirect(shared.landing, 303));
  app.post('/sign-out', (c) => {
    options.auth.signOut(sessionOf(shared, c).id);
    deleteCookie(c, options.cookieName, { path: '/' });
    return c.redirect('/sign-in', 303);
  });
  for (const section of options.sections) registerSection(app, shared, section);
  app.notFound((c) => {
    const session = shared.sessions.get(c.req.raw);
    return renderPage(shared, c, 404, 'Not found', html`<p>There is no page at this address. <a href="${shared.landing}">Back to the start</a>.</p>`, session);
  });
  return app;
}

function useSecurityHeaders(app: Hono): void {
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // The server's own time for the response (the page budget is per page, server side): the benchmark reads it.
    c.header('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
}

function useHostCheck(app: Hono, options: ConsoleAppOptions): void {
  app.use(async (c, next) => {
    if (!isAllowedHost(c.req.header('host'), options.boundHost, options.allowedHosts)) {
      return c.text(`Host ${String(c.req.header('host') ?? '(none)').slice(0, 100)} is not served here. Add it to mcp.http.allowedHosts to permit it.`, 421);
    }
    await next();
    return undefined;
  });
}

function serveAssets(app: Hono, options: ConsoleAppOptions): void {
  app.get('/assets/:name', (c) => {
    const asset = options.assets.get(c.req.param('name'));
    if (!asset) return c.text('Not found', 404);
    c.header('Content-Type', asset.contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(new Uint8Array(asset.body));
  });
  // Pages name their icon in a <link>; browsers and tools that ask for the old fixed address get the same picture
  // (before sign-in too), rather than a 404 in every page's console.
  app.get('/favicon.ico', (c) => {
    const icon = options.assets.get('favicon.svg');
    if (!icon) return c.body(null, 204);
    c.header('Content-Type', icon.contentType);
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(icon.body));
  });
}

function signInRoutes(app: Hono, shared: ConsoleAppContext): void {
  app.get('/sign-in', (c) => {
    const code = c.req.query('code');
    if (code === undefined) return signInPage(shared, c, 200);
    const session = shared.options.auth.redeemSignInCode(code);
    if (!session) return signInPage(shared, c, 401, 'This sign-in link was already used, has expired or is not for this console. Run `cos ui --link` for a new one, or paste the token below.');
    return startSession(shared, c, session);
  });

  app.post('/sign-in', async (c) => {
    const refused = refuseCrossSite(shared, c);
    if (refused) return refused;
    const form = await readForm(c);
    const session = shared.options.auth.signInWithToken(form.token ?? '');
    if (!session) return signInPage(shared, c, 401, 'That is not the HTTP token of this Chief of Staff. Check mcp.http.token or the token file named below.');
    return startSession(shared, c, session);
  });
}

/** Every request after sign-in needs a session; a POST also passes the cross-site and CSRF checks. */
function useSessionCheck(app: Hono, shared: ConsoleAppContext): void {
  // Options are read per request: the cookie's name holds the port, known only once the server listens.
  app.use(async (c, next) => {
    const session = shared.options.auth.session(getCookie(c, shared.options.cookieName));
    if (!session) {
      if (c.req.method === 'POST') {
        const refused = refuseCrossSite(shared, c);
        if (refused) return refused;
      }
      return signInPage(shared, c, 401);
    }
    if (c.req.method === 'POST') {
      const refused = refuseCrossSite(shared, c);
      if (refused) return refused;
      const form = await readForm(c);
      if (!tokensMatch(session.csrfToken, form[CSRF_FIELD_NAME] ?? '')) {
        return c.text('Refused: the form is missing its security token or it has expired. Reload the page and try again.', 403);
      }
      shared.forms.set(c.req.raw, form);
    }
    shared.sessions.set(c.req.raw, session);
    await next();
    return undefined;
  });
}

function signInPage(shared: ConsoleAppContext, c: Context, status: 200 | 401 | 403, problem?: string) {
  return renderPage(shared, c, status, 'Sign in', signInPageBody(problem ? { problem } : {}));
}

function startSession(shared: ConsoleAppContext, c: Context, session: ConsoleSession) {
  setCookie(c, shared.options.cookieName, session.id, { httpOnly: true, sameSite: 'Strict', path: '/', secure: sessionCookieIsSecure(c.req.url) });
  // 303 to the landing page: the code leaves the address bar and the history.
  return c.redirect(shared.landing, 303);
}

function refuseCrossSite(shared: ConsoleAppContext, c: Context): Response | undefined {
  const crossSite = isCrossSitePost(
    { origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site'), host: c.req.header('host') },
    shared.options.allowedOrigins,
  );
  return crossSite ? c.text('Refused: this form was sent from another site. Use the console page itself.', 403) : undefined;
}

async function readForm(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') form[key] = value;
  return form;
}
