/**
 * Leave-one-collection-out choice of the ranking parameters. Each collection's raw candidate lists (keyword hits for
 * every title setting of the grid, semantic hits) are fetched once from the real index; every parameter combination
 * is then ranked from those lists with the library's own ranking functions, so the grid costs seconds, not re-indexing.
 * For each collection in turn the parameters are chosen on all the others and reported on the one left out; the
 * values chosen on all collections are the ones the library should ship.
 *
 * "Blind" hybrid pairs each query's keyword list with the semantic list of an unrelated query of the same collection:
 * an embedder that knows nothing about the documents. The fusion must then fall back to the keyword ranking.
 */
import { foldedWords, queryTermGroups } from '@chief-of-staff/core';
import {
  bestChunkPerDocument,
  DEFAULT_RANKING_PARAMETERS,
  boostProximity,
  candidateCount,
  fuseHybrid,
  fusionEvidence,
  rankedBy,
  semanticQueryText,
  semanticShare,
  semanticWeight,
  type ChunkHit,
  type FusionEvidence,
  type FusionParameters,
  type RankingParameters,
} from '@chief-of-staff/documents';
import { lunrIndex, miniSearchIndex } from './bm25-peers.js';
import type { IndexedCollection } from './evaluate-retrieval.js';
import { CUTOFF, rankingFigures } from './ranking-metrics.js';
import type { TestQuery } from './test-collections.js';
import { firstBest } from '../grid-best.js';

export interface ParameterGrid {
  titleWeight: readonly number[];
  titleFloor: readonly number[];
  proximityWeight: readonly number[];
  vectorFloor: readonly number[];
  base: readonly number[];
  coverage: readonly number[];
  length: readonly number[];
  keywordHits: readonly number[];
  agreement: readonly number[];
  vectorSpread: readonly number[];
}

/** Small on purpose: a few values around each shipped one, so the whole bench stays within minutes. */
export const PARAMETER_GRID: ParameterGrid = {
  titleWeight: [0, 0.5, 1],
  titleFloor: [0, 0.5, 1],
  proximityWeight: [0, 0.1],
  vectorFloor: [0.15, 0.2, 0.25],
  base: [0.1, 0.2],
  coverage: [0.5, 0.7],
  length: [0.2, 0.4],
  keywordHits: [5, 10],
  agreement: [0.1, 0.2, 0.3],
  vectorSpread: [0, 0.2],
};

/** Fixed, not searched: the cap on counted query words and the bounds of the keyword share. */
const FIXED_FUSION = { lengthCap: 12, min: 0.15, max: 0.9 } as const;

interface QueryCandidates {
  query: TestQuery;
  groups: string[][];
  readable: number;
  /** Raw keyword hits per title setting of the grid (`titleKey`). */
  keyword: Map<string, ChunkHit[]>;
  vector: ChunkHit[];
  peers: Record<string, string[]>;
}

export interface CollectionCandidates {
  name: string;
  queries: QueryCandidates[];
  /** Document id (of the test collection) of a hit. */
  idOf(hit: ChunkHit): string | undefined;
}

/** The keyword list a title setting gives; without a title weight, the floor changes nothing, so those share one list. */
function titleKey(titleWeight: number, titleFloor: number): string {
  return titleWeight === 0 ? '0' : `${titleWeight} floor ${titleFloor}`;
}

/** Fetches every query's raw candidate lists from the indexed collection (as search would, for top 10). */
export async function collectCandidates(indexed: IndexedCollection, grid: ParameterGrid = PARAMETER_GRID): Promise<CollectionCandidates> {
  const { service, collection } = indexed;
  const state = await service.chunks.state();
  if (state.status !== 'ok') throw new Error(`${collection.name}: the chunk table is ${state.status}`);
  const limit = candidateCount(CUTOFF);
  const filter = { kind: 'chunk' as const };
  const peers = [lunrIndex(collection.documents), miniSearchIndex(collection.documents)];
  const queries: QueryCandidates[] = [];
  for (const query of collection.queries) {
    const groups = queryTermGroups(query.text);
    const terms = groups.flat().join(' ');
    const keyword = new Map<string, ChunkHit[]>();
    for (const titleWeight of grid.titleWeight) {
      for (const titleFloor of grid.titleFloor) {
        const key = titleKey(titleWeight, titleFloor);
        if (keyword.has(key)) continue;
        const titleCoverage = titleFloor < 1 ? { groups, floor: titleFloor } : undefined;
        keyword.set(key, await service.chunks.textSearch({ terms, rawQuery: terms, titleWeight, titleCoverage }, filter, limit));
      }
    }
    const [vector] = await service.embedder.embed([semanticQueryText(query.text)]);
    const vectorHits = await service.chunks.vectorSearch(vector as Float32Array, filter, limit);
    queries.push({
      query,
      groups,
      readable: semanticShare(foldedWords(query.text)),
      keyword,
      vector: vectorHits,
      peers: Object.fromEntries(peers.map((peer) => [peer.name, peer.search(query.text, CUTOFF)])),
    });
  }
  return { name: collection.name, queries, idOf: (hit) => indexed.idOf(hit.sourceName) };
}

