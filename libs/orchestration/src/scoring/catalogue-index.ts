/**
 * The catalogue index: BM25F over what every tool has — its name (split at `server__tool`, snake_case and camelCase),
 * title, description and parameter names and descriptions — analysed with the shared text analyser (Porter stems,
 * stop words, Hebrew prefixes and light stems). Hebrew request words are also mapped through the bilingual lexicon
 * onto the English words tools are described with. A tool's name also yields the initials of its word pairs ("pull
 * request" → "pr"), so "PRs" meets `create_pull_request`. A request word of five letters or more that no tool uses
 * (a typo: "remnd", "calender") is read as the index words one edit away, at a reduced weight. Tools are added and
 * removed one at a time (a server joining touches only its own tools' postings); per-field length norms are refreshed
 * lazily after a change, so a query touches only the postings of its own terms.
 */
import { foldedWords, wordTerms } from '@chief-of-staff/core';
import { sharedBilingualLexicon, type BilingualLexicon } from './bilingual-lexicon.js';
import { addTool, correctedWords, emptyPostings, removeDocument, searchPostings, type LexicalMatch } from './catalogue-postings.js';
import { queryGroupsOf, REQUEST_FILLER, type IndexedToolText } from './catalogue-text.js';

export { BM25F_SETTINGS, nameInitials, queryGroupsOf, withinOneEdit, type IndexedToolText } from './catalogue-text.js';
export { lexicalOrder, type LexicalMatch } from './catalogue-postings.js';

export interface CatalogueIndex {
  /** Adds a tool, or replaces it when its text changed (unchanged text is a no-op). */
  add(tool: IndexedToolText): void;
  remove(name: string): void;
  has(name: string): boolean;
  /** The indexed tools' names. */
  names(): string[];
  readonly size: number;
  /**
   * Tools sharing at least one term with the request, best first (`lexicalOrder`), among `available` (all tools when
   * omitted); in no particular order with `{ sorted: false }`.
   */
  search(query: string, available?: ReadonlySet<string>, options?: { sorted?: boolean }): LexicalMatch[];
  /**
   * The catalogue's words one edit away from a request word no tool uses (a typo), as tools write them; empty for a
   * word the catalogue knows, a short word or one with nothing near it.
   */
  corrections(word: string): string[];
  /**
   * The request's words as the index reads them (function words and numbers left
   * out; fillers kept, as known), in order, each with whether the catalogue knows it: some tool's text holds one of
   * its terms, a translation of it, or a word one edit away.
   */
  requestWords(query: string): Array<{ word: string; known: boolean }>;
}

export function createCatalogueIndex(tools: readonly IndexedToolText[] = [], lexicon: BilingualLexicon = sharedBilingualLexicon()): CatalogueIndex {
  const index = emptyPostings();
  for (const tool of tools) addTool(index, tool);
  return {
    add: (tool) => addTool(index, tool),
    remove(name) {
      const document = index.documents.get(name);
      if (document) removeDocument(index, document);
    },
    has: (name) => index.documents.has(name),
    corrections(word) {
      const folded = foldedWords(word)[0];
      return folded === undefined ? [] : correctedWords(index, folded, wordTerms(folded));
    },
    names: () => [...index.documents.keys()],
    requestWords(query) {
      return queryGroupsOf(query, lexicon, true).map((group) => ({
        word: group.word,
        // A filler ("tell", "show", "give") is how any request is put, known whatever the catalogue.
        known:
          REQUEST_FILLER.has(group.word) ||
          group.direct.some((term) => index.postings.has(term)) ||
          group.translated.some((term) => index.postings.has(term)) ||
          correctedWords(index, group.word, group.direct).length > 0,
      }));
    },
    get size() {
      return index.documents.size;
    },
    search: (query, available, options) => searchPostings(index, queryGroupsOf(query, lexicon), available, options?.sorted ?? true),
  };
}
