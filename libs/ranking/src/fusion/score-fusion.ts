/**
 * Score fusion: each list's scores scaled to 0..1 by a reference the list itself gives, then combined with per-query
 * weights. Used where the lists' scores carry more than their order (a BM25 score far above the next says the first
 * hit is clearly better), with the weights decided from query-time evidence (semantic-share.ts), never per collection.
 */

export interface ScoredItem<K> {
  key: K;
  score: number;
}

/** Scores divided by the list's best: BM25's natural zero is "no match", so the best is the only reference needed. */
export function scaleByBest<K>(items: readonly ScoredItem<K>[]): Map<K, number> {
  const high = Math.max(0, ...items.map((item) => item.score));
  return new Map(items.map((item) => [item.key, high <= 0 ? 1 : item.score / high]));
}

/**
 * Scores scaled from the list's lowest to its highest, but over at least `spread`: cosines bunch in a band that moves
 * from one collection to the next, so the list's own range is the reference, yet a list whose best and worst are
 * nearly equal says little and keeps its small differences small.
 */
export function scaleBySpread<K>(items: readonly ScoredItem<K>[], spread: number): Map<K, number> {
  if (items.length === 0) return new Map();
  const scores = items.map((item) => item.score);
  const high = Math.max(...scores);
  const low = Math.min(...scores);
  const span = Math.max(high - low, spread);
  return new Map(items.map((item) => [item.key, span <= 0 ? 1 : (item.score - low) / span]));
}
