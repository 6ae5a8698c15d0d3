/**
 * The console's HTTP application (Hono): security headers and the Host check on every response, sign-in and sessions,
 * the cross-site and CSRF checks on every POST, then the sections' pages and actions. Pages read and write only
 * through the sdk's tool calls as caller `console`, so validation, capabilities and usage records are the ones every
 * other caller gets.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { isAllowedHost, newErrorRef, principalKeyOf, runInPrincipalScope, tokensMatch, type ToolCaller } from '@chief-of-staff/core';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import { renderLayout } from '../page-kit/layout.js';
import { ConsoleToolError } from '../page-kit/console-tool-error.js';
import { CSRF_FIELD_NAME } from '../page-kit/csrf-field.js';
import type { ActionContext, ConsoleSection, PageContext, PageView } from '../page-kit/types.js';
import type { ConsoleAssets } from './console-assets.js';
import { sessionCookieIsSecure, type ConsoleAuth, type ConsoleSession } from './console-auth.js';
import { isCrossSitePost, safeRedirect } from './request-checks.js';
import { signInPageBody } from './sign-in-page.js';

/** What the console needs of a Chief of Staff: its tool calls, configuration and logger. */
export type ConsoleToolHost = Pick<ChiefOfStaff, 'callTool' | 'config' | 'logger'>;

