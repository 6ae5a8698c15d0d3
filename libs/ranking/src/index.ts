/**
 * @chief-of-staff/ranking — the ranking engine shared by facts (`query_memory`, person enrichment, agents' memory) and
 * document chunks (`search_documents`), on every storage adapter. Pure: candidate lists in, relevance out.
 */
export { rankTexts, type CandidateList, type TextEvidence, type TextFusion } from './rank-texts.js';
export { fuseRanks, type RankedList } from './fusion/rank-fusion.js';
export { scaleByBest, scaleBySpread, type ScoredItem } from './fusion/score-fusion.js';
export {
  DEFAULT_FUSION_PARAMETERS,
  keywordCoverage,
  listAgreement,
  semanticShare,
  semanticWeight,
  type FusionEvidence,
  type FusionParameters,
} from './fusion/semantic-share.js';
export { boostByShare, nameShare, queryNames } from './evidence/evidence-boost.js';
export { spreadToNeighbours } from './evidence/sequence-neighbours.js';
export { PROXIMITY_WEIGHT, proximityShare } from './evidence/phrase-proximity.js';
export { BM25, bm25Idf, bm25TermScore, type Bm25Parameters } from './lexical/bm25.js';
export { feedbackTerms, type FeedbackText } from './lexical/feedback-terms.js';
export { cosine, jaccard, MMR_LAMBDA, selectByMmr, wordSet, type MmrCandidate, type MmrSelection } from './diversity/mmr.js';
