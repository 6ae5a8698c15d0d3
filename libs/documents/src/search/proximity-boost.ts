/**
 * Phrase boost for keyword hits: a passage's BM25 score grows by `weight ×` the share of the query's neighbouring
 * word pairs that stand together in it (`proximityShare` of @chief-of-staff/ranking, which says why it is small).
 */
import { PROXIMITY_WEIGHT, proximityShare } from '@chief-of-staff/ranking';
import type { ChunkHit } from '../store/chunk-store.js';

export { PROXIMITY_WEIGHT, proximityShare } from '@chief-of-staff/ranking';

/** The keyword hits with proximity-boosted scores, best first. */
export function boostProximity(groups: readonly (readonly string[])[], hits: readonly ChunkHit[], weight = PROXIMITY_WEIGHT): ChunkHit[] {
  if (groups.length < 2 || weight <= 0) return [...hits];
  return hits
    .map((hit) => ({ ...hit, score: hit.score * (1 + weight * proximityShare(groups, hit.text)) }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
