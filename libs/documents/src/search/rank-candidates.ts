/**
 * The ranking step of document search, apart from the index: given the raw candidate chunks of the keyword and the
 * semantic search for one query, the documents in the order a mode shows them. Search runs it with the shipped
 * parameters; the retrieval benchmark runs it with other values on the same candidates to choose those parameters
 * without re-querying the index for every combination.
 */
import type { ChunkHit } from '../store/chunk-store.js';
import { bestChunkPerDocument, DEFAULT_FUSION_PARAMETERS, fuseHybrid, fusionEvidence, semanticWeight, type FusionParameters } from './hybrid-fusion.js';
import { boostProximity, PROXIMITY_WEIGHT } from './proximity-boost.js';
import type { SearchMode } from './search-types.js';

export interface RankingParameters {
  /** Weight of the title's BM25 score added to the body's (applied by the keyword search itself). */
  titleWeight: number;
  /**
   * The part of the title's score that counts whatever share of the query's words the title contains; the rest counts
   * in proportion to that share (applied by the keyword search itself, see `ChunkTextQuery.titleCoverage`). 1 adds the
   * title score in full.
   */
  titleFloor: number;
  /** See proximity-boost.ts. */
  proximityWeight: number;
  /** Semantic matches less similar than this are not results: nearest neighbours always exist, however unrelated. */
  vectorFloor: number;
  fusion: FusionParameters;
}

/**
 * The shipped values. The floor was calibrated on the development collections and their off-topic queries (ADR
 * 0019); every value was then checked leave-one-collection-out (ADR 0042; the title by coverage, ADR 0077). A store
 * that cannot scale the title by coverage gets TITLE_WEIGHT instead (search-documents.ts).
 */
export const DEFAULT_RANKING_PARAMETERS: Readonly<RankingParameters> = {
  titleWeight: 0.5,
  titleFloor: 0.5,
  proximityWeight: PROXIMITY_WEIGHT,
  vectorFloor: 0.2,
  fusion: DEFAULT_FUSION_PARAMETERS,
};

export interface SearchCandidates {
  /** The query's term groups (queryTermGroups). */
  groups: readonly (readonly string[])[];
  /** The part of the query the embedder can read (semanticShare); 0 when it was not embedded. */
  readable: number;
  /** Keyword candidates, any order, BM25 scores. */
  keyword: readonly ChunkHit[];
  /** Semantic candidates, any order, cosine similarities (none below the floor needed). */
  vector: readonly ChunkHit[];
}

export interface RankedDocumentHit {
  hit: ChunkHit;
  score: number;
}

/** Orders hits by score (desc) then id, so equal scores always come back in the same order. */
export function rankedBy(hits: readonly ChunkHit[]): ChunkHit[] {
  return [...hits].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** One entry per document, best first, as `mode` ranks the candidates. */
export function rankCandidates(
  mode: SearchMode,
  candidates: SearchCandidates,
  parameters: Readonly<RankingParameters> = DEFAULT_RANKING_PARAMETERS,
): RankedDocumentHit[] {
  const semantic = rankedBy(candidates.vector.filter((hit) => hit.score >= parameters.vectorFloor));
  if (mode === 'vector') return bestChunkPerDocument(semantic).map((hit) => ({ hit, score: hit.score }));
  const keyword = boostProximity(candidates.groups, rankedBy(candidates.keyword), parameters.proximityWeight);
  if (mode === 'fts') return bestChunkPerDocument(keyword).map((hit) => ({ hit, score: hit.score }));
  const evidence = fusionEvidence(candidates.groups, keyword, semantic, candidates.readable);
  const share = semantic.length === 0 ? 0 : semanticWeight(evidence, parameters.fusion);
  return fuseHybrid(keyword, semantic, share, parameters.fusion.vectorSpread);
}
