/**
 * The fusion weights and cut-offs of `scoreAllTools` (docs/adr/0040, 0050, 0094) and the confidence levels they give.
 */

export type ConfidenceLevel = 'high' | 'medium' | 'low';

export const DEFAULT_MIN_SCORE = 0.3;

/** Fusion weights and confidence cut-offs, chosen on the development halves (docs/adr/0040). */
export const FUSION = {
  coverage: 0.2,
  coveragePower: 2,
  relative: 0.2,
  semantic: 0.4,
  /** Weight of Lc standing in for S when a tool has no vector yet (the lexical-only calibration). */
  semanticStandIn: 0.15,
  intent: 0.3,
  priority: 0.1,
  /** Cosines at or below this carry no evidence (unrelated short texts already sit around it). */
  semanticFloor: 0.3,
  /** Lexical coverage a tool needs to be offered on words alone (without an intent signal). */
  minCoverage: 0.2,
  /** Rescaled similarity a tool needs to be offered on meaning alone. */
  minSemantic: 0.3,
  headBoost: 0.1,
  fallbackBoost: 0.05,
  /**
   * A best tool scoring at least the cut-off but under this is offered only when corroborated: one shared word ("write
   * a haiku", "the weather in Tel Aviv tomorrow") clears the cut-off but is no evidence on its own.
   */
  firm: 0.38,
  /** Share of the request's words, and rescaled similarity, that together corroborate a tool without a keyword. */
  corroboratingCoverage: 0.2,
  corroboratingSemantic: 0.1,
  /** Top-1 right about four times in five at or above this on the development halves. */
  high: 0.55,
  /** About half the time or more between this and `high`; below it, about half. */
  medium: 0.42,
  /** Coverage at which the best lexical match's relative score counts in full. */
  relativeCoverage: 0.3,
  /** Rescaled similarity at which a keyword intent counts in full. */
  intentAgreement: 0.5,
  /** The share of a keyword intent that depends on that agreement. */
  intentUncorroborated: 0.5,
  /** Added to a keyword intent when the request also says the tool's action ("add" for create_*). */
  actionBonus: 0.12,
  /** A tool that changes things keeps this share of its domain's intent when its action is not asked for. */
  unaskedWrite: 0.5,
  /** Added for a tool whose action the request asks for when no keyword of its domain does (and words or meaning point to it). */
  actionAlone: 0.05,
  /** Word and meaning evidence of a tool without keyword signals is multiplied by this. */
  unsignalledBoost: 1.3,
};

/**
 * Evidence for tools known only by their description (a joined server's tools: no keyword signals, no example
 * requests), read against the request's own distribution over the catalogue so it means the same in any catalogue
 * and with any embedder: the z-score of the tool's similarity among every tool's similarity for this request, and
 * its place in the lexical and semantic rankings. Chosen on the MetaTool and third-party development sets
 * (docs/adr/0094); tools with examples keep the calibration of FUSION.
 */
export const DESCRIPTION_ONLY = {
  /** Standing-out (z) at which the similarity starts to count, and the span over which it comes to count in full. */
  zFloor: 1,
  zSpan: 2.5,
  /** A best tool whose similarity stands out at least this far fits … */
  zFit: 2,
  /** … when it is also within this many of the top of the semantic ranking; or within this many of the top of both. */
  agreementDepth: 3,
  /** Coverage at which the tool's relative BM25F score counts in full (requests to such tools are long sentences). */
  relativeCoverage: 0.15,
  /** Fewer tools with vectors than this make no distribution to stand out of. */
  minTools: 20,
};

/**
 * The lead of a request's best tool over the rest of its own ranking: how many spreads its score stands above the mean
 * of the next tools' among the first `depth`. A best tool over the cut-off that leads by `zFit` or more fits without
 * corroboration: when one tool's words are by far the request's strongest evidence, missing meaning evidence (an
 * embedder that reads the request poorly) is no reason to go silent. Chosen on the own sets' development data
 * (docs/adr/0100).
 */
export const LEAD = {
  depth: 10,
  zFit: 5,
  /** Fewer tools than this after the best make no ranking to lead. */
  minOthers: 4,
  /** The spread is read as at least this, so near-equal scores behind the best do not make any gap infinite. */
  spreadFloor: 0.01,
};

/**
 * When a word before the request's first unknown word stops telling what it asks for (`withoutCommonWords`): when at
 * least this share of the catalogue's tools hold it. Chosen on the own sets' development data (docs/adr/0101): from
 * 0.20 to 0.26 every figure is the same; under it "look" (19 % of the built-in tools) stops vouching for the web
 * search in "look up the population of Tel Aviv online"; over it "write" (26 %) vouches for the calendar in a
 * birthday poem.
 */
export const FOREIGN_ASK = {
  commonShare: 0.22,
};

/** high / medium / low from the calibrated cut-offs (docs/adr/0040). */
export function confidenceOf(score: number): ConfidenceLevel {
  return score >= FUSION.high ? 'high' : score >= FUSION.medium ? 'medium' : 'low';
}
