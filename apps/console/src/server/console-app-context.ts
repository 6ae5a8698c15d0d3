/**
 * What the parts of the console app share: its options, what is derived from them once, the pages (so a failed
 * form's page can be shown again) and what the sign-in check found for each request.
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import { resolveSecret } from '@chief-of-staff/core';
import { flashBanner } from '../page-kit/flash-banner.js';
import { renderLayout } from '../page-kit/layout.js';
import type { ConsoleSection, PageContext, PageView } from '../page-kit/types.js';
import type { ConsoleAssets } from './console-assets.js';
import type { ConsoleAuth, ConsoleSession } from './console-auth.js';
import type { PagePathPattern } from './page-routes.js';

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

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface ConsolePage {
  readonly pattern: PagePathPattern;
  readonly render: (ctx: PageContext) => Promise<PageView>;
  readonly sectionId: string;
}

export interface ConsoleAppContext {
  readonly options: ConsoleAppOptions;
  readonly now: () => Date;
  readonly landing: string;
  readonly navigation: readonly { id: string; label: string; path: string }[];
  readonly modelConfigured: boolean;
  /** Every page, so a failed form's page can be rendered again from its address. */
  readonly pages: ConsolePage[];
  // What the sign-in check found for a request, for the handlers after it.
  readonly sessions: WeakMap<Request, ConsoleSession>;
  readonly forms: WeakMap<Request, Record<string, string>>;
}

export function consoleAppContext(options: ConsoleAppOptions): ConsoleAppContext {
  // As the agents runtime reads it (config, then the environment); read once, as the runtime does.
  const env = options.env ?? process.env;
  return {
    options,
    now: options.now ?? (() => new Date()),
    landing: options.sections[0]?.path ?? '/today',
    navigation: options.sections.map(({ id, label, path }) => ({ id, label, path })),
    modelConfigured: (resolveSecret(options.host.config.anthropic.apiKey, env) ?? (env['ANTHROPIC_API_KEY']?.trim() || undefined)) !== undefined,
    pages: [],
    sessions: new WeakMap(),
    forms: new WeakMap(),
  };
}

export function sessionOf(app: ConsoleAppContext, c: Context): ConsoleSession {
  const session = app.sessions.get(c.req.raw);
  if (!session) throw new Error('no session: the sign-in check did not run');
  return session;
}

/** A page in the console's layout, with the session's one-time banner. */
export function renderPage(
  app: ConsoleAppContext,
  c: Context,
  status: 200 | 401 | 403 | 404 | 422 | 500,
  title: string,
  body: Html,
  session?: ConsoleSession,
  currentSection?: string,
) {
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
      assets: app.options.assets,
      ...(session ? { session: { csrfToken: session.csrfToken, sections: app.navigation, ...(currentSection ? { currentSection } : {}) } } : {}),
    }),
    status,
  );
}
