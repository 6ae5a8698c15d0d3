/**
 * Guards the retrieval goals (see retrieval-goals.ts) on every collection of the harness, so a change to the
 * analyser, the index layout or the fusion that costs quality fails CI: with the shipped parameters, and in the
 * left-out position of leave-one-collection-out (hybrid never below its better half, and never below its keyword half
 * with an embedder that knows nothing). Ingesting CACM embeds 3,204 documents, so the collections are indexed once.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { evaluateCollection, formatFiguresTable, indexCollection, type CollectionFigures } from './evaluate-retrieval.js';
import { collectCandidates, formatLeaveOneOutTable, leaveOneOut, scoreGrid, type CollectionCandidates } from './leave-one-out.js';
import { checkLeftOutGoals, checkRetrievalGoals } from './retrieval-goals.js';
import { loadAllCollections } from './test-collections.js';

const embedder = new WorkerPoolEmbedder();

afterAll(async () => {
  await embedder.close();
});

describe('retrieval quality on the test collections', () => {
  it('meets every goal: beats BM25 on CACM, hybrid never loses to its halves (also left out, also blind), paraphrase and Hebrew MRR', async () => {
    const figures: CollectionFigures[] = [];
    const candidates: CollectionCandidates[] = [];
    for (const collection of loadAllCollections()) {
      expect(collection.queries.length).toBeGreaterThanOrEqual(20);
      const indexed = await indexCollection(collection, embedder);
      try {
        figures.push(await evaluateCollection(indexed));
        candidates.push(await collectCandidates(indexed));
      } finally {
        await indexed.close();
      }
    }
    const leftOut = leaveOneOut(
      scoreGrid(candidates),
      candidates.map((c) => c.name),
    );
    process.stderr.write(`${formatFiguresTable(figures)}\n${formatLeaveOneOutTable(leftOut)}\n`);
    const missed = [...checkRetrievalGoals(figures), ...checkLeftOutGoals(leftOut)].filter((check) => !check.met);
    expect(missed).toEqual([]);
  }, 900_000);
});
