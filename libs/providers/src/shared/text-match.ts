/**
 * The search-box text of the mail and messages searches, split into the words and phrases the stores match: each
 * adapter quotes them itself (FTS5 strings, tsquery phrases), so user text never reaches `MATCH` raw
 * (docs/reference/conventions.md#validation). Unlike the ranked OR-queries of fact search, every word must match
 * (AND), which is what people expect from a mail search box.
 */

/**
 * The words and "double-quoted phrases" of free text (control characters and quotes blanked; parts without a letter
 * or digit dropped), for a store port that builds its own query from them.
 */
export function searchPhrases(text: string): string[] {
  const parts: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|(\S+)/g)) {
    const part = (match[1] ?? match[2] ?? '').replace(/\p{Cc}/gu, ' ').replace(/"/g, ' ').trim();
    if (/[\p{L}\p{N}]/u.test(part)) parts.push(part);
  }
  return parts;
}
