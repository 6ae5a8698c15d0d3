/**
 * Text matching helpers shared by the providers: LIKE escaping and FTS5 queries built only from quoted tokens, so
 * user text never reaches `MATCH` raw (SPEC §1.7). Case folding is the store's `foldCase`.
 */

/** Escapes `\`, `%` and `_` for `LIKE … ESCAPE '\'`. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * An FTS5 query from free text: each whitespace-separated word, or each "double-quoted phrase", becomes a quoted
 * FTS5 string (so operators and column filters in user text are inert), joined with implicit AND. Returns null
 * when nothing searchable remains.
 */
export function buildFtsQuery(text: string): string | null {
  const parts: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|(\S+)/g)) {
    const part = (match[1] ?? match[2] ?? '').replace(/\p{Cc}/gu, ' ').replace(/"/g, ' ').trim();
    if (/[\p{L}\p{N}]/u.test(part)) parts.push(`"${part}"`);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}
