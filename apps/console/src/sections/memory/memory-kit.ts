/**
 * What the Memory pages share: the tabs under /memory (facts, people, decisions, delegations), the paged-list shape
 * the tools return, "next page" links that keep the filters, and the form helpers the pages' actions read with.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A page of a list tool's output (list_facts, search_identity, list_delegations, …). */
export interface ToolPage<T> {
  items: T[];
  next_cursor: string | null;
  total?: number;
}

/** Rows per page on every Memory list: small enough to render fast, large enough to scan. */
export const PAGE_SIZE = 50;

export const MEMORY_TABS = [
  { id: 'facts', label: 'Facts', path: '/memory/facts' },
  { id: 'people', label: 'People', path: '/memory/people' },
  { id: 'decisions', label: 'Decisions', path: '/memory/decisions' },
  { id: 'delegations', label: 'Delegations', path: '/memory/delegations' },
] as const;

export type MemoryTab = (typeof MEMORY_TABS)[number]['id'];

/** The sub-navigation of the Memory section; the current tab carries `aria-current="page"`. */
export function memoryTabs(current: MemoryTab): Html {
  return html`<nav class="tabs" aria-label="Memory"><ul>${MEMORY_TABS.map(
    (tab) => html`<li><a href="${tab.path}"${tab.id === current ? html` aria-current="page"` : ''}>${tab.label}</a></li>`,
  )}</ul></nav>`;
}

/** `path?a=1&b=2` from the non-empty values: the filters a next-page or return link keeps. */
export function withQuery(path: string, params: Readonly<Record<string, string | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(name, value);
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** "Showing n of total" and the first/next page links (the tools page by cursor). */
export function pager(page: ToolPage<unknown>, path: string, filters: Readonly<Record<string, string | undefined>>, onFirstPage: boolean): Html {
  const shown = page.items.length;
  return html`<nav class="pager" aria-label="Pages">
${page.total === undefined ? '' : html`<span class="muted">${shown} shown of ${page.total}.</span>`}
${onFirstPage ? '' : html` <a href="${withQuery(path, filters)}">First page</a>`}
${page.next_cursor ? html` <a href="${withQuery(path, { ...filters, cursor: page.next_cursor })}" rel="next">Next page</a>` : ''}
</nav>`;
}

/** A value as the list shows it: at most `max` characters, so one long fact cannot swell the page. */
export function clip(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A required form field, or an error the console shows as "Not done: …". */
export function formText(form: Readonly<Record<string, string>>, name: string): string {
  return (form[name] ?? '').trim();
}

/** A console path to go back to after an action: only one of the Memory pages, else `fallback`. */
export function returnPath(form: Readonly<Record<string, string>>, fallback: string): string {
  const target = form['return'] ?? '';
  return target.startsWith('/memory') && !target.startsWith('//') ? target : fallback;
}

/** The current page's address (path and query), for the hidden `return` field of a row's form. */
export function currentAddress(path: string, query: URLSearchParams): string {
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** `<option>`s for a `<select>`, the current value selected. */
export function options(values: readonly (readonly [string, string])[], selected: string): Html {
  return html`${values.map(([value, label]) => html`<option value="${value}"${value === selected ? html` selected` : ''}>${label}</option>`)}`;
}
