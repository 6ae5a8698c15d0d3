/**
 * Phrase evidence for keyword hits. BM25 scores words independently, so a passage that says "notice period" ranks no
 * higher than one that mentions "notice" in one paragraph and "period" in another. The share of the query's
 * neighbouring word pairs that also stand next to each other in a passage says how much of the query it holds as
 * written. Its weight is small on purpose: on CACM's long natural-language queries a wider window (three positions) and
 * a larger weight (0.3) cost 2% nDCG@10, while this setting left every collection level or better (ADR 0019).
 */
import { searchTerms } from '@chief-of-staff/core';

/** The most a passage's BM25 score grows when every neighbouring pair of query words appears together. */
export const PROXIMITY_WEIGHT = 0.1;
/** Two query words count as together when they are at most this many positions apart (1: next to each other). */
const WINDOW = 1;

/** Positions of each term in the passage (a Hebrew word's variants share the word's position). */
function termPositions(text: string): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  searchTerms(text).forEach((term, index) => {
    const list = positions.get(term);
    if (list) list.push(index);
    else positions.set(term, [index]);
  });
  return positions;
}

function nearest(a: readonly number[], b: readonly number[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const x of a) for (const y of b) best = Math.min(best, Math.abs(y - x));
  return best;
}

/** 0..1: the share of neighbouring query-word pairs (term groups) that appear close together in `text`. */
export function proximityShare(groups: readonly (readonly string[])[], text: string): number {
  if (groups.length < 2) return 0;
  const positions = termPositions(text);
  const at = (group: readonly string[]) => group.flatMap((term) => positions.get(term) ?? []);
  let close = 0;
  for (let index = 1; index < groups.length; index++) {
    const left = at(groups[index - 1] as readonly string[]);
    const right = at(groups[index] as readonly string[]);
    if (left.length === 0 || right.length === 0) continue;
    // A Hebrew word's variants fill consecutive positions; its last variant still stands next to the following word.
    if (nearest(left, right) <= WINDOW) close += 1;
  }
  return close / (groups.length - 1);
}
