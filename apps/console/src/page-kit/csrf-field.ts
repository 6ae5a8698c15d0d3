/** The hidden CSRF field every POST form carries; the core refuses a POST whose `_csrf` is not the session's. */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { PageContext } from './types.js';

/** The form field name the core checks. */
export const CSRF_FIELD_NAME = '_csrf';

export function csrfField(ctx: Pick<PageContext, 'csrfToken'>): HtmlEscapedString | Promise<HtmlEscapedString> {
  return html`<input type="hidden" name="${CSRF_FIELD_NAME}" value="${ctx.csrfToken}">`;
}
