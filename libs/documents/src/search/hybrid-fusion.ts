/**
 * Hybrid fusion: the keyword (BM25) and semantic (cosine) lists, each collapsed to one best chunk per document,
 * normalised and combined as `w · keyword + (1 − w) · semantic`, with the keyword weight `w` chosen per
 * query (see `keywordWeight`). Plain reciprocal rank fusion gave both lists equal say whatever their quality, so on
 * long technical queries a weak semantic list dragged hybrid 40% below its own keyword half; the weights here were
 * chosen on the development collections of `npm run bench -- retrieval` (ADR 0019 has the numbers).
 */
import type { ChunkHit } from '../lance/document-chunk-table.js';
import { searchTerms } from '../lexical/search-terms.js';

/** The keyword weight is `BASE + COVERAGE · coverage + LENGTH · min(words, LENGTH_CAP) / LENGTH_CAP`, clamped. */
export const FUSION_WEIGHTS = {
  base: 0.1,
  coverage: 0.5,
  length: 0.4,
  lengthCap: 12,
  min: 0.15,
  max: 0.9,
} as const;

/** Lexical hits inspected for the query's coverage. */
const COVERAGE_HITS = 5;

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

/**
 * How much the keyword list counts (0..1). Long queries and queries some document matches in full lean on keywords;
 * short questions that share few words with any document lean on meaning. `semanticShare` is the part of the query
 * the embedder can read (its share of Latin-script words, since the bundled model is English-only): a query the
 * embedder cannot read is answered by keywords alone.
 */
export function keywordWeight(groups: readonly (readonly string[])[], coverage: number, semanticShare: number): number {
  const { base, coverage: byCoverage, length, lengthCap, min, max } = FUSION_WEIGHTS;
  const words = Math.min(groups.length, lengthCap) / lengthCap;
  const weight = Math.min(max, Math.max(min, base + byCoverage * coverage + length * words));
  return 1 - (1 - weight) * semanticShare;
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

/**
 * Scores scaled to 0..1 within their list: BM25 by the best score (its natural zero is "no match"), cosine
 * min-max (its values bunch in a narrow band that differs from one collection to the next).
 */
function normalised(hits: readonly ChunkHit[], low: 'zero' | 'list'): Map<number, number> {
  const scores = new Map<number, number>();
  if (hits.length === 0) return scores;
  const high = Math.max(...hits.map((hit) => hit.score));
  const bottom = low === 'zero' ? 0 : Math.min(...hits.map((hit) => hit.score));
  for (const hit of hits) scores.set(hit.documentId, high <= bottom ? 1 : (hit.score - bottom) / (high - bottom));
  return scores;
}

/**
 * Fuses the two lists (each sorted best first) into documents sorted by combined score, ties broken by document id
 * so the order is stable.
 */
export function fuseHybrid(keyword: readonly ChunkHit[], semantic: readonly ChunkHit[], keywordShare: number): FusedDocumentHit[] {
  const lexical = bestChunkPerDocument(keyword);
  const vector = bestChunkPerDocument(semantic);
  const lexicalScores = normalised(lexical, 'zero');
  const vectorScores = normalised(vector, 'list');
  const chunks = new Map<number, { lexical?: ChunkHit; vector?: ChunkHit }>();
  for (const hit of lexical) chunks.set(hit.documentId, { lexical: hit });
  for (const hit of vector) chunks.set(hit.documentId, { ...chunks.get(hit.documentId), vector: hit });
  const fused: FusedDocumentHit[] = [];
  for (const [documentId, pair] of chunks) {
    const fromLexical = keywordShare * (lexicalScores.get(documentId) ?? 0);
    const fromVector = (1 - keywordShare) * (vectorScores.get(documentId) ?? 0);
    const hit = (fromLexical >= fromVector ? (pair.lexical ?? pair.vector) : (pair.vector ?? pair.lexical)) as ChunkHit;
    fused.push({ hit, score: fromLexical + fromVector });
  }
  return fused.sort((a, b) => b.score - a.score || a.hit.documentId - b.hit.documentId);
}
