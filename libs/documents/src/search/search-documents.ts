/**
 * Document search: vector (cosine over chunk embeddings), full text (BM25 over the chunk text index) and
 * hybrid (both lists fused by reciprocal rank fusion, k = `search.rrfK`, default 60, keyword hits weighted by
 * how many of the query's words they contain: see keyword-coverage.ts). Vector search is skipped
 * with a warning, never silently, when the table was built by another embedder or the embedder fails; asking
 * for `vector` mode explicitly then raises the error instead.
 */
import { ToolError, type Logger } from '@chief-of-staff/core';
import type { QueryEmbeddingCache } from '../embedding/query-embedding-cache.js';
import type { ChunkFilter, ChunkHit, ChunkKind, DocumentChunkTable } from '../lance/document-chunk-table.js';
import { embedderMismatchError, embedderMismatchWarning, vectorSpaceOf } from '../lance/vector-space.js';
import { reciprocalRankFusion } from './reciprocal-rank-fusion.js';
import { keywordQuery } from '@chief-of-staff/stores';
import { keywordCoverage } from './keyword-coverage.js';
import {
  DEFAULT_TOP_K,
  MAX_TOP_K,
  SUMMARY_RESULTS,
  type DocumentSearchHit,
  type DocumentSearchOptions,
  type DocumentSearchResult,
  type SearchMode,
} from './search-types.js';

export const EMPTY_INDEX_HINT = 'No documents are indexed yet: ingest documents first (ingest_documents or `cos docs ingest <path>`).';

export interface SearchDependencies {
  chunks: DocumentChunkTable;
  queries: QueryEmbeddingCache;
  rrfK: number;
  logger?: Logger;
}

export function normalizeMode(mode: DocumentSearchOptions['mode']): SearchMode {
  if (mode === undefined) return 'hybrid';
  return mode === 'keyword' ? 'fts' : mode;
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function toSearchHit(hit: ChunkHit, score: number): DocumentSearchHit {
  return {
    documentId: hit.documentId,
    path: hit.path,
    sourceName: hit.sourceName,
    docType: hit.docType,
    chunkIndex: hit.chunkIndex,
    text: hit.text,
    score: round4(score),
  };
}

/** Position of the keyword list in hybrid fusion; its hits are weighted by keyword coverage. */
const KEYWORD_LIST = 1;

/** Candidates per list: enough for fusion to reorder, bounded so latency stays flat. */
function candidateCount(topK: number): number {
  return Math.min(150, Math.max(30, topK * 3));
}

export async function searchDocuments(
  deps: SearchDependencies,
  query: string,
  options: DocumentSearchOptions = {},
): Promise<DocumentSearchResult> {
  const text = query.trim();
  if (text === '') throw ToolError.invalidArgument('query', 'must not be blank.', 'Give the words or question to search for.');
  const topK = Math.min(MAX_TOP_K, Math.max(1, Math.trunc(options.topK ?? DEFAULT_TOP_K)));
  const requested = normalizeMode(options.mode);
  const warnings: string[] = [];
  const state = await deps.chunks.state();
  if (state.status === 'absent') return { items: [], mode: requested, warnings, hint: EMPTY_INDEX_HINT };

  let mode = requested;
  let queryVector: Float32Array | undefined;
  if (mode !== 'fts') {
    if (state.status === 'mismatch') {
      if (mode === 'vector') {
        throw embedderMismatchError(deps.chunks.label, state.recorded, vectorSpaceOf(deps.queries.embedder));
      }
      warnings.push(embedderMismatchWarning(deps.chunks.label));
      mode = 'fts';
    } else {
      try {
        queryVector = await deps.queries.embedQuery(text);
      } catch (error) {
        deps.logger?.warn({ err: error }, 'query embedding failed');
        if (mode === 'vector') {
          throw new ToolError('UNAVAILABLE', 'The embedding model could not be loaded, so vector search cannot run.', {
            hint: 'Use mode "fts", or check the embedder with `cos doctor`.',
          });
        }
        warnings.push('The embedding model could not be loaded; results use full-text search only.');
        mode = 'fts';
      }
    }
  }

  const table = state.table;
  const keywords = keywordQuery(text);
  const run = async (kind: ChunkKind, limit: number): Promise<DocumentSearchHit[]> => {
    const filter: ChunkFilter = {
      kind,
      pathPrefix: options.pathPrefix,
      docType: options.docType,
      modifiedFromMs: options.modifiedFromMs,
      modifiedBeforeMs: options.modifiedBeforeMs,
    };
    if (mode === 'vector') {
      const hits = await deps.chunks.vectorSearch(table, queryVector as Float32Array, filter, limit);
      return rankedBy(hits).map((hit) => toSearchHit(hit, hit.score));
    }
    if (mode === 'fts') {
      const hits = keywords === '' ? [] : await deps.chunks.textSearch(table, keywords, filter, limit);
      return rankedBy(hits).map((hit) => toSearchHit(hit, hit.score));
    }
    const candidates = candidateCount(limit);
    const [vectorHits, textHits] = await Promise.all([
      deps.chunks.vectorSearch(table, queryVector as Float32Array, filter, candidates),
      keywords === '' ? Promise.resolve([]) : deps.chunks.textSearch(table, keywords, filter, candidates),
    ]);
    const coverage = keywordCoverage(keywords);
    const weightOf = (hit: ChunkHit, list: number) => (list === KEYWORD_LIST ? coverage(hit.text) : 1);
    return reciprocalRankFusion([rankedBy(vectorHits), rankedBy(textHits)], (hit) => hit.id, deps.rrfK, weightOf)
      .slice(0, limit)
      .map((fused) => toSearchHit(fused.item, fused.score));
  };

  const items = await run('chunk', topK);
  const result: DocumentSearchResult = { items, mode, warnings };
  if (options.includeSummaries) result.summaries = await run('summary', SUMMARY_RESULTS);
  if (items.length === 0 && (await table.countRows()) === 0) result.hint = EMPTY_INDEX_HINT;
  return result;
}

/** Orders hits by score (desc) then id, so equal scores always come back in the same order. */
function rankedBy(hits: ChunkHit[]): ChunkHit[] {
  return [...hits].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
