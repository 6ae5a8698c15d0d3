/**
 * Guards the retrieval goals (see retrieval-goals.ts) on every collection of the harness, so a change to the
 * analyser, the index layout or the fusion that costs quality fails CI. Ingesting CACM embeds 3,204 documents, so the
 * collections are indexed once.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { evaluateCollection, formatFiguresTable, indexCollection, type CollectionFigures } from './evaluate-retrieval.js';
import { checkRetrievalGoals } from './retrieval-goals.js';
import { loadAllCollections } from './test-collections.js';

const embedder = new WorkerPoolEmbedder();

afterAll(async () => {
  await embedder.close();
});

describe('retrieval quality on the test collections', () => {
  it('meets every goal: beats BM25 on CACM, hybrid never loses to its halves, paraphrase and Hebrew MRR', async () => {
    const figures: CollectionFigures[] = [];
    for (const collection of loadAllCollections()) {
      expect(collection.queries.length).toBeGreaterThanOrEqual(20);
      const indexed = await indexCollection(collection, embedder);
      try {
        figures.push(await evaluateCollection(indexed));
      } finally {
        await indexed.close();
      }
    }
    process.stderr.write(`${formatFiguresTable(figures)}\n`);
    const missed = checkRetrievalGoals(figures).filter((check) => !check.met);
    expect(missed).toEqual([]);
  }, 600_000);
});
