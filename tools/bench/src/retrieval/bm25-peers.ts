/**
 * The peers every mode is compared with, indexing the same titles and bodies in the same run with their default
 * settings: Lunr (BM25 with an English stemmer and stop words) and MiniSearch (BM25, no stemming).
 */
import lunr from 'lunr';
import MiniSearch from 'minisearch';
import type { TestDocument } from './test-collections.js';

export interface PeerIndex {
  name: string;
  /** Document ids, best first. */
  search(query: string, limit: number): string[];
}

export function lunrIndex(documents: readonly TestDocument[]): PeerIndex {
  const index = lunr(function build() {
    this.ref('id');
    this.field('title');
    this.field('body');
    for (const doc of documents) this.add(doc);
  });
  return {
    name: 'lunr',
    // Terms are added through the query API so that characters such as ':' or '~' in a query are not syntax.
    search: (query, limit) =>
      index
        .query((q) => {
          q.term(lunr.tokenizer(query), {});
        })
        .slice(0, limit)
        .map((hit) => hit.ref),
  };
}

export function miniSearchIndex(documents: readonly TestDocument[]): PeerIndex {
  const index = new MiniSearch<TestDocument>({ fields: ['title', 'body'], idField: 'id' });
  index.addAll([...documents]);
  return {
    name: 'minisearch',
    search: (query, limit) =>
      index
        .search(query)
        .slice(0, limit)
        .map((hit) => String(hit.id)),
  };
}
