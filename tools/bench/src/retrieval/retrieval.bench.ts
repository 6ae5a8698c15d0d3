/**
 * `npm run bench -- retrieval`: every test collection (CACM, the paraphrase fixture, the personal and the Hebrew
 * collections, the Debian package descriptions) ingested into a fresh data directory and searched in every mode,
 * next to Lunr and MiniSearch over the same texts in the same run. Prints the table of MRR@10, nDCG@10 and P@10 with
 * the shipped parameters, the goal checks, then the leave-one-collection-out table: for each collection, the ranking
 * parameters chosen on all the others (leave-one-out.ts) and its figures with them. The timed operation is one
 * default-mode search of a CACM query, so the latency sits beside the quality figures.
 */
import { DEFAULT_RANKING_PARAMETERS, WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { evaluateCollection, formatFiguresTable, indexCollection, type CollectionFigures, type IndexedCollection } from './evaluate-retrieval.js';
import { bestPoint, collectCandidates, describeParameters, formatLeaveOneOutTable, leaveOneOut, scoreGrid, type CollectionCandidates, type LeftOutRow } from './leave-one-out.js';
import { checkLeftOutGoals, checkRetrievalGoals } from './retrieval-goals.js';
import { compareFusionMethods, formatFusionMethods } from './fusion-methods.js';
import { loadAllCollections } from './test-collections.js';

const embedder = new WorkerPoolEmbedder();
const figures: CollectionFigures[] = [];
const candidates: CollectionCandidates[] = [];
let leftOut: LeftOutRow[] = [];
let cacm: IndexedCollection | undefined;
let next = 0;

export const benchmarks = [
  {
    name: 'retrieval: hybrid search_documents on CACM (quality figures in metrics)',
    async setup() {
      for (const collection of loadAllCollections()) {
        const indexed = await indexCollection(collection, embedder);
        figures.push(await evaluateCollection(indexed));
        candidates.push(await collectCandidates(indexed));
        if (collection.name === 'cacm') cacm = indexed;
        else await indexed.close();
      }
      console.log('With the shipped parameters:');
      console.log(formatFiguresTable(figures));
      for (const check of checkRetrievalGoals(figures)) {
        console.log(`${check.met ? 'met   ' : 'MISSED'} ${check.goal}: ${check.value} (target ${check.target})`);
      }
      const points = scoreGrid(candidates);
      const names = candidates.map((c) => c.name);
      leftOut = leaveOneOut(points, names);
      console.log(`\nLeave one collection out (${points.length} parameter combinations, each chosen on the other collections):`);
      console.log(formatLeaveOneOutTable(leftOut));
      for (const check of checkLeftOutGoals(leftOut)) {
        console.log(`${check.met ? 'met   ' : 'MISSED'} ${check.goal}: ${check.value} (target ${check.target})`);
      }
      console.log(`Chosen on all collections: ${describeParameters(bestPoint(points, names).parameters)}`);
      console.log(`Shipped:                   ${describeParameters(DEFAULT_RANKING_PARAMETERS)}`);
      console.log('\nThe ranking engine\'s two fusions on document chunks (nDCG@10, shipped keyword side and semantic share):');
      console.log(formatFusionMethods(compareFusionMethods(candidates)));
    },
    async fn() {
      const queries = cacm?.collection.queries ?? [];
      const query = queries[next++ % queries.length];
      if (cacm && query) await cacm.search(query.text, 'hybrid');
    },
    iterations: 52,
    async teardown() {
      await cacm?.close();
      await embedder.close();
    },
    metrics() {
      const out: Record<string, number> = {};
      for (const f of figures) {
        for (const [system, row] of Object.entries(f.systems)) out[`${f.collection}_${system}_ndcg10`] = Math.round(row.ndcg * 1000) / 1000;
      }
      for (const row of leftOut) out[`${row.collection}_left_out_hybrid_ndcg10`] = Math.round(row.scores.hybrid * 1000) / 1000;
      out['goals_missed'] = checkRetrievalGoals(figures).filter((check) => !check.met).length;
      out['left_out_goals_missed'] = checkLeftOutGoals(leftOut).filter((check) => !check.met).length;
      return out;
    },
    goal: { metric: 'goals_missed', max: 0 },
  },
];