export interface ConsoleAppOptions {
  readonly host: ConsoleToolHost;
  readonly sections: readonly ConsoleSection[];
  readonly auth: ConsoleAuth;
  readonly assets: ConsoleAssets;
  /** The address the server is bound to (a Host naming it is served, like IP literals and `localhost`). */
  readonly boundHost: string;
  /** `mcp.http.allowedHosts`: further names the Host header may carry (behind a proxy). */
  readonly allowedHosts: readonly string[];
  /** `mcp.http.allowedOrigins`: further origins a POST may come from (behind a proxy). */
  readonly allowedOrigins: readonly string[];
  /** The session cookie's name: one per port, so two consoles on one machine do not sign each other out. */
  readonly cookieName: string;
  readonly now?: () => Date;
}

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

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export function createConsoleApp(options: ConsoleAppOptions): Hono {
  const app = new Hono();
  const now = options.now ?? (() => new Date());
  const landing = options.sections[0]?.path ?? '/today';
  const navigation = options.sections.map(({ id, label, path }) => ({ id, label, path }));

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

  app.use(async (c, next) => {
    if (!isAllowedHost(c.req.header('host'), options.boundHost, options.allowedHosts)) {
      return c.text(`Host ${String(c.req.header('host') ?? '(none)').slice(0, 100)} is not served here. Add it to mcp.http.allowedHosts to permit it.`, 421);
    }
    await next();
    return undefined;
  });

  app.get('/assets/:name', (c) => {
    const asset = options.assets.get(c.req.param('name'));
    if (!asset) return c.text('Not found', 404);
    c.header('Content-Type', asset.contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(new Uint8Array(asset.body));
  });

  function page(c: Context, status: 200 | 401 | 403 | 404 | 500, title: string, body: Html, session?: ConsoleSession, currentSection?: string) {
    const flash = session?.flash;
    const flashAction = session?.flashAction;
    if (session) {
      delete session.flash;
      delete session.flashAction;
    }
    return c.html(
      renderLayout({
        title,
        body,
        assets: options.assets,
        ...(session ? { session: { csrfToken: session.csrfToken, sections: navigation, ...(currentSection ? { currentSection } : {}) } } : {}),
        ...(flash ? { flash } : {}),
        ...(flash && flashAction ? { flashAction } : {}),
      }),
      status,
    );
  }

  const signInPage = (c: Context, status: 200 | 401 | 403, problem?: string) =>
    page(c, status, 'Sign in', signInPageBody(problem ? { problem } : {}));

  function startSession(c: Context, session: ConsoleSession) {
    setCookie(c, options.cookieName, session.id, { httpOnly: true, sameSite: 'Strict', path: '/', secure: sessionCookieIsSecure(c.req.url) });
    // 303 to the landing page: the code leaves the address bar and the history.
    return c.redirect(landing, 303);
  }

  function refuseCrossSite(c: Context): Response | undefined {
    const crossSite = isCrossSitePost(
      { origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site'), host: c.req.header('host') },
      options.allowedOrigins,
    );
    return crossSite ? c.text('Refused: this form was sent from another site. Use the console page itself.', 403) : undefined;
  }

  // Counted as the body streams in, so a chunked body without a length is cut off too.
  app.use(bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => c.text(`The form is larger than ${MAX_FORM_BYTES / 1024} KiB.`, 413) }));

  async function readForm(c: Context): Promise<Record<string, string>> {
    const body = await c.req.parseBody();
    const form: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') form[key] = value;
    return form;
  }

  app.get('/sign-in', (c) => {
    const code = c.req.query('code');
    if (code === undefined) return signInPage(c, 200);
    const session = options.auth.redeemSignInCode(code);
    if (!session) return signInPage(c, 401, 'This sign-in link was already used, has expired or is not for this console. Run `cos ui --link` for a new one, or paste the token below.');
    return startSession(c, session);
  });

  app.post('/sign-in', async (c) => {
    const refused = refuseCrossSite(c);
    if (refused) return refused;
    const form = await readForm(c);
    const session = options.auth.signInWithToken(form.token ?? '');
    if (!session) return signInPage(c, 401, 'That is not the HTTP token of this Chief of Staff. Check mcp.http.token or the token file named below.');
    return startSession(c, session);
  });

  // What the sign-in check found for a request, for the handlers after it.
  const sessions = new WeakMap<Request, ConsoleSession>();
  const forms = new WeakMap<Request, Record<string, string>>();
  const sessionOf = (c: Context): ConsoleSession => {
    const session = sessions.get(c.req.raw);
    if (!session) throw new Error('no session: the sign-in check did not run');
    return session;
  };

  app.use(async (c, next) => {
    const session = options.auth.session(getCookie(c, options.cookieName));
    if (!session) {
      if (c.req.method === 'POST') {
        const refused = refuseCrossSite(c);
        if (refused) return refused;
      }
      return signInPage(c, 401);
    }
    if (c.req.method === 'POST') {
      const refused = refuseCrossSite(c);
      if (refused) return refused;
      const form = await readForm(c);
      if (!tokensMatch(session.csrfToken, form[CSRF_FIELD_NAME] ?? '')) {
        return c.text('Refused: the form is missing its security token or it has expired. Reload the page and try again.', 403);
      }
      forms.set(c.req.raw, form);
    }
    sessions.set(c.req.raw, session);
    await next();
    return undefined;
  });
  app.get('/', (c) => c.redirect(landing, 303));

  app.post('/sign-out', (c) => {
    options.auth.signOut(sessionOf(c).id);
    deleteCookie(c, options.cookieName, { path: '/' });
    return c.redirect('/sign-in', 303);
  });

  function pageContext(c: Context, session: ConsoleSession): PageContext {
    const caller: ToolCaller = { kind: 'console', principal: session.principal };
    const url = new URL(c.req.url);
    return {
      async tool<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
        const result = await runInPrincipalScope(principalKeyOf(session.principal), () => options.host.callTool(name, args, { caller }));
        if (!result.ok) throw new ConsoleToolError(result.error.code, result.error.message, result.error.hint);
        return result.value as T;
      },
      params: c.req.param() as Record<string, string>,
      query: url.searchParams,
      csrfToken: session.csrfToken,
      timeZone: options.host.config.timezone,
      now: now(),
      ...(session.flash === undefined ? {} : { flash: session.flash }),
      assetUrl: (name) => options.assets.url(name),
    };
  }

  function failurePage(c: Context, error: unknown, session: ConsoleSession, sectionId: string) {
    if (error instanceof ConsoleToolError) {
      return page(c, 200, 'Could not show this page', html`<p class="error" role="alert" dir="auto">${error.message}</p>${error.hint ? html`<p dir="auto">${error.hint}</p>` : ''}`, session, sectionId);
    }
    const ref = newErrorRef();
    options.host.logger.error({ err: error, ref, path: c.req.path }, 'console page failed');
    return page(c, 500, 'Something went wrong', html`<p class="error" role="alert">This page failed (reference ${ref}). The console's log has the details.</p>`, session, sectionId);
  }

  for (const section of options.sections) {
    section.register({
      page(path, render) {
        app.get(path, async (c) => {
          const session = sessionOf(c);
          let view: PageView;
          try {
            view = await render(pageContext(c, session));
            // Render now, so a failure inside the body is shown as a failure rather than a half page.
            const body = await view.body;
            return page(c, 200, view.title, body, session, section.id);
          } catch (error) {
            return failurePage(c, error, session, section.id);
          }
        });
      },
      action(path, run) {
        app.post(path, async (c) => {
          const session = sessionOf(c);
          const form = forms.get(c.req.raw) ?? {};
          const context: ActionContext = { ...pageContext(c, session), form };
          try {
            const result = await run(context);
            if (result.flash !== undefined) session.flash = result.flash;
            if (result.flashAction !== undefined) session.flashAction = result.flashAction;
            else delete session.flashAction;
            return c.redirect(safeRedirect(result.redirect, section.path), 303);
          } catch (error) {
            if (error instanceof ConsoleToolError) {
              session.flash = `Not done: ${error.message}`;
              delete session.flashAction;
              return c.redirect(safeRedirect(c.req.header('referer') ?? '', section.path), 303);
            }
            return failurePage(c, error, session, section.id);
          }
        });
      },
    });
  }

  app.notFound((c) => {
    const session = sessions.get(c.req.raw);
    return page(c, 404, 'Not found', html`<p>There is no page at this address. <a href="${landing}">Back to the start</a>.</p>`, session);
  });

  return app;
}
