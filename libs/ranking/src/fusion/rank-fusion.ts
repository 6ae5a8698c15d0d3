/**
 * Weighted reciprocal-rank fusion: each list adds `weight / (k + rank)` to the items it holds, and the sum is scaled so
 * an item ranked first in every list scores 1. Ranks, not scores, are fused, so lists whose scores live on different
 * scales (BM25, cosine, recency) need no calibration per collection; a small `k` lets a list's first places count
 * clearly more than its tenth (ADR 0095).
 */

export interface RankedList<K> {
  /** Best first. */
  keys: readonly K[];
  /** How much the list counts; a list with weight 0 or less is left out. */
  weight: number;
  /** The rank of the item at a position (1-based); by default its position. Lets a list declare ties. */
  rankAt?: (key: K, position: number) => number;
}

/** Key → fused value in 0..1 for every key that some list holds. */
export function fuseRanks<K>(lists: readonly RankedList<K>[], k: number): Map<K, number> {
  const sums = new Map<K, number>();
  let best = 0;
  for (const { keys, weight, rankAt } of lists) {
    if (weight <= 0) continue;
    best += weight / (k + 1);
    keys.forEach((key, index) => sums.set(key, (sums.get(key) ?? 0) + weight / (k + (rankAt ? rankAt(key, index + 1) : index + 1))));
  }
  for (const [key, sum] of sums) sums.set(key, best === 0 ? 0 : sum / best);
  return sums;
}
