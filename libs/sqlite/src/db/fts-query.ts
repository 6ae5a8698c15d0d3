/**
 * FTS5 MATCH expressions built from user text: every token quoted, so no query can use FTS5 syntax.
 */
import { ftsTokens, stemPrefix } from '@chief-of-staff/stores/adapter-kit';

/** `"tok1" OR "tok2"`, or null when nothing searchable remains. */
export function buildFtsMatch(query: string): string | null {
  return orMatch(ftsTokens(query));
}

/** Tokens (from `ftsTokens`, so free of quotes and operators) quoted and OR-joined; null when there are none. */
export function orMatch(tokens: readonly string[]): string | null {
  return tokens.length === 0 ? null : tokens.map((token) => `"${token}"`).join(' OR ');
}

/** Like `orMatch`, with each word that has a stem prefix matched by that prefix (`"recommend" *`), so its forms meet. */
export function orStemMatch(tokens: readonly string[]): string | null {
  if (tokens.length === 0) return null;
  return tokens
    .map((token) => {
      const prefix = stemPrefix(token);
      return prefix === undefined ? `"${token}"` : `"${prefix}" *`;
    })
    .join(' OR ');
}

/**
 * A phrase for a trigram index: the raw text in double quotes (quotes doubled), which a trigram tokenizer
 * matches as a substring. Null when shorter than 3 characters, which a trigram index cannot match.
 */
export function buildTrigramPhrase(text: string): string | null {
  if ([...text].length < 3) return null;
  return `"${text.replace(/"/g, '""')}"`;
}
