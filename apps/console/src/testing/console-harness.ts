/**
 * Test harness for console pages: runs the console server in this process on 127.0.0.1 (a free port) over a fresh
 * Chief of Staff in a temp data directory, optionally seeded first, and signs in once. Tests then fetch pages with
 * `cookieHeader` and assert on the HTML, or drive a browser (`openBrowser`).
 *
 *     const console = await startTestConsole({ seed: async (cos) => { await cos.callTool('store_fact', {...}); } });
 *     const page = await fetch(`${console.url}/today`, { headers: { cookie: console.cookieHeader } });
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSilentLogger, formatDateInZone, type Clock, type ConfigInput } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '@chief-of-staff/sdk';
import type { ConsoleSection } from '../page-kit/types.js';
import { consoleSections } from '../sections.js';
import { startConsoleServer } from '../server/start-console-server.js';

export interface TestConsole {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** A fresh one-time sign-in link each call. */
  signInLink(): string;
  /** `cos_console_<port>=<session>`: a signed-in session for `fetch(..., { headers: { cookie } })`. */
  readonly cookieHeader: string;
  /** The session's CSRF token, for POSTs made with fetch. */
  readonly csrfToken: string;
  readonly cos: ChiefOfStaff;
  readonly dataDir: string;
  close(): Promise<void>;
}

export interface StartTestConsoleOptions {
  /** Writes the data the test expects, through the Chief of Staff's own tools. */
  seed?: (cos: ChiefOfStaff) => Promise<void>;
  /** Configuration over the test defaults (e.g. `timezone`). */
  config?: ConfigInput;
  /** The sections served (default: all of them, as in sections.ts). */
  sections?: readonly ConsoleSection[];
  /**
   * Sets the console's and the tools' clock alike to this instant; it then runs on at the real pace, so records made
   * one after another still sort by time. A page that says "7 days overdue" must not change with the day a test runs.
   */
  startAt?: Date;
  /** The bind address (default 127.0.0.1); one other machines reach also needs `allowRemote`. */
  host?: string;
  allowRemote?: boolean;
}

/** `src/assets` beside this file's folder: the console's stylesheet and script as written. */
export const SOURCE_ASSETS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'assets');

/** Signs in with a sign-in link and returns the session cookie and the CSRF token of the landing page's forms. */
export async function signIn(link: string): Promise<{ cookieHeader: string; csrfToken: string }> {
  const response = await fetch(link, { redirect: 'manual' });
  const setCookie = response.headers.get('set-cookie');
  if (response.status !== 303 || !setCookie) throw new Error(`signing in with ${link} answered ${response.status}, not a redirect with a cookie`);
  const cookieHeader = setCookie.split(';')[0] ?? '';
  const landing = await fetch(new URL(response.headers.get('location') ?? '/', link), { headers: { cookie: cookieHeader } });
  const match = /name="_csrf" value="([^"]+)"/.exec(await landing.text());
  if (!match?.[1]) throw new Error('the landing page has no form with a CSRF token');
  return { cookieHeader, csrfToken: match[1] };
}

export async function startTestConsole(options: StartTestConsoleOptions = {}): Promise<TestConsole> {
  const timezone = options.config?.timezone ?? 'UTC';
  const clock = options.startAt ? clockFrom(options.startAt, timezone) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-console-'));
  const cos = await createChiefOfStaff({
    dataDir,
    env: {},
    logger: createSilentLogger(),
    semanticRecall: false,
    config: { timezone: 'UTC', ...options.config },
    ...(clock ? { clock } : {}),
  });
  try {
    await options.seed?.(cos);
    const running = await startConsoleServer({
      cos,
      sections: options.sections ?? consoleSections,
      assetsDir: SOURCE_ASSETS_DIR,
      port: 0,
      env: {},
      ...(options.host === undefined ? {} : { host: options.host }),
      ...(options.allowRemote === undefined ? {} : { allowRemote: options.allowRemote }),
      ...(clock ? { now: () => clock.now() } : {}),
    });
    const session = await signIn(running.signInLink());
    return {
      url: running.url,
      signInLink: running.signInLink,
      cookieHeader: session.cookieHeader,
      csrfToken: session.csrfToken,
      cos,
      dataDir,
      async close() {
        await running.close();
        await cos.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** A clock that reads `start` now and moves on with the system clock. */
function clockFrom(start: Date, timezone: string): Clock {
  const offset = start.getTime() - Date.now();
  const now = () => new Date(Date.now() + offset);
  return { timezone, now, today: () => formatDateInZone(now(), timezone) };
}
