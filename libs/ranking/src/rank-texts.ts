/**
 * The ranking engine for short texts with words and a vector — facts and document chunks alike. Given one query's
 * candidate lists (keyword lists with BM25 or match scores, a semantic list with cosines), it fuses them into a 0..1
 * relevance per item and applies the structural evidence the texts carry (sequence neighbours, and shares of what
 * the query asks for: names, dates). The caller keeps what is particular to its texts: which lists it gathers, how
 * much each counts, and the prior it multiplies afterwards (a fact's confidence and age; ADR 0099).
 *
 * Two fusions, neither tuned per collection:
 * - `ranks`: weighted reciprocal-rank fusion with a small k (rank-fusion.ts), for lists whose scores are not
 *   comparable or not known (the facts' substring list is ordered by recency);
 * - `scores`: each list scaled by its own reference (score-fusion.ts) and summed with the lists' weights, for lists
 *   whose score gaps carry meaning (a BM25 score far above the next).
 */
import { fuseRanks } from './fusion/rank-fusion.js';
import { scaleByBest, scaleBySpread, type ScoredItem } from './fusion/score-fusion.js';
import { boostByShare } from './evidence/evidence-boost.js';
import { spreadToNeighbours } from './evidence/sequence-neighbours.js';

export interface CandidateList<K> {
  /** `keyword` lists are scaled by their best score, `semantic` ones by their spread (scores fusion only). */
  kind: 'keyword' | 'semantic';
  /** Best first; scores are read by the `scores` fusion only. */
  items: readonly ScoredItem<K>[];
  /** How much the list counts; 0 or less leaves it out of `ranks` and keeps its items at 0 in `scores`. */
  weight: number;
  /** For the `ranks` fusion: the rank of the item at a position (1-based), when the list has ties. */
  rankAt?: (key: K, position: number) => number;
}

export type TextFusion = { method: 'ranks'; k: number } | { method: 'scores'; vectorSpread: number };

export interface TextEvidence<K> {
  /** Items stored in sequence with an item (only those of the same sequence), and the share of relevance they lend. */
  neighbours?: { of: (key: K) => readonly K[]; weight: number };
  /** Shares (0..1) of something the query asks for that an item carries (names, a date), each with its weight. */
  shares?: readonly { of: (key: K) => number | undefined; weight: number }[];
}

function fuseScores<K>(lists: readonly CandidateList<K>[], vectorSpread: number): Map<K, number> {
  const fused = new Map<K, number>();
  let total = 0;
  for (const list of lists) {
    // A list without weight still names its items (at 0), so every candidate stays a result.
    const weight = Math.max(0, list.weight);
    total += weight;
    const scaled = list.kind === 'keyword' ? scaleByBest(list.items) : scaleBySpread(list.items, vectorSpread);
    for (const [key, value] of scaled) fused.set(key, (fused.get(key) ?? 0) + weight * value);
  }
  // Lists with weight summing to more than 1 still give a 0..1 relevance.
  if (total > 1) for (const [key, value] of fused) fused.set(key, value / total);
  return fused;
}

/** Item → relevance in 0..1 for every item some list holds (and, with neighbours, the items beside them). */
export function rankTexts<K>(lists: readonly CandidateList<K>[], fusion: TextFusion, evidence: TextEvidence<K> = {}): Map<K, number> {
  let relevance =
    fusion.method === 'ranks'
      ? fuseRanks(
          lists.map((list) => ({ keys: list.items.map((item) => item.key), weight: list.weight, ...(list.rankAt ? { rankAt: list.rankAt } : {}) })),
          fusion.k,
        )
      : fuseScores(lists, fusion.vectorSpread);
  if (evidence.neighbours) relevance = spreadToNeighbours(relevance, evidence.neighbours.of, evidence.neighbours.weight);
  for (const share of evidence.shares ?? []) boostByShare(relevance, share.of, share.weight);
  return relevance;
}
