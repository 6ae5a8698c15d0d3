/**
 * Hybrid fusion: the keyword (BM25) and semantic (cosine) lists, each collapsed to one best chunk per document,
 * scaled and combined as `(1 − v) · keyword + v · semantic`, where the semantic share `v` is decided per query from
 * evidence available at query time (see `semanticWeight`):
 * - the query's length and how much of it the best keyword hits contain (long queries and full keyword matches lean
 *   on keywords, short loose questions on meaning);
 * - whether the two lists agree: when the keyword list is confident (many hits that contain most of the query) and
 *   the semantic list's top documents are nowhere in it, the embedder is taken not to know the domain and the
 *   semantic share shrinks towards zero, so hybrid falls back to keyword ranking;
 * - how far the semantic scores spread: cosines are scaled against at least a fixed span, so a flat list (every
 *   neighbour about as similar as the next, as when the embedder cannot tell the documents apart) cannot stretch its
 *   noise into a full 0–1 range.
 * The parameters were chosen by leave-one-collection-out evaluation on the development collections of
 * `npm run bench -- retrieval` (ADR 0042 has the values and the figures).
 */
import type { ChunkHit } from '../store/chunk-store.js';
import { searchTerms } from '../lexical/search-terms.js';

export interface FusionParameters {
  /** The keyword share before evidence: `base + coverage · coverage + length · min(words, lengthCap) / lengthCap`. */
  base: number;
  coverage: number;
  length: number;
  lengthCap: number;
  /** Bounds of that keyword share (before agreement and the script of the query are taken into account). */
  min: number;
  max: number;
  /** Keyword hits (documents) at which the keyword list counts as fully confident. */
  keywordHits: number;
  /**
   * The share of the semantic top ten also in the keyword list at which the semantic list is fully trusted when the
   * keyword list is confident; below it the semantic share shrinks in proportion.
   */
  agreement: number;
  /** The least cosine span the semantic scores are scaled against (a flat list stays flat). */
  vectorSpread: number;
}

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

/** Lexical hits inspected for the query's coverage. */
const COVERAGE_HITS = 5;
/** Semantic documents compared with the keyword list for agreement. */
const AGREEMENT_DEPTH = 10;

/**
 * The share of the query's words (term groups) that the best of the top keyword hits contains: 1 when some
 * document has every word (a name, a code, an exact phrase), low when the keyword list only shares incidental words.
 */
export function keywordCoverage(groups: readonly (readonly string[])[], hits: readonly ChunkHit[]): number {
  if (groups.length === 0) return 0;
  let best = 0;
  for (const hit of hits.slice(0, COVERAGE_HITS)) {
    const terms = new Set(searchTerms(hit.text));
    const found = groups.filter((group) => group.some((term) => terms.has(term))).length;
    best = Math.max(best, found / groups.length);
  }
  return best;
}

/** The share of the semantic list's top documents that the keyword list also found (0 when either is empty). */
export function listAgreement(keyword: readonly ChunkHit[], semantic: readonly ChunkHit[]): number {
  const top = bestChunkPerDocument(semantic).slice(0, AGREEMENT_DEPTH);
  if (top.length === 0 || keyword.length === 0) return 0;
  const found = new Set(keyword.map((hit) => hit.documentId));
  return top.filter((hit) => found.has(hit.documentId)).length / top.length;
}

/** What a query's fusion weight is decided from; every figure is known once both candidate lists are in. */
export interface FusionEvidence {
  /** Query words (term groups) after analysis. */
  words: number;
  /** See `keywordCoverage`. */
  coverage: number;
  /** Documents in the keyword list. */
  keywordHits: number;
  /** See `listAgreement`. */
  agreement: number;
  /** The part of the query the embedder can read (see `semanticShare`). */
  readable: number;
}

export function fusionEvidence(
  groups: readonly (readonly string[])[],
  keyword: readonly ChunkHit[],
  semantic: readonly ChunkHit[],
  readable: number,
): FusionEvidence {
  return {
    words: groups.length,
    coverage: keywordCoverage(groups, keyword),
    keywordHits: bestChunkPerDocument(keyword).length,
    agreement: listAgreement(keyword, semantic),
    readable,
  };
}

/**
 * How much the semantic list counts (0..1). Starts from the length and coverage rule; then, in proportion to how
 * confident the keyword list is (coverage × its number of hits), requires the semantic list to agree with it, so an
 * embedder that knows nothing about the documents' domain cannot push good keyword matches down; finally scaled by
 * the part of the query the embedder can read (an all-Hebrew query: keywords only).
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

export interface FusedDocumentHit {
  /** The chunk shown for the document: the one whose list contributed more. */
  hit: ChunkHit;
  score: number;
}

/** One entry per document: its best-scoring chunk. Input is sorted best first, so the first seen wins. */
export function bestChunkPerDocument(hits: readonly ChunkHit[]): ChunkHit[] {
  const seen = new Set<number>();
  return hits.filter((hit) => (seen.has(hit.documentId) ? false : (seen.add(hit.documentId), true)));
}

/** BM25 scaled by the list's best score: its natural zero is "no match". */
function byBestScore(hits: readonly ChunkHit[]): Map<number, number> {
  const high = Math.max(0, ...hits.map((hit) => hit.score));
  return new Map(hits.map((hit) => [hit.documentId, high <= 0 ? 1 : hit.score / high]));
}

/**
 * Cosines scaled from the list's lowest to its highest, but over at least `spread`: their values bunch in a band
 * that moves from one collection to the next, so the list's own range is the reference, yet a list whose best and
 * worst are nearly equal says little and keeps its small differences small.
 */
function bySpread(hits: readonly ChunkHit[], spread: number): Map<number, number> {
  if (hits.length === 0) return new Map();
  const scores = hits.map((hit) => hit.score);
  const high = Math.max(...scores);
  const low = Math.min(...scores);
  const span = Math.max(high - low, spread);
  return new Map(hits.map((hit) => [hit.documentId, span <= 0 ? 1 : (hit.score - low) / span]));
}

/**
 * Fuses the two lists (each sorted best first) into documents sorted by combined score, ties broken by document id
 * so the order is stable. `vectorShare` is the semantic list's weight (see `semanticWeight`).
 */
export function fuseHybrid(
  keyword: readonly ChunkHit[],
  semantic: readonly ChunkHit[],
  vectorShare: number,
  vectorSpread = DEFAULT_FUSION_PARAMETERS.vectorSpread,
): FusedDocumentHit[] {
  const lexical = bestChunkPerDocument(keyword);
  const vector = bestChunkPerDocument(semantic);
  const lexicalScores = byBestScore(lexical);
  const vectorScores = bySpread(vector, vectorSpread);
  const chunks = new Map<number, { lexical?: ChunkHit; vector?: ChunkHit }>();
  for (const hit of lexical) chunks.set(hit.documentId, { lexical: hit });
  for (const hit of vector) chunks.set(hit.documentId, { ...chunks.get(hit.documentId), vector: hit });
  const fused: FusedDocumentHit[] = [];
  for (const [documentId, pair] of chunks) {
    const fromLexical = (1 - vectorShare) * (lexicalScores.get(documentId) ?? 0);
    const fromVector = vectorShare * (vectorScores.get(documentId) ?? 0);
    const hit = (fromLexical >= fromVector ? (pair.lexical ?? pair.vector) : (pair.vector ?? pair.lexical)) as ChunkHit;
    fused.push({ hit, score: fromLexical + fromVector });
  }
  return fused.sort((a, b) => b.score - a.score || a.hit.documentId - b.hit.documentId);
}
