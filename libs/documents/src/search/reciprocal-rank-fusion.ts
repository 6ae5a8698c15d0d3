/**
 * Reciprocal rank fusion (SPEC §3.3, §4.1): `rrf(d) = Σ_lists 1/(k + rank)` with 1-based ranks, normalised
 * by the best possible sum `L/(k+1)` so a result ranked first in every list scores 1. Ties are broken by id,
 * so equal inputs always give the same order. An optional weight in [0, 1] per hit scales its term, so a weak hit
 * can count for less than its rank alone says (the normalisation keeps 1 as the best possible score).
 */

export interface FusedItem<T> {
  id: string;
  item: T;
  /** Normalised fused score in (0, 1]. */
  score: number;
  /** 1-based rank in each list the item appeared in (undefined where absent). */
  ranks: (number | undefined)[];
}

export function reciprocalRankFusion<T>(
  lists: readonly (readonly T[])[],
  idOf: (item: T) => string,
  k = 60,
  weightOf: (item: T, listIndex: number) => number = () => 1,
): FusedItem<T>[] {
  const fused = new Map<string, { item: T; sum: number; ranks: (number | undefined)[] }>();
  lists.forEach((list, listIndex) => {
    list.forEach((item, position) => {
      const id = idOf(item);
      let entry = fused.get(id);
      if (!entry) {
        entry = { item, sum: 0, ranks: lists.map(() => undefined) };
        fused.set(id, entry);
      }
      if (entry.ranks[listIndex] !== undefined) return;
      entry.ranks[listIndex] = position + 1;
      entry.sum += weightOf(item, listIndex) / (k + position + 1);
    });
  });
  const best = lists.length / (k + 1);
  return [...fused.entries()]
    .map(([id, entry]) => ({ id, item: entry.item, score: best > 0 ? entry.sum / best : 0, ranks: entry.ranks }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
