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
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import { isAllowedHost, newErrorRef, principalKeyOf, resolveSecret, runInPrincipalScope, tokensMatch, type ToolCaller } from '@chief-of-staff/core';
import { renderLayout } from '../page-kit/layout.js';
import { ConsoleToolError } from '../page-kit/console-tool-error.js';
import { CSRF_FIELD_NAME } from '../page-kit/csrf-field.js';
import { flashBanner } from '../page-kit/flash-banner.js';
import { FORM_ID_FIELD, FORM_PAGE_FIELD, typedValues } from '../page-kit/form-view.js';
import type { ActionContext, ConsoleSection, FailedForm, PageContext, PageView } from '../page-kit/types.js';
import type { ConsoleAssets } from './console-assets.js';
import { sessionCookieIsSecure, type ConsoleAuth, type ConsoleSession } from './console-auth.js';
import { matchPagePath, pagePathPattern, type PagePathPattern } from './page-routes.js';
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
  /** Where a model API key may come from besides the config (default: this process's environment). */
  readonly env?: NodeJS.ProcessEnv;
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
  // As the agents runtime reads it (config, then the environment); read once, as the runtime does.
  const env = options.env ?? process.env;
  const modelConfigured = (resolveSecret(options.host.config.anthropic.apiKey, env) ?? (env['ANTHROPIC_API_KEY']?.trim() || undefined)) !== undefined;
  /** Every page, so a failed form's page can be rendered again from its address. */
  const pages: { readonly pattern: PagePathPattern; readonly render: (ctx: PageContext) => Promise<PageView>; readonly sectionId: string }[] = [];

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
  // Pages name their icon in a <link>; browsers and tools that ask for the old fixed address get the same picture
  // (before sign-in too), rather than a 404 in every page's console.
  app.get('/favicon.ico', (c) => {
    const icon = options.assets.get('favicon.svg');
    if (!icon) return c.body(null, 204);
    c.header('Content-Type', icon.contentType);
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(icon.body));
  });

  function page(c: Context, status: 200 | 401 | 403 | 404 | 422 | 500, title: string, body: Html, session?: ConsoleSession, currentSection?: string) {
    const flash = session?.flash;
    const flashAction = session?.flashAction;
    const tone = session?.flashTone ?? 'ok';
    if (session) {
      delete session.flash;
      delete session.flashAction;
      delete session.flashTone;
    }
    // The banner is drawn here (not by the layout's status line) so a failure is red with role="alert" and an Undo
    // form sits inside its banner.
    const banner = flash && session ? flashBanner({ message: flash, tone, csrfToken: session.csrfToken, ...(flashAction ? { action: flashAction } : {}) }) : '';
    return c.html(
      renderLayout({
        title,
        body: html`${banner}${body}`,
        assets: options.assets,
        ...(session ? { session: { csrfToken: session.csrfToken, sections: navigation, ...(currentSection ? { currentSection } : {}) } } : {}),
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

  /** Another address to render than the request's: a failed form's page, shown again with what was typed. */
  interface ShownAgain {
    readonly path: string;
    readonly query: URLSearchParams;
    readonly params: Record<string, string>;
    readonly failedForm: FailedForm;
  }

  function pageContext(c: Context, session: ConsoleSession, shownAgain?: ShownAgain): PageContext {
    const caller: ToolCaller = { kind: 'console', principal: session.principal };
    const url = new URL(c.req.url);
    return {
      async tool<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
        const result = await runInPrincipalScope(principalKeyOf(session.principal), () => options.host.callTool(name, args, { caller }));
        if (!result.ok) {
          const field = result.error.details?.['field'];
          throw new ConsoleToolError(result.error.code, result.error.message, result.error.hint, typeof field === 'string' ? field : undefined);
        }
        return result.value as T;
      },
      params: shownAgain?.params ?? (c.req.param() as Record<string, string>),
      path: shownAgain?.path ?? url.pathname,
      query: shownAgain?.query ?? url.searchParams,
      csrfToken: session.csrfToken,
      timeZone: options.host.config.timezone,
      now: now(),
      ...(session.flash === undefined ? {} : { flash: session.flash }),
      ...(shownAgain ? { failedForm: shownAgain.failedForm } : {}),
      modelConfigured,
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

  /**
   * A failed form shown again: the page its `_page` field names, rendered with what was typed and the problem beside
   * its field, HTTP 422. Undefined when the form names no page this console serves (then the banner says it).
   */
  async function formPageAgain(c: Context, session: ConsoleSession, form: Record<string, string>, error: ConsoleToolError): Promise<Response | undefined> {
    const id = form[FORM_ID_FIELD] ?? '';
    const address = safeRedirect(form[FORM_PAGE_FIELD] ?? '', '');
    if (id === '' || address === '') return undefined;
    const target = new URL(address, 'http://console.invalid');
    for (const entry of pages) {
      const params = matchPagePath(entry.pattern, target.pathname);
      if (!params) continue;
      const failedForm: FailedForm = {
        id,
        values: typedValues(form),
        message: error.message,
        ...(error.field === undefined ? {} : { field: error.field }),
        ...(error.hint === undefined ? {} : { hint: error.hint }),
      };
      try {
        const view = await entry.render(pageContext(c, session, { path: target.pathname, query: target.searchParams, params, failedForm }));
        const body = await view.body;
        // The form may be gone from its page (its row was deleted meanwhile): then the banner carries the problem.
        if (!body.toString().includes(`name="${FORM_ID_FIELD}" value="${id}"`)) {
          session.flash = `Not done: ${error.message}`;
          session.flashTone = 'error';
          delete session.flashAction;
        }
        return page(c, 422, view.title, body, session, entry.sectionId);
      } catch (failure) {
        return failurePage(c, failure, session, entry.sectionId);
      }
    }
    return undefined;
  }

  for (const section of options.sections) {
    section.register({
      page(path, render) {
        pages.push({ pattern: pagePathPattern(path), render, sectionId: section.id });
        app.get(path, async (c) => {
          const session = sessionOf(c);
          let view: PageView;
          try {
            view = await render(pageContext(c, session));
            // Render now, so a failure inside the body is shown as a failure rather than a half page.
            const body = await view.body;
            return page(c, view.status ?? 200, view.title, body, session, section.id);
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
            if (result.flash !== undefined) {
              session.flash = result.flash;
              session.flashTone = 'ok';
            }
            if (result.flashAction !== undefined) session.flashAction = result.flashAction;
            else delete session.flashAction;
            return c.redirect(safeRedirect(result.redirect, section.path), 303);
          } catch (error) {
            if (error instanceof ConsoleToolError) {
              const again = await formPageAgain(c, session, form, error);
              if (again) return again;
              // A form without a page of its own (an Undo in a banner): back with the problem in a red banner.
              session.flash = `Not done: ${error.message}`;
              session.flashTone = 'error';
              delete session.flashAction;
              const back = form[FORM_PAGE_FIELD] ?? form['return'] ?? form['return_to'] ?? '';
              return c.redirect(safeRedirect(back, section.path), 303);
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
