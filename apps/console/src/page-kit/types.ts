/**
 * The contract every console section codes against: a section registers pages (GET, rendered inside the layout) and
 * actions (POST, CSRF- and Origin-checked by the core, answered with a 303 redirect, or on a problem with the form's
 * page shown again with HTTP 422, see form-view.ts), and reads and writes only
 * through `ctx.tool(...)`, the sdk's tool calls as caller `console`.
 */
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ConsoleAssetName } from '../server/console-assets.js';

/** One navigation section of the console (Today, Memory, Agents, …). */
export interface ConsoleSection {
  /** 'today' */
  readonly id: string;
  /** The navigation text. */
  readonly label: string;
  /** '/today': its landing page. */
  readonly path: string;
  register(routes: ConsoleRoutes): void;
}

export interface ConsoleRoutes {
  /** GET `path` (Hono path syntax, e.g. '/agents/runs/:id') rendered inside the layout. */
  page(path: string, render: (ctx: PageContext) => Promise<PageView>): void;
  /** POST `path`: CSRF and Origin already checked by the core; returns where to redirect (303) and an optional flash. */
  action(path: string, run: (ctx: ActionContext) => Promise<ActionResult>): void;
}

export interface PageContext {
  /**
   * Calls a built-in tool through the sdk as caller `{ kind: 'console' }`; returns the tool's output object.
   * A tool error throws `ConsoleToolError` (code, message): the core shows its message in the page, never a stack.
   */
  tool<T = Record<string, unknown>>(name: string, args?: Record<string, unknown>): Promise<T>;
  readonly params: Readonly<Record<string, string>>;
  /** The page's path ('/memory/people'), without its query. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** Put in every form with `csrfField(ctx)`. */
  readonly csrfToken: string;
  /** The configured time zone (`timezone`), for local times. */
  readonly timeZone: string;
  readonly now: Date;
  /** The message a previous action left (shown by the layout, role="status"). */
  readonly flash?: string;
  /**
   * Set when this page is shown again because a form on it failed (HTTP 422): which form, what was typed and the
   * problem. Forms read it through `formView` (form-view.ts).
   */
  readonly failedForm?: FailedForm;
  /** Whether a model API key is configured: without one, agent runs fail, and the Agents page says so up front. */
  readonly modelConfigured: boolean;
  /** The URL of one of the console's own assets (`/assets/uPlot.iife.min.js?v=<hash>`), for a page that needs more than the layout loads. */
  assetUrl(name: ConsoleAssetName): string;
}

/** A form submission that failed: shown again on its page with the message beside the field it concerns. */
export interface FailedForm {
  /** The form's id on its page (its `_form` field). */
  readonly id: string;
  /** What was typed, by field name. */
  readonly values: Readonly<Record<string, string>>;
  /** The field the problem concerns, when known (a tool's argument or a form check's field). */
  readonly field?: string;
  readonly message: string;
  readonly hint?: string;
}

/** One small form carried by a flash message: the action it posts to, its button's text and hidden fields. */
export interface FlashAction {
  /** A POST path on the console, e.g. '/memory/facts/restore'. */
  readonly action: string;
  /** The button's text, e.g. 'Undo'. */
  readonly label: string;
  readonly fields: Readonly<Record<string, string>>;
}

export interface ActionContext extends PageContext {
  readonly form: Readonly<Record<string, string>>;
}

export interface PageView {
  readonly title: string;
  /** 404 when the page's subject does not exist (an unknown person); 200 otherwise. */
  readonly status?: 404;
  readonly body: HtmlEscapedString | Promise<HtmlEscapedString>;
}

export interface ActionResult {
  /** A path on the console ('/today'); anything else is refused and replaced by the section's landing page. */
  readonly redirect: string;
  readonly flash?: string;
  /** A button shown with the flash that posts these fields (with the CSRF token) back, e.g. "Undo" after a delete. */
  readonly flashAction?: FlashAction;
}
