/** Grid search for the benchmarks that choose parameters leaving one collection (or conversation) out. */

/**
 * The item with the highest value, strictly better only: among equals the earliest stays, so a grid that lists
 * smaller, simpler values first prefers them.
 */
export function firstBest<T>(items: readonly T[], valueOf: (item: T) => number, epsilon = 1e-12): T {
  let best = items[0] as T;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const item of items) {
    const value = valueOf(item);
    if (value > bestValue + epsilon) {
      best = item;
      bestValue = value;
    }
  }
  return best;
}
