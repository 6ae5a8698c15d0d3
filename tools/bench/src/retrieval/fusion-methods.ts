/**
 * Which fusion of the ranking engine suits document chunks: the score fusion search ships, or the rank fusion facts
 * use (weighted RRF; the facts' k of 3 and others), each list weighted by the same per-query semantic share. Computed
 * on the candidate lists fetched once per collection, with the shipped keyword side and floor, so the comparison
 * costs a second. Printed by `npm run bench -- retrieval` (ADR 0099 has the figures and the choice).
 */
import { DEFAULT_RANKING_PARAMETERS, type ChunkHit } from '@chief-of-staff/documents';
import { rankTexts } from '@chief-of-staff/ranking';
import { hybridHits, ndcgOf, prepare, type CollectionCandidates } from './leave-one-out.js';

/** The RRF constants compared: the facts' 3, and the usual 60 with values between. */
export const RANK_FUSION_K = [1, 3, 10, 60] as const;

export interface FusionMethodRow {
  collection: string;
  scores: number;
  /** k → nDCG@10 with rank fusion. */
  ranks: Map<number, number>;
}

function rankFused(keyword: readonly ChunkHit[], vector: readonly ChunkHit[], share: number, k: number): ChunkHit[] {
  // The chunk shown for a document: its best keyword chunk, else its best semantic one (nDCG counts documents).
  const hits = new Map<number, ChunkHit>();
  for (const hit of [...keyword, ...vector]) if (!hits.has(hit.documentId)) hits.set(hit.documentId, hit);
  const list = (from: readonly ChunkHit[], kind: 'keyword' | 'semantic', weight: number) => {
    const seen = new Set<number>();
    const items = from.filter((hit) => !seen.has(hit.documentId) && seen.add(hit.documentId)).map((hit) => ({ key: hit.documentId, score: hit.score }));
    return { kind, items, weight };
  };
  const relevance = rankTexts([list(keyword, 'keyword', 1 - share), list(vector, 'semantic', share)], { method: 'ranks', k });
  return [...relevance]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([documentId]) => hits.get(documentId) as ChunkHit);
}

const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);

export function compareFusionMethods(collections: readonly CollectionCandidates[]): FusionMethodRow[] {
  const { titleWeight, titleFloor, proximityWeight, vectorFloor, fusion } = DEFAULT_RANKING_PARAMETERS;
  return collections.map((c) => {
    const queries = prepare(c, { titleWeight, titleFloor, proximityWeight }, vectorFloor);
    const scores = mean(queries.map((q) => ndcgOf(c, hybridHits(q.keyword, q.vector, q.evidence, fusion), q.relevant)));
    const ranks = new Map(
      RANK_FUSION_K.map((k) => [k, mean(queries.map((q) => ndcgOf(c, rankFused(q.keyword, q.vector, q.share, k), q.relevant)))]),
    );
    return { collection: c.name, scores, ranks };
  });
}

export function formatFusionMethods(rows: readonly FusionMethodRow[]): string {
  const lines = [
    `| collection | score fusion (shipped) | ${RANK_FUSION_K.map((k) => `rank fusion k ${k}`).join(' | ')} |`,
    `|---|---|${RANK_FUSION_K.map(() => '---').join('|')}|`,
  ];
  for (const row of rows) lines.push(`| ${row.collection} | ${row.scores.toFixed(3)} | ${RANK_FUSION_K.map((k) => (row.ranks.get(k) ?? 0).toFixed(3)).join(' | ')} |`);
  return lines.join('\n');
}
