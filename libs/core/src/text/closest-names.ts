/**
 * "Did you mean …?" for mistyped names: the candidates within a small edit distance (insertions, deletions,
 * substitutions and swapped neighbours each count 1), closest first.
 */

function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const previous = rows[i - 1] as number[];
      row[j] = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** Names from `candidates` within `maxDistance` edits of `name` (case-insensitive), closest first, at most `limit`. */
export function closestNames(name: string, candidates: Iterable<string>, maxDistance = 2, limit = 3): string[] {
  const wanted = name.toLowerCase();
  const scored: Array<{ candidate: string; score: number }> = [];
  for (const candidate of candidates) {
    const score = distance(wanted, candidate.toLowerCase(), maxDistance);
    if (score <= maxDistance) scored.push({ candidate, score });
  }
  return scored.sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate)).slice(0, limit).map((entry) => entry.candidate);
}

/** " Did you mean store_fact?" (or a short list), or an empty string when nothing is close. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const close = closestNames(name, candidates);
  if (close.length === 0) return '';
  return ` Did you mean ${close.length === 1 ? close[0] : `${close.slice(0, -1).join(', ')} or ${close.at(-1)}`}?`;
}
