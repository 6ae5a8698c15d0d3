/**
 * The prior of fact ranking (steps 4 and 7 of docs/reference/algorithms.md#fact-ranking), pure: a fact's relevance
 * (fact-relevance.ts) times a prior made of its confidence and its temporal decay with a half-life (pinned facts never
 * decay), and the deterministic order. The prior says how much a fact is still worth, never whether it answers the query.
 */

export const DEFAULT_HALF_LIFE_DAYS = 90;
/**
 * The least a fact's prior can be: an old, unsure fact still keeps half its relevance. Multiplying relevance by the
 * bare confidence × decay let a fact matching the question second best, stored yesterday, outrank the one that
 * answers it stored two months ago (ADR 0095); the prior orders facts of like relevance, it does not overrule it.
 */
export const PRIOR_FLOOR = 0.5;
const DAY_MS = 86_400_000;

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

/** How much a fact is still worth, in [PRIOR_FLOOR, 1]: confidence × decay lifted onto the floor. */
export function factPrior(confidence: number, decay: number): number {
  return PRIOR_FLOOR + (1 - PRIOR_FLOOR) * confidence * decay;
}

/** Scores (relevance × prior) and sorts: score desc, then updated_at desc, then id asc. */
export function scoreFacts<T extends RankableFact>(
  candidates: readonly T[],
  relevance: ReadonlyMap<number, number>,
  options: { now: Date; halfLifeDays: number },
): ScoredFact<T>[] {
  return candidates
    .map((fact) => {
      const rel = relevance.get(fact.id) ?? 0;
      const decay = temporalDecay(fact.updatedAt, options.now, options.halfLifeDays, fact.pinned);
      return { fact, relevance: rel, decay, score: rel * factPrior(fact.confidence, decay) };
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
