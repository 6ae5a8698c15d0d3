/**
 * Nearest-rank percentiles without sorting: the metrics need two order statistics of tens of thousands of values (a
 * month of calls), and selecting them in place is linear where a sort is not — the sorts were a tenth of a
 * `get_orchestration_stats` call over 20,000 calls.
 */

/** The position of the nearest-rank `fraction` percentile among `count` values in ascending order. */
export function nearestRankIndex(count: number, fraction: number): number {
  return Math.max(0, Math.ceil(fraction * count) - 1);
}

function swap(values: Float64Array, a: number, b: number): void {
  const held = values[a] as number;
  values[a] = values[b] as number;
  values[b] = held;
}

/**
 * Moves the value that sorting would put at `k` there, every smaller-or-equal value before it and every
 * greater-or-equal after, looking only within [lo, hi]. Hoare's partition around the median of three: duplicates
 * (durations repeat a lot) split evenly, and sorted input stays linear.
 */
function selectInPlace(values: Float64Array, k: number, lo: number, hi: number): void {
  while (lo < hi) {
    const mid = lo + ((hi - lo) >> 1);
    if ((values[mid] as number) < (values[lo] as number)) swap(values, mid, lo);
    if ((values[hi] as number) < (values[lo] as number)) swap(values, hi, lo);
    if ((values[hi] as number) < (values[mid] as number)) swap(values, hi, mid);
    const pivot = values[mid] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) < pivot) i += 1;
      while ((values[j] as number) > pivot) j -= 1;
      if (i <= j) {
        swap(values, i, j);
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/**
 * The nearest-rank percentile of `values` at each of `fractions` (ascending, each in (0, 1]); NaN for none. Equal to
 * sorting the values and reading `sorted[ceil(fraction × n) − 1]`.
 */
export function nearestRanks(values: readonly number[], fractions: readonly number[]): number[] {
  if (values.length === 0) return fractions.map(() => Number.NaN);
  const work = Float64Array.from(values);
  let lo = 0;
  return fractions.map((fraction) => {
    const k = nearestRankIndex(work.length, fraction);
    // Everything before an earlier rank is no greater than it, so a later (higher) rank is searched after it.
    selectInPlace(work, k, Math.min(lo, k), work.length - 1);
    lo = k;
    return work[k] as number;
  });
}
