/**
 * Building blocks for pages. `toolBlock` renders one titled block of a page from one or more tool calls and, when a
 * tool is absent or fails, a short note in its place, so one broken source never takes the whole page down.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { ConsoleToolError } from './console-tool-error.js';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface ToolBlockOptions<T> {
  /** The block's element id (also names its heading for screen readers). */
  readonly id: string;
  readonly heading: string;
  readonly load: () => Promise<T>;
  readonly render: (data: T) => Html;
}

/** Text that came from the user or a third party: `dir="auto"`, so Hebrew reads right to left. */
export function userText(value: unknown): Html {
  return html`<span dir="auto">${value === undefined || value === null ? '' : String(value)}</span>`;
}

/** What a block says when its list is empty. */
export function empty(text: string): Html {
  return html`<p class="empty">${text}</p>`;
}

export async function toolBlock<T>(options: ToolBlockOptions<T>): Promise<HtmlEscapedString> {
  let content: Html;
  try {
    content = options.render(await options.load());
  } catch (error) {
    const message = error instanceof ConsoleToolError ? error.message : 'It could not be loaded (an internal error; the console log has the details).';
    content = html`<p class="note" dir="auto">Not available: ${message}</p>`;
  }
  return html`<section class="block" id="${options.id}" aria-labelledby="${options.id}-heading">
<h2 id="${options.id}-heading">${options.heading}</h2>
${content}
</section>`;
}
