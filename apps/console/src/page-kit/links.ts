/**
 * Links that keep the page's query: paging a list keeps its filters and search, and an action returns to the address
 * it was started from.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { PageContext } from './types.js';

/** `path` with the current query and `changes` applied (an empty or undefined value removes the parameter). */
export function linkWith(path: string, ctx: PageContext, changes: Record<string, string | undefined>): string {
  const query = new URLSearchParams(ctx.query);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') query.delete(key);
    else query.set(key, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** "First page" / "Next page" links over a tool's cursor, back to the block `anchor`; nothing on a single page. */
export function cursorPager(path: string, ctx: PageContext, nextCursor: string | null | undefined, anchor: string): HtmlEscapedString | Promise<HtmlEscapedString> {
  const onLaterPage = ctx.query.has('cursor');
  if (!nextCursor && !onLaterPage) return html``;
  return html`<nav class="pager" aria-label="Pages">${onLaterPage ? html`<a href="${linkWith(path, ctx, { cursor: undefined })}#${anchor}">First page</a>` : ''}${nextCursor ? html`<a href="${linkWith(path, ctx, { cursor: nextCursor })}#${anchor}">Next page</a>` : ''}</nav>`;
}
