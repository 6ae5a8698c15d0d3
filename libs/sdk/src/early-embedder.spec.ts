import { describe, expect, it } from '@jest/globals';
import { prefetchToolQueryVector, type startEarlyEmbedder } from './early-embedder.js';

type EarlyEmbedder = NonNullable<ReturnType<typeof startEarlyEmbedder>>;

describe('prefetchToolQueryVector', () => {
  it('starts the query vector of the searches that embed their query, as they will embed it, and nothing else', () => {
    const prefetched: string[] = [];
    const embedder = { prefetch: (text: string) => prefetched.push(text) } as unknown as EarlyEmbedder;
    prefetchToolQueryVector(embedder, 'query_memory', { query: '  what does Noa drink ' });
    prefetchToolQueryVector(embedder, 'search_documents', { query: 'offsite agenda', mode: 'hybrid' });
    prefetchToolQueryVector(embedder, 'search_documents', { query: 'board minutes' });
    // Words only: no vector is needed.
    prefetchToolQueryVector(embedder, 'search_documents', { query: 'INV-2041', mode: 'fts' });
    prefetchToolQueryVector(embedder, 'list_facts', { query: 'budget' });
    prefetchToolQueryVector(embedder, 'query_memory', { category: 'work' });
    expect(prefetched).toEqual(['what does Noa drink', 'offsite agenda', 'board minutes']);
  });
});
