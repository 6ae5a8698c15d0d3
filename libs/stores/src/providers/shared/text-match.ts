/**
 * Text matching helpers shared by the providers: LIKE escaping and FTS5 queries built only from quoted tokens, so
 * user text never reaches `MATCH` raw (SPEC §1.7). Case folding is the store's `foldCase`.
 */

/** Escapes `\`, `%` and `_` for `LIKE … ESCAPE '\'`. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * An FTS5 query from free text: each whitespace-separated token becomes a quoted string (embedded quotes
 * doubled), joined with implicit AND. Returns null when no searchable token remains.
 */
export function buildFtsQuery(text: string): string | null {
  const tokens = text
    .split(/\s+/)
    .map((token) => token.replace(/\p{Cc}/gu, '').trim())
    .filter((token) => /[\p{L}\p{N}]/u.test(token));
  if (tokens.length === 0) return null;
  return tokens.map((token) => `"${token.replace(/"/g, '""')}"`).join(' ');
}