/** nDCG@10 of each system on one collection for one parameter combination. */
export interface SystemScores {
  hybrid: number;
  fts: number;
  vector: number;
  /** Hybrid with an unrelated query's semantic list (see the module comment). */
  blind: number;
  lunr: number;
  minisearch: number;
}

interface KeywordSide {
  titleWeight: number;
  titleFloor: number;
  proximityWeight: number;
}

export interface PreparedQuery {
  relevant: Record<string, number>;
  keyword: ChunkHit[];
  fts: number;
  vector: ChunkHit[];
  vectorScore: number;
  evidence: FusionEvidence;
  /** The semantic share the shipped fusion gives this query (`semanticWeight`). */
  share: number;
  blindVector: ChunkHit[];
  blindEvidence: FusionEvidence;
}

export function ndcgOf(candidates: CollectionCandidates, hits: readonly ChunkHit[], relevant: Record<string, number>): number {
  const ranked: string[] = [];
  for (const hit of hits) {
    const id = candidates.idOf(hit);
    if (id !== undefined && !ranked.includes(id)) ranked.push(id);
    if (ranked.length === CUTOFF) break;
  }
  return rankingFigures(ranked, relevant).ndcg;
}

/** The work every fusion setting shares for one keyword side and floor: lists, their figures, the evidence. */
export function prepare(candidates: CollectionCandidates, side: KeywordSide, floor: number): PreparedQuery[] {
  const semanticOf = (entry: QueryCandidates) => (entry.readable === 0 ? [] : rankedBy(entry.vector.filter((hit) => hit.score >= floor)));
  const n = candidates.queries.length;
  return candidates.queries.map((entry, index) => {
    const keyword = boostProximity(entry.groups, rankedBy(entry.keyword.get(titleKey(side.titleWeight, side.titleFloor)) ?? []), side.proximityWeight);
    const vector = semanticOf(entry);
    const other = candidates.queries[(index + Math.max(1, Math.floor(n / 2))) % n] as QueryCandidates;
    const blindVector = entry.readable === 0 ? [] : semanticOf(other);
    const evidence = fusionEvidence(entry.groups, keyword, vector, entry.readable);
    return {
      relevant: entry.query.relevant,
      keyword,
      fts: ndcgOf(candidates, bestChunkPerDocument(keyword), entry.query.relevant),
      vector,
      vectorScore: ndcgOf(candidates, bestChunkPerDocument(rankedBy(entry.vector.filter((hit) => hit.score >= floor))), entry.query.relevant),
      evidence,
      share: vector.length === 0 ? 0 : semanticWeight(evidence, DEFAULT_RANKING_PARAMETERS.fusion),
      blindVector,
      blindEvidence: fusionEvidence(entry.groups, keyword, blindVector, entry.readable),
    };
  });
}

export function hybridHits(keyword: ChunkHit[], vector: ChunkHit[], evidence: FusionEvidence, fusion: FusionParameters): ChunkHit[] {
  const share = vector.length === 0 ? 0 : semanticWeight(evidence, fusion);
  return fuseHybrid(keyword, vector, share, fusion.vectorSpread).map((fused) => fused.hit);
}

const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);

export interface GridPoint {
  parameters: RankingParameters;
  /** Collection name → scores. */
  scores: Map<string, SystemScores>;
}

function* fusionSettings(grid: ParameterGrid): Generator<FusionParameters> {
  for (const base of grid.base)
    for (const coverage of grid.coverage)
      for (const length of grid.length)
        for (const keywordHits of grid.keywordHits)
          for (const agreement of grid.agreement)
            for (const vectorSpread of grid.vectorSpread) yield { ...FIXED_FUSION, base, coverage, length, keywordHits, agreement, vectorSpread };
}

