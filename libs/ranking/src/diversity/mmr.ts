import { foldCase } from '@chief-of-staff/core';
/**
 * Diversity re-ranking (docs/reference/algorithms.md#mmr-and-jaccard): maximal marginal relevance over the top
 * candidates, with cosine similarity of fact vectors when both exist and Jaccard similarity of their word sets
 * otherwise. Pure.
 */

export const MMR_LAMBDA = 0.7;

/** Lower-cased (folded) word set of a text. */
export function wordSet(text: string): Set<string> {
  return new Set(foldCase(text).match(/[\p{L}\p{N}\p{M}]+/gu) ?? []);
}

/** |A∩B| / |A∪B|; 0 when either set is empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export interface MmrCandidate<T> {
  item: T;
  score: number;
}

export interface MmrSelection<T> extends MmrCandidate<T> {
  /** `λ·score − (1−λ)·max_sim(selected)` at the moment of selection; non-increasing along the output. */
  mmrScore: number;
}

/**
 * Picks up to `count` candidates, each time the one maximising `λ·score − (1−λ)·max_sim(selected)`. Ties keep
 * the input order, so the result is deterministic.
 */
export function selectByMmr<T>(
  candidates: readonly MmrCandidate<T>[],
  count: number,
  similarity: (a: T, b: T) => number,
  lambda = MMR_LAMBDA,
): MmrSelection<T>[] {
  const remaining = candidates.map((candidate) => ({ ...candidate, maxSim: 0 }));
  const selected: MmrSelection<T>[] = [];
  while (selected.length < count && remaining.length > 0) {
    let bestIndex = 0;
    let bestValue = -Infinity;
    remaining.forEach((candidate, index) => {
      const value = lambda * candidate.score - (1 - lambda) * candidate.maxSim;
      if (value > bestValue) {
        bestValue = value;
        bestIndex = index;
      }
    });
    const [chosen] = remaining.splice(bestIndex, 1);
    if (!chosen) break;
    selected.push({ item: chosen.item, score: chosen.score, mmrScore: bestValue });
    for (const candidate of remaining) {
      candidate.maxSim = Math.max(candidate.maxSim, similarity(candidate.item, chosen.item));
    }
  }
  return selected;
}
