/**
 * The scoring half of fact ranking (steps 2–4 and 7 of docs/reference/algorithms.md#fact-ranking), pure:
 * reciprocal-rank fusion of the candidate lists into a 0..1 relevance, temporal decay with a half-life (pinned facts
 * never decay), the final score and the deterministic order.
 */

export const DEFAULT_RRF_K = 60;
export const DEFAULT_HALF_LIFE_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * `relevance(f) = Σ 1/(k + rank) / (L/(k+1))` over the `lists` that ran (ranks 1-based), so a fact ranked first
 * in every list scores exactly 1.
 */
export function fuseRelevance(lists: readonly (readonly number[])[], k = DEFAULT_RRF_K): Map<number, number> {
  const sums = new Map<number, number>();
  for (const list of lists) {
    list.forEach((id, index) => sums.set(id, (sums.get(id) ?? 0) + 1 / (k + index + 1)));
  }
  const best = lists.length / (k + 1);
  const relevance = new Map<number, number>();
  for (const [id, sum] of sums) relevance.set(id, best === 0 ? 0 : sum / best);
  return relevance;
}

/** `0.5^(age_days / half_life)`, age from `updatedAt` and never negative; 1 for pinned facts. */
export function temporalDecay(updatedAt: string, now: Date, halfLifeDays: number, pinned: boolean): number {
  if (pinned) return 1;
  const ageDays = Math.max(0, (now.getTime() - Date.parse(updatedAt)) / DAY_MS);
  return Math.pow(0.5, ageDays / halfLifeDays);
}

export interface RankableFact {
  id: number;
  confidence: number;
  pinned: boolean;
  updatedAt: string;
}

export interface ScoredFact<T extends RankableFact> {
  fact: T;
  relevance: number;
  decay: number;
  score: number;
}

/** Scores and sorts: score desc, then updated_at desc, then id asc. */
export function scoreFacts<T extends RankableFact>(
  candidates: readonly T[],
  relevance: ReadonlyMap<number, number>,
  options: { now: Date; halfLifeDays: number },
): ScoredFact<T>[] {
  return candidates
    .map((fact) => {
      const rel = relevance.get(fact.id) ?? 0;
      const decay = temporalDecay(fact.updatedAt, options.now, options.halfLifeDays, fact.pinned);
      return { fact, relevance: rel, decay, score: rel * fact.confidence * decay };
    })
    .sort(compareScored);
}

export function compareScored<T extends RankableFact>(a: ScoredFact<T>, b: ScoredFact<T>): number {
  if (b.score !== a.score) return b.score - a.score;
  if (a.fact.updatedAt !== b.fact.updatedAt) return a.fact.updatedAt < b.fact.updatedAt ? 1 : -1;
  return a.fact.id - b.fact.id;
}

/** Reported numbers are rounded to 4 decimal places. */
export function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
