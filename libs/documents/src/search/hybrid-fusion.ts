/**
 * Hybrid fusion of document chunks: the keyword (BM25) and semantic (cosine) lists, each collapsed to one best chunk
 * per document, fused by the ranking engine's score fusion as `(1 − v) · keyword + v · semantic`, where the semantic
 * share `v` is decided per query from evidence available at query time (`semanticWeight` of @chief-of-staff/ranking:
 * the query's length and coverage, agreement of the lists, the part of the query the embedder can read). Cosines are
 * scaled against at least a fixed span, so a flat list (every neighbour about as similar as the next, as when the
 * embedder cannot tell the documents apart) cannot stretch its noise into a full 0–1 range.
 * The parameters were chosen by leave-one-collection-out evaluation on the development collections of
 * `npm run bench -- retrieval` (ADR 0042 has the values and the figures).
 */
import {
  DEFAULT_FUSION_PARAMETERS,
  keywordCoverage as coverageOfTexts,
  listAgreement as agreementOfKeys,
  rankTexts,
  scaleByBest,
  scaleBySpread,
  type FusionEvidence,
} from '@chief-of-staff/ranking';
import type { ChunkHit } from '../store/chunk-store.js';

export { DEFAULT_FUSION_PARAMETERS, semanticShare, semanticWeight, type FusionEvidence, type FusionParameters } from '@chief-of-staff/ranking';

/** The share of the query's words (term groups) that the best of the top keyword hits contains. */
export function keywordCoverage(groups: readonly (readonly string[])[], hits: readonly ChunkHit[]): number {
  return coverageOfTexts(
    groups,
    hits.map((hit) => hit.text),
  );
}

/** The share of the semantic list's top documents that the keyword list also found (0 when either is empty). */
export function listAgreement(keyword: readonly ChunkHit[], semantic: readonly ChunkHit[]): number {
  return agreementOfKeys(
    keyword.map((hit) => hit.documentId),
    bestChunkPerDocument(semantic).map((hit) => hit.documentId),
  );
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

const scored = (hits: readonly ChunkHit[]) => hits.map((hit) => ({ key: hit.documentId, score: hit.score }));

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
  const lists = [
    { kind: 'keyword', items: scored(lexical), weight: 1 - vectorShare },
    { kind: 'semantic', items: scored(vector), weight: vectorShare },
  ] as const;
  const fused = rankTexts(lists, { method: 'scores', vectorSpread });
  // The chunk shown is the one of the list that contributed more to its document's score.
  const fromLexical = scaleByBest(lists[0].items);
  const fromVector = scaleBySpread(lists[1].items, vectorSpread);
  const lexicalHit = new Map(lexical.map((hit) => [hit.documentId, hit]));
  const vectorHit = new Map(vector.map((hit) => [hit.documentId, hit]));
  const results: FusedDocumentHit[] = [];
  for (const [documentId, score] of fused) {
    const shownLexical = (1 - vectorShare) * (fromLexical.get(documentId) ?? 0) >= vectorShare * (fromVector.get(documentId) ?? 0);
    const hit = (shownLexical ? (lexicalHit.get(documentId) ?? vectorHit.get(documentId)) : (vectorHit.get(documentId) ?? lexicalHit.get(documentId))) as ChunkHit;
    results.push({ hit, score });
  }
  return results.sort((a, b) => b.score - a.score || a.hit.documentId - b.hit.documentId);
}
