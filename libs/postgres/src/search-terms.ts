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
 * Written between the fields (columns) of one row's search terms: a term no query can hold (query terms are unicode61
 * tokens, which never keep a Latin diacritic), so a phrase cannot run from the end of one field into the next, as an
 * FTS5 phrase stays inside one column (ADRs 0072, 0073).
 */
export const FIELD_BREAK = 'é';

/** Each field's unicode61 terms, the fields apart by `FIELD_BREAK`. */
function fieldTerms(fields: readonly string[]): string {
  return fields.map((field) => unicode61Tokens(field).join(' ')).join(` ${FIELD_BREAK} `).replace(/ {2,}/g, ' ').trim();
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
  return fieldTerms([message.subject, message.fromName, message.fromAddress, JSON.stringify(message.to), message.bodyText]);
}

/** `messages.search_terms`: the columns of `messages_fts`. */
export function messageSearchTerms(message: { text: string; senderHandle: string; senderName: string | null }): string {
  return fieldTerms([message.text, message.senderHandle, message.senderName ?? '']);
}

/** `document_chunks.terms` (of the text) or `title_terms` (of the title). */
export function chunkSearchTerms(text: string): string {
  return lexicalText(text);
}
