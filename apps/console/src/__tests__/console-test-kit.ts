/**
 * Helpers for the console's page tests: fetch a page with the signed-in cookie, post a form (with or without the CSRF
 * token) the way the browser does, and call a tool directly to seed data or see what it returns now.
 */
import type { TestConsole } from '../testing/console-harness.js';

export async function getPage(consoleApp: TestConsole, path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${consoleApp.url}${path}`, { headers: { cookie: consoleApp.cookieHeader } });
  return { status: response.status, body: await response.text() };
}

/** POSTs a form as the page would; `csrf: false` leaves the token out. Returns the status and the redirect target. */
export async function postForm(
  consoleApp: TestConsole,
  path: string,
  fields: Record<string, string>,
  options: { csrf?: boolean } = {},
): Promise<{ status: number; location: string | null }> {
  const body = new URLSearchParams(options.csrf === false ? fields : { _csrf: consoleApp.csrfToken, ...fields });
  const response = await fetch(`${consoleApp.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: consoleApp.cookieHeader, origin: consoleApp.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') };
}

/**
 * Submits form `formId` of the page at `page` as the browser does (with the CSRF token and the form's `_form` and
 * `_page` fields) and returns the answer: a 303 with its target when it worked, the page shown again (422) when not.
 */
export async function submitForm(
  consoleApp: TestConsole,
  page: string,
  formId: string,
  action: string,
  fields: Record<string, string>,
): Promise<{ status: number; location: string | null; body: string }> {
  const body = new URLSearchParams({ _csrf: consoleApp.csrfToken, _form: formId, _page: page, ...fields });
  const response = await fetch(`${consoleApp.url}${action}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: consoleApp.cookieHeader, origin: consoleApp.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

/** A tool's output as the CLI would get it (any failure throws with the tool's message). */
export async function cosCall<T = Record<string, unknown>>(cos: TestConsole['cos'], name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = await cos.callTool(name, args, { caller: { kind: 'cli' } });
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value as T;
}

/** `cosCall` on the console's own Chief of Staff. */
export function callTool<T = Record<string, unknown>>(consoleApp: TestConsole, name: string, args: Record<string, unknown>): Promise<T> {
  return cosCall<T>(consoleApp.cos, name, args);
}

/** Seeds through the tools as the CLI would, failing loudly on the first refused call. */
export async function seedCalls(
  cos: TestConsole['cos'],
  calls: readonly (readonly [string, Record<string, unknown>])[],
): Promise<void> {
  for (const [tool, args] of calls) await cosCall(cos, tool, args);
}
