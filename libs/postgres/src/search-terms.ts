/**
 * The text the adapter writes into the `search_terms` / `terms` columns, from which PostgreSQL builds `tsvector`s with
 * the `simple` configuration (lower-casing only: no stemming, no stop words of its own). The terms are the ones the
 * SQLite side indexes, so a query finds the same rows on both:
 *
 * - facts, mail messages and messages: the tokens FTS5's `unicode61 remove_diacritics 2` tokenizer makes of the columns of `facts_fts`,
 *   `mail_messages_fts` and `messages_fts`: runs of letters, numbers and private-use characters, lower case, diacritics removed; anything
 *   else, underscores and dots included, separates tokens. Queries drop stop words, as on SQLite.
 * - document chunks: the documents' analysed terms (`lexicalText` of `@chief-of-staff/core`: Porter stems, no stop
 *   words, Hebrew words with their prefix variants), exactly what LanceDB's `terms` and `title_terms` columns hold.
 */
import { lexicalText } from '@chief-of-staff/core';

/** Latin letters that carry a diacritic (Latin-1 Supplement, Extended-A and -B, Extended Additional). */
const LATIN_WITH_DIACRITIC = /[\u00C0-\u024F\u1E00-\u1EFF]/gu;
/** The combining diacritics unicode61 removes; other marks (Hebrew points among them) separate tokens instead. */
const LATIN_COMBINING_DIACRITICS = /[\u0300-\u036F]/gu;
/** unicode61's token characters once diacritics are gone. */
const UNICODE61_TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;

/**
 * The `unicode61 remove_diacritics 2` tokens of a text, in order. Only Latin diacritics are removed; any other mark
 * ends a token, as in SQLite (pointed Hebrew falls apart into pieces there, and therefore here too).
 */
export function unicode61Tokens(text: string): string[] {
  return (
    text
      .replace(LATIN_WITH_DIACRITIC, (letter) => letter.normalize('NFD'))
      .replace(LATIN_COMBINING_DIACRITICS, '')
      // SQLite lower-cases letter by letter: a word-final capital sigma becomes σ, not JavaScript's final ς.
      .replace(/Σ/g, 'σ')
      .toLowerCase()
      .match(UNICODE61_TOKEN) ?? []
  );
}

/** `facts.search_terms` for a fact. */
export function factSearchTerms(fact: { key: string; value: string; category: string }): string {
  return unicode61Tokens(`${fact.key} ${fact.value} ${fact.category}`).join(' ');
}

/**
 * `mail_messages.search_terms`: the columns of `mail_messages_fts`, `to` as the JSON text SQLite holds (so its keys
 * `name` and `address` are tokens there too).
 */
export function mailMessageSearchTerms(message: {
  subject: string;
  fromName: string;
  fromAddress: string;
  to: readonly { name?: string; address: string }[];
  bodyText: string;
}): string {
  return unicode61Tokens([message.subject, message.fromName, message.fromAddress, JSON.stringify(message.to), message.bodyText].join(' ')).join(' ');
}

/**
 * Between the columns of `messages.search_terms`: PostgreSQL's parser reads `-1` as one word (a signed integer), so it
 * takes a position in the tsvector, yet no query term (letters and digits only) can equal it. A phrase therefore does
 * not run from one column into the next, as in FTS5 (ADR 0073).
 */
const COLUMN_GAP = ' -1 ';

/** `messages.search_terms`: the columns of `messages_fts`, a gap between them. */
export function messageSearchTerms(message: { text: string; senderHandle: string; senderName: string | null }): string {
  return [message.text, message.senderHandle, message.senderName ?? ''].map((column) => unicode61Tokens(column).join(' ')).join(COLUMN_GAP);
}

/** `document_chunks.terms` (of the text) or `title_terms` (of the title). */
export function chunkSearchTerms(text: string): string {
  return lexicalText(text);
}
