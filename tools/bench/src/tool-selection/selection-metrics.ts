/**
 * Tool-selection figures over judged rankings: recall@1, @4 and @5 (any labelled tool in the top k), MRR@10 (reciprocal
 * rank of the first labelled tool within the top 10, else 0), Hebrew recall@4, and the abstain rate on off-topic
 * requests. An on-topic request the ranker abstained on ranks nothing, so it counts as a miss. Also the abstain
 * threshold of a peer that has no cut-off of its own, calibrated on development requests.
 */
import type { SelectionRequest } from './selection-fixtures.js';

export interface JudgedRanking {
  request: SelectionRequest;
  /** Tool names, best first; empty when the ranker abstained. */
  ranked: readonly string[];
  abstained: boolean;
}

export interface SelectionFigures {
  requests: number;
  onTopic: number;
  offTopic: number;
  hebrewOnTopic: number;
  recallAt1: number | null;
  recallAt4: number | null;
  recallAt5: number | null;
  mrrAt10: number | null;
  /** Null when the set has no on-topic Hebrew request. */
  hebrewRecallAt4: number | null;
  /** Share of off-topic requests abstained on; null when the set has none (or the ranker cannot abstain). */
  abstainRate: number | null;
  /** Share of on-topic requests answered with no tool at all (every one of them a miss); null without on-topic requests. */
  noToolRate: number | null;
}

const HEBREW = /[\u0590-\u05FF]/;

export const isHebrew = (text: string): boolean => HEBREW.test(text);
export const isOffTopic = (request: SelectionRequest): boolean => request.tools.length === 0;

/** 1-based rank of the first labelled tool, or 0 when none of them was ranked. */
export function firstHitRank(ranked: readonly string[], wanted: readonly string[]): number {
  const index = ranked.findIndex((tool) => wanted.includes(tool));
  return index + 1;
}

const share = (count: number, of: number): number | null => (of === 0 ? null : count / of);

export function selectionFigures(
  judged: readonly JudgedRanking[],
  options: { canAbstain?: boolean } = {},
): SelectionFigures {
  let onTopic = 0;
  let offTopic = 0;
  let abstained = 0;
  let silent = 0;
  let hebrew = 0;
  let hebrewAt4 = 0;
  const hits = { at1: 0, at4: 0, at5: 0 };
  let reciprocal = 0;
  for (const { request, ranked, abstained: declined } of judged) {
    if (isOffTopic(request)) {
      offTopic += 1;
      if (declined) abstained += 1;
      continue;
    }
    onTopic += 1;
    if (declined || ranked.length === 0) silent += 1;
    const rank = declined ? 0 : firstHitRank(ranked, request.tools);
    const at4 = rank >= 1 && rank <= 4;
    if (rank === 1) hits.at1 += 1;
    if (at4) hits.at4 += 1;
    if (rank >= 1 && rank <= 5) hits.at5 += 1;
    if (rank >= 1 && rank <= 10) reciprocal += 1 / rank;
    if (isHebrew(request.q)) {
      hebrew += 1;
      if (at4) hebrewAt4 += 1;
    }
  }
  return {
    requests: judged.length,
    onTopic,
    offTopic,
    hebrewOnTopic: hebrew,
    recallAt1: share(hits.at1, onTopic),
    recallAt4: share(hits.at4, onTopic),
    recallAt5: share(hits.at5, onTopic),
    mrrAt10: share(reciprocal, onTopic),
    hebrewRecallAt4: share(hebrewAt4, hebrew),
    abstainRate: options.canAbstain === false ? null : share(abstained, offTopic),
    noToolRate: share(silent, onTopic),
  };
}

/**
 * The top-score threshold below which a peer abstains: the one that best separates on-topic from off-topic development
 * requests (most balanced accuracy: the mean of the share of on-topic requests kept and the share of off-topic
 * requests declined). Ties go to the lowest threshold, so the peer declines no more than it must. With no off-topic
 * (or no on-topic) requests to learn from it never abstains (threshold 0).
 */
export function calibrateAbstainThreshold(
  onTopicTopScores: readonly number[],
  offTopicTopScores: readonly number[],
): number {
  if (onTopicTopScores.length === 0 || offTopicTopScores.length === 0) return 0;
  const distinct = [...new Set([...onTopicTopScores, ...offTopicTopScores])].sort((a, b) => a - b);
  // Candidates sit between neighbouring scores, plus just above the highest (decline everything).
  const candidates = [
    0,
    ...distinct.slice(1).map((score, i) => ((distinct[i] as number) + score) / 2),
    (distinct.at(-1) as number) + 1,
  ];
  let best = 0;
  let bestAccuracy = -1;
  for (const threshold of candidates) {
    const kept = onTopicTopScores.filter((score) => score >= threshold).length / onTopicTopScores.length;
    const declined = offTopicTopScores.filter((score) => score < threshold).length / offTopicTopScores.length;
    const accuracy = (kept + declined) / 2;
    if (accuracy > bestAccuracy + 1e-12) {
      best = threshold;
      bestAccuracy = accuracy;
    }
  }
  return best;
}
