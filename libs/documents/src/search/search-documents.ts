/**
 * Document search, in three modes:
 * - vector: cosine over chunk embeddings, above a similarity floor;
 * - fts: BM25 over the analysed terms of lexical/search-terms.ts, title matches weighted, phrases boosted;
 * - hybrid: both lists fused with a per-query weight (hybrid-fusion.ts); a query the English embedder cannot read is
 *   not embedded at all.
 * The ranking of the candidates is rank-candidates.ts, shared with the benchmark that chooses its parameters.
 * Every mode returns one chunk per document, its best, so one long document cannot fill the page. Vector search is
 * skipped with a warning, never silently, when the table was built by another embedder or the embedder fails; asking
 * for `vector` mode explicitly then raises the error instead.
 */
import { keywordQuery, ToolError, type Logger } from '@chief-of-staff/core';
import type { QueryEmbeddingCache } from '../embedding/query-embedding-cache.js';
import { CHUNK_TABLE_SCHEMA_VERSION, type ChunkFilter, type ChunkHit, type ChunkKind, type ChunkStore, type ChunkTextQuery, TITLE_WEIGHT } from '../store/chunk-store.js';
import { foldedWords, queryTermGroups } from '../lexical/search-terms.js';
import { embedderMismatchError, embedderMismatchWarning, outdatedLayoutWarning, vectorSpaceOf } from '../store/vector-space.js';
import { semanticShare } from './hybrid-fusion.js';
import { DEFAULT_RANKING_PARAMETERS, rankCandidates } from './rank-candidates.js';
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
  chunks: ChunkStore;
  queries: QueryEmbeddingCache;
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

/**
 * The words of a query that are embedded: the first 40. The model reads about 128 tokens at most, and its cost grows
 * with the input, while a query this long gets most of its fusion weight from keywords anyway (hybrid-fusion.ts);
 * paragraph-length questions stay within the latency goal this way.
 */
export const SEMANTIC_QUERY_WORDS = 40;

export function semanticQueryText(text: string): string {
  const words = text.trim().split(/\s+/);
  return words.length <= SEMANTIC_QUERY_WORDS ? text.trim() : words.slice(0, SEMANTIC_QUERY_WORDS).join(' ');
}

/** Candidates per list: enough for fusion to reorder, bounded so latency stays flat. */
export function candidateCount(topK: number): number {
  return Math.min(150, Math.max(30, topK * 3));
}

/**
 * The title part of the keyword query: the shipped coverage-scaled title weight where the store applies coverage,
 * otherwise the plain sum with TITLE_WEIGHT (the coverage-scaled weight, added in full, would overweight titles).
 */
function titleSetting(chunks: ChunkStore, groups: readonly (readonly string[])[]): Pick<ChunkTextQuery, 'titleWeight' | 'titleCoverage'> {
  const { titleWeight, titleFloor } = DEFAULT_RANKING_PARAMETERS;
  if (titleFloor >= 1) return { titleWeight };
  return chunks.titleCoverage === true ? { titleWeight, titleCoverage: { groups, floor: titleFloor } } : { titleWeight: TITLE_WEIGHT };
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

  const schemaVersion = state.status === 'ok' ? state.schemaVersion : CHUNK_TABLE_SCHEMA_VERSION;
  if (schemaVersion < CHUNK_TABLE_SCHEMA_VERSION) warnings.push(outdatedLayoutWarning(deps.chunks.label));
  const groups = queryTermGroups(text);
  const lexical: ChunkTextQuery = { terms: groups.flat().join(' '), rawQuery: keywordQuery(text), ...titleSetting(deps.chunks, groups) };
  const filterFor = (kind: ChunkKind): ChunkFilter => ({
    kind,
    pathPrefix: options.pathPrefix,
    docType: options.docType,
    modifiedFromMs: options.modifiedFromMs,
    modifiedBeforeMs: options.modifiedBeforeMs,
  });
  const keywordSearch = (kind: ChunkKind, limit: number) => deps.chunks.textSearch(lexical, filterFor(kind), candidateCount(limit));
  // The keyword search runs while the query is embedded (the model works in its own thread), so a long query waits for
  // the slower of the two rather than for both.
  const earlyKeyword = requested === 'vector' ? undefined : keywordSearch('chunk', topK);
  earlyKeyword?.catch(() => undefined);

  let mode = requested;
  let queryVector: Float32Array | undefined;
  // Hybrid gives an unreadable query's semantic list no weight, so it need not wait for the model at all.
  const readable = semanticShare(foldedWords(text));
  if (mode !== 'fts' && !(mode === 'hybrid' && readable === 0)) {
    if (state.status === 'mismatch') {
      if (mode === 'vector') {
        throw embedderMismatchError(deps.chunks.label, state.recorded, vectorSpaceOf(deps.queries.embedder));
      }
      warnings.push(embedderMismatchWarning(deps.chunks.label));
      mode = 'fts';
    } else {
      try {
        queryVector = await deps.queries.embedQuery(semanticQueryText(text));
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

  const run = async (kind: ChunkKind, limit: number, keywordHits?: Promise<ChunkHit[]>): Promise<DocumentSearchHit[]> => {
    const [vector, keyword] = await Promise.all([
      mode === 'fts' || queryVector === undefined ? Promise.resolve([]) : deps.chunks.vectorSearch(queryVector, filterFor(kind), candidateCount(limit)),
      mode === 'vector' ? Promise.resolve([]) : (keywordHits ?? keywordSearch(kind, limit)),
    ]);
    return rankCandidates(mode, { groups, readable, keyword, vector })
      .slice(0, limit)
      .map((ranked) => toSearchHit(ranked.hit, ranked.score));
  };

  const items = await run('chunk', topK, earlyKeyword);
  const result: DocumentSearchResult = { items, mode, warnings };
  if (options.includeSummaries) result.summaries = await run('summary', SUMMARY_RESULTS);
  if (items.length === 0 && (await deps.chunks.count()) === 0) result.hint = EMPTY_INDEX_HINT;
  return result;
}
