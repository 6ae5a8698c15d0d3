/**
 * How much a semantic (vector) list counts against a keyword list for one query, decided from evidence available at
 * query time, never per collection (ADR 0042):
 * - the query's length and how much of it the best keyword hits contain (long queries and full keyword matches lean
 *   on keywords, short loose questions on meaning);
 * - whether the two lists agree: when the keyword list is confident (many hits that contain most of the query) and the
 *   semantic list's top items are nowhere in it, the embedder is taken not to know the domain and the semantic share
 *   shrinks towards zero, so the fused ranking falls back to the keyword one;
 * - the part of the query the embedder can read (an English model cannot read Hebrew).
 */
import { searchTerms } from '@chief-of-staff/core';

export interface FusionParameters {
  /** The keyword share before evidence: `base + coverage · coverage + length · min(words, lengthCap) / lengthCap`. */
  base: number;
  coverage: number;
  length: number;
  lengthCap: number;
  /** Bounds of that keyword share (before agreement and the script of the query are taken into account). */
  min: number;
  max: number;
  /** Keyword hits (items) at which the keyword list counts as fully confident. */
  keywordHits: number;
  /**
   * The share of the semantic top ten also in the keyword list at which the semantic list is fully trusted when the
   * keyword list is confident; below it the semantic share shrinks in proportion.
   */
  agreement: number;
  /** The least cosine span the semantic scores are scaled against (a flat list stays flat; score-fusion.ts). */
  vectorSpread: number;
}

/** Chosen leave-one-collection-out on the retrieval benchmark's collections (ADR 0042). */
export const DEFAULT_FUSION_PARAMETERS: Readonly<FusionParameters> = {
  base: 0.2,
  coverage: 0.7,
  length: 0.2,
  lengthCap: 12,
  min: 0.15,
  max: 0.9,
  keywordHits: 5,
  agreement: 0.1,
  vectorSpread: 0.2,
};

/** Keyword hits inspected for the query's coverage. */
export const COVERAGE_HITS = 5;
/** Semantic items compared with the keyword list for agreement. */
export const AGREEMENT_DEPTH = 10;

/**
 * The share of the query's words (term groups) that the best of the given texts contains (the top keyword hits): 1
 * when some text has every word (a name, a code, an exact phrase), low when the keyword list only shares incidental
 * words.
 */
export function keywordCoverage(groups: readonly (readonly string[])[], texts: readonly string[]): number {
  if (groups.length === 0) return 0;
  let best = 0;
  for (const text of texts.slice(0, COVERAGE_HITS)) {
    const terms = new Set(searchTerms(text));
    const found = groups.filter((group) => group.some((term) => terms.has(term))).length;
    best = Math.max(best, found / groups.length);
  }
  return best;
}

/** The share of the semantic list's top items (distinct, best first) that the keyword list also holds. */
export function listAgreement<K>(keyword: readonly K[], semantic: readonly K[]): number {
  const top = semantic.slice(0, AGREEMENT_DEPTH);
  if (top.length === 0 || keyword.length === 0) return 0;
  const found = new Set(keyword);
  return top.filter((key) => found.has(key)).length / top.length;
}

/** What a query's fusion weight is decided from; every figure is known once both candidate lists are in. */
export interface FusionEvidence {
  /** Query words (term groups) after analysis. */
  words: number;
  /** See `keywordCoverage`. */
  coverage: number;
  /** Distinct items in the keyword list. */
  keywordHits: number;
  /** See `listAgreement`. */
  agreement: number;
  /** The part of the query the embedder can read (see `semanticShare`). */
  readable: number;
}

/**
 * How much the semantic list counts (0..1). Starts from the length and coverage rule; then, in proportion to how
 * confident the keyword list is (coverage × its number of hits), requires the semantic list to agree with it, so an
 * embedder that knows nothing about the texts' domain cannot push good keyword matches down; finally scaled by the
 * part of the query the embedder can read (an all-Hebrew query: keywords only).
 */
export function semanticWeight(evidence: FusionEvidence, parameters: Readonly<FusionParameters> = DEFAULT_FUSION_PARAMETERS): number {
  const { base, coverage, length, lengthCap, min, max, keywordHits, agreement } = parameters;
  const words = Math.min(evidence.words, lengthCap) / lengthCap;
  const keywordShare = Math.min(max, Math.max(min, base + coverage * evidence.coverage + length * words));
  const confidence = evidence.coverage * Math.min(1, evidence.keywordHits / Math.max(1, keywordHits));
  const agreed = agreement <= 0 ? 1 : Math.min(1, evidence.agreement / agreement);
  const trust = 1 - confidence * (1 - agreed);
  return (1 - keywordShare) * trust * evidence.readable;
}

const LATIN = /^[\p{Script=Latin}\p{N}_]+$/u;

/** The share of the query's words the English embedder can read (Latin script or digits). */
export function semanticShare(words: readonly string[]): number {
  if (words.length === 0) return 0;
  return words.filter((word) => LATIN.test(word)).length / words.length;
}
