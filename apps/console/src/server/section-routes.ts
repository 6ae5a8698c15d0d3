/**
 * The sections' pages and actions on the console app: each page reads through the sdk's tool calls as caller
 * `console`; a failed action goes back to its form's page with what was typed (HTTP 422), or to a red banner.
 */
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import { newErrorRef, principalKeyOf, runInPrincipalScope, type ToolCaller } from '@chief-of-staff/core';
import { ConsoleToolError } from '../page-kit/console-tool-error.js';
import { FORM_ID_FIELD, FORM_PAGE_FIELD, typedValues } from '../page-kit/form-view.js';
import type { ActionContext, ActionResult, ConsoleSection, FailedForm, PageContext, PageView } from '../page-kit/types.js';
import { renderPage, sessionOf, type ConsoleAppContext } from './console-app-context.js';
import type { ConsoleSession } from './console-auth.js';
import { matchPagePath, pagePathPattern } from './page-routes.js';
import { safeRedirect } from './request-checks.js';

/** Another address to render than the request's: a failed form's page, shown again with what was typed. */
interface ShownAgain {
  readonly path: string;
  readonly query: URLSearchParams;
  readonly params: Record<string, string>;
  readonly failedForm: FailedForm;
}

export function registerSection(app: Hono, shared: ConsoleAppContext, section: ConsoleSection): void {
  section.register({
    page(path, render) {
      shared.pages.push({ pattern: pagePathPattern(path), render, sectionId: section.id });
      app.get(path, (c) => showPage(shared, c, section, render));
    },
    action(path, run) {
      app.post(path, (c) => runAction(shared, c, section, run));
    },
  });
}

async function showPage(shared: ConsoleAppContext, c: Context, section: ConsoleSection, render: (ctx: PageContext) => Promise<PageView>) {
  const session = sessionOf(shared, c);
  let view: PageView;
  try {
    view = await render(pageContext(shared, c, session));
    // Render now, so a failure inside the body is shown as a failure rather than a half page.
    const body = await view.body;
    return renderPage(shared, c, view.status ?? 200, view.title, body, session, section.id);
  } catch (error) {
    return failurePage(shared, c, error, session, section.id);
  }
}

async function runAction(
  shared: ConsoleAppContext,
  c: Context,
  section: ConsoleSection,
  run: (ctx: ActionContext) => Promise<ActionResult>,
) {
  const session = sessionOf(shared, c);
  const form = shared.forms.get(c.req.raw) ?? {};
  const context: ActionContext = { ...pageContext(shared, c, session), form };
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
      const again = await formPageAgain(shared, c, session, form, error);
      if (again) return again;
      // A form without a page of its own (an Undo in a banner): back with the problem in a red banner.
      session.flash = `Not done: ${error.message}`;
      session.flashTone = 'error';
      delete session.flashAction;
      const back = form[FORM_PAGE_FIELD] ?? form['return'] ?? form['return_to'] ?? '';
      return c.redirect(safeRedirect(back, section.path), 303);
    }
    return failurePage(shared, c, error, session, section.id);
  }
}

function pageContext(shared: ConsoleAppContext, c: Context, session: ConsoleSession, shownAgain?: ShownAgain): PageContext {
  const { host, assets } = shared.options;
  const caller: ToolCaller = { kind: 'console', principal: session.principal };
  const url = new URL(c.req.url);
  return {
    async tool<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
      const result = await runInPrincipalScope(principalKeyOf(session.principal), () => host.callTool(name, args, { caller }));
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
    timeZone: host.config.timezone,
    now: shared.now(),
    ...(session.flash === undefined ? {} : { flash: session.flash }),
    ...(shownAgain ? { failedForm: shownAgain.failedForm } : {}),
    modelConfigured: shared.modelConfigured,
    assetUrl: (name) => assets.url(name),
  };
}

function failurePage(shared: ConsoleAppContext, c: Context, error: unknown, session: ConsoleSession, sectionId: string) {
  if (error instanceof ConsoleToolError) {
    return renderPage(
      shared,
      c,
      200,
      'Could not show this page',
      html`<p class="error" role="alert" dir="auto">${error.message}</p>${error.hint ? html`<p dir="auto">${error.hint}</p>` : ''}`,
      session,
      sectionId,
    );
  }
  const ref = newErrorRef();
  shared.options.host.logger.error({ err: error, ref, path: c.req.path }, 'console page failed');
  return renderPage(shared, c, 500, 'Something went wrong', html`<p class="error" role="alert">This page failed (reference ${ref}). The console's log has the details.</p>`, session, sectionId);
}

/**
 * A failed form shown again: the page its `_page` field names, rendered with what was typed and the problem beside
 * its field, HTTP 422. Undefined when the form names no page this console serves (then the banner says it).
 */
async function formPageAgain(
  shared: ConsoleAppContext,
  c: Context,
  session: ConsoleSession,
  form: Record<string, string>,
  error: ConsoleToolError,
): Promise<Response | undefined> {
  const id = form[FORM_ID_FIELD] ?? '';
  const address = safeRedirect(form[FORM_PAGE_FIELD] ?? '', '');
  if (id === '' || address === '') return undefined;
  const target = new URL(address, 'http://shared.invalid');
  for (const entry of shared.pages) {
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
      const view = await entry.render(pageContext(shared, c, session, { path: target.pathname, query: target.searchParams, params, failedForm }));
      const body = await view.body;
      // The form may be gone from its page (its row was deleted meanwhile): then the banner carries the problem.
      if (!body.toString().includes(`name="${FORM_ID_FIELD}" value="${id}"`)) {
        session.flash = `Not done: ${error.message}`;
        session.flashTone = 'error';
        delete session.flashAction;
      }
      return renderPage(shared, c, 422, view.title, body, session, entry.sectionId);
    } catch (failure) {
      return failurePage(shared, c, failure, session, entry.sectionId);
    }
  }
  return undefined;
}
