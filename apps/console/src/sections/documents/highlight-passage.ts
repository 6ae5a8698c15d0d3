/**
 * Marks the words of a search in a found passage. The passage is split into plain pieces and matched pieces, and each
 * is interpolated into the template on its own, so every piece is escaped and only the `<mark>` around it is markup:
 * no text of the passage (a third party's file) is ever inserted as HTML.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** Words shorter than this (`a`, `of`) would mark half the passage. */
const MIN_TERM_LENGTH = 2;
const MAX_TERMS = 20;

/** The words of a query worth marking: letters and digits of any script, longest first so `invoices` wins over `invoice`. */
export function queryTerms(query: string): string[] {
  const words = query.toLocaleLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’_-]*/gu) ?? [];
  const unique = [...new Set(words.filter((word) => [...word].length >= MIN_TERM_LENGTH))];
  return unique.sort((a, b) => b.length - a.length).slice(0, MAX_TERMS);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The passage split at the query's words: `[{ text, marked }]`, in order, joining back to the passage exactly. */
export function splitAtTerms(passage: string, terms: readonly string[]): { text: string; marked: boolean }[] {
  if (terms.length === 0 || passage === '') return [{ text: passage, marked: false }];
  const pattern = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'giu');
  // With one capture group, split() puts the matched words at the odd indexes.
  return passage
    .split(pattern)
    .map((text, index) => ({ text, marked: index % 2 === 1 }))
    .filter((piece) => piece.text !== '');
}

/** The passage as HTML with the query's words in `<mark>`; every piece of text escaped. */
export function highlightPassage(passage: string, query: string): Html {
  return html`${splitAtTerms(passage, queryTerms(query)).map((piece) => (piece.marked ? html`<mark>${piece.text}</mark>` : html`${piece.text}`))}`;
}
