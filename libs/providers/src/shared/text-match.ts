/**
 * FTS5 queries for the mail and messages stores, built only from quoted words and phrases so user text never
 * reaches `MATCH` raw (docs/reference/conventions.md#validation). Unlike the ranked OR-queries of fact search, every
 * word must match (AND), which is what people expect from a mail search box.
 */

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

/**
 * The words and "double-quoted phrases" of free text that `buildFtsQuery` quotes (control characters and quotes
 * blanked, each holding a letter or digit), for a store port that builds its own query from them.
 */
export function searchPhrases(text: string): string[] {
  const parts: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|(\S+)/g)) {
    const part = (match[1] ?? match[2] ?? '').replace(/\p{Cc}/gu, ' ').replace(/"/g, ' ').trim();
    if (/[\p{L}\p{N}]/u.test(part)) parts.push(part);
  }
  return parts;
}
