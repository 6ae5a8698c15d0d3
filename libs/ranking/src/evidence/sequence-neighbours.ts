/**
 * Evidence from order: texts stored in sequence (the turns of one conversation thread, the chunks of one document)
 * lend each other relevance, since the answer often follows the passage that matched the question. An item keeps the
 * noisy-or of its own relevance and the better neighbour's, `r + w · r_neighbour · (1 − r)`: an item first in every
 * list stays at 1, and a neighbour never counts more than the item that matched.
 */

/**
 * The relevance with neighbours spread in: every item that has some and its neighbours (`neighboursOf`, which gives
 * only the items of the same sequence). A weight of 0 or less returns the relevance unchanged.
 */
export function spreadToNeighbours<K>(relevance: ReadonlyMap<K, number>, neighboursOf: (key: K) => readonly K[], weight: number): Map<K, number> {
  if (weight <= 0) return new Map(relevance);
  const keys = new Set<K>();
  for (const key of relevance.keys()) {
    keys.add(key);
    for (const neighbour of neighboursOf(key)) keys.add(neighbour);
  }
  const spread = new Map<K, number>();
  for (const key of keys) {
    const beside = Math.max(0, ...neighboursOf(key).map((neighbour) => relevance.get(neighbour) ?? 0));
    const own = relevance.get(key) ?? 0;
    const value = own + weight * beside * (1 - own);
    if (value > 0) spread.set(key, value);
  }
  return spread;
}