/** Every combination of the grid scored on every collection. */
export function scoreGrid(collections: readonly CollectionCandidates[], grid: ParameterGrid = PARAMETER_GRID): GridPoint[] {
  const points: GridPoint[] = [];
  const peerScores = new Map(
    collections.map((c) => [
      c.name,
      {
        lunr: mean(c.queries.map((q) => rankingFigures(q.peers['lunr'] ?? [], q.query.relevant).ndcg)),
        minisearch: mean(c.queries.map((q) => rankingFigures(q.peers['minisearch'] ?? [], q.query.relevant).ndcg)),
      },
    ]),
  );
  const titleSettings = grid.titleWeight.flatMap((titleWeight) =>
    // Without a title weight the floor changes nothing: one point, not one per floor.
    (titleWeight === 0 ? grid.titleFloor.slice(0, 1) : grid.titleFloor).map((titleFloor) => ({ titleWeight, titleFloor })),
  );
  for (const { titleWeight, titleFloor } of titleSettings) {
    for (const proximityWeight of grid.proximityWeight) {
      for (const vectorFloor of grid.vectorFloor) {
        const prepared = collections.map((c) => ({ c, queries: prepare(c, { titleWeight, titleFloor, proximityWeight }, vectorFloor) }));
        for (const fusion of fusionSettings(grid)) {
          const scores = new Map<string, SystemScores>();
          for (const { c, queries } of prepared) {
            scores.set(c.name, {
              hybrid: mean(queries.map((q) => ndcgOf(c, hybridHits(q.keyword, q.vector, q.evidence, fusion), q.relevant))),
              fts: mean(queries.map((q) => q.fts)),
              vector: mean(queries.map((q) => q.vectorScore)),
              blind: mean(queries.map((q) => ndcgOf(c, hybridHits(q.keyword, q.blindVector, q.blindEvidence, fusion), q.relevant))),
              ...(peerScores.get(c.name) as { lunr: number; minisearch: number }),
            });
          }
          points.push({ parameters: { titleWeight, titleFloor, proximityWeight, vectorFloor, fusion }, scores });
        }
      }
    }
  }
  return points;
}

/**
 * What a combination is chosen by, on a set of collections: mean hybrid nDCG@10, less heavy penalties wherever
 * hybrid falls below its better half − 0.01, blind hybrid below keywords − 0.01, or hybrid below 1.05 × the better
 * BM25 library (the acceptance conditions), so a parameter that wins one collection by losing another is not chosen.
 */
export function objective(point: GridPoint, names: readonly string[]): number {
  const terms = names.map((name) => {
    const s = point.scores.get(name) as SystemScores;
    const short = (value: number, target: number) => Math.max(0, target - value);
    return (
      s.hybrid +
      0.5 * s.fts -
      5 * short(s.hybrid, Math.max(s.fts, s.vector) - 0.01) -
      5 * short(s.blind, s.fts - 0.01) -
      2 * short(s.hybrid, 1.05 * Math.max(s.lunr, s.minisearch))
    );
  });
  return mean(terms);
}

export function bestPoint(points: readonly GridPoint[], names: readonly string[]): GridPoint {
  return firstBest(points, (point) => objective(point, names));
}

export interface LeftOutRow {
  collection: string;
  chosen: RankingParameters;
  scores: SystemScores;
}

/** For each collection: the parameters chosen on all the others and its own scores with them. */
export function leaveOneOut(points: readonly GridPoint[], names: readonly string[]): LeftOutRow[] {
  return names.map((name) => {
    const chosen = bestPoint(
      points,
      names.filter((other) => other !== name),
    );
    return { collection: name, chosen: chosen.parameters, scores: chosen.scores.get(name) as SystemScores };
  });
}

const f3 = (value: number) => value.toFixed(3);

export function describeParameters(parameters: RankingParameters): string {
  const { titleWeight, titleFloor, proximityWeight, vectorFloor, fusion } = parameters;
  return `title ${titleWeight}${titleWeight > 0 ? (titleFloor >= 1 ? ' in full' : ` by coverage, floor ${titleFloor}`) : ''}, proximity ${proximityWeight}, floor ${vectorFloor}, fusion base ${fusion.base} coverage ${fusion.coverage} length ${fusion.length} hits ${fusion.keywordHits} agreement ${fusion.agreement} spread ${fusion.vectorSpread}`;
}

/** The closing note's table: every collection in the left-out position. */
export function formatLeaveOneOutTable(rows: readonly LeftOutRow[]): string {
  const lines = [
    '| left out | hybrid | fts | vector | blind hybrid | Lunr | MiniSearch | hybrid ÷ better peer | hybrid − max(fts, vector) | chosen on the others |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const s = row.scores;
    const peer = Math.max(s.lunr, s.minisearch);
    lines.push(
      `| ${row.collection} | ${f3(s.hybrid)} | ${f3(s.fts)} | ${f3(s.vector)} | ${f3(s.blind)} | ${f3(s.lunr)} | ${f3(s.minisearch)} | ${peer === 0 ? '-' : (s.hybrid / peer).toFixed(2)} | ${(s.hybrid - Math.max(s.fts, s.vector)).toFixed(3)} | ${describeParameters(row.chosen)} |`,
    );
  }
  return lines.join('\n');
}
