/**
 * @chief-of-staff/documents — document memory: the offline embedder, extraction, chunking, ingestion and hybrid
 * search, over the ports of its stores (document catalogue, chunk store) that the adapters implement
 * (`@chief-of-staff/lancedb`, `@chief-of-staff/postgres`). Importing this module is cheap: the model and the format
 * parsers load on first use. Public API named explicitly below.
 */

// Service and command-line entry points.
export { DocumentService, documentServiceOptionsFromConfig } from './document-service.js';
export type { DocumentServiceOptions } from './document-service.js';
export { VECTORS_DIR_NAME } from './embedding/early-embedder.js';
export type { VectorIndexStatus } from './document-service.js';

export type { IngestProgress, IngestReport, PrunedDocument, SkippedFile } from './ingest/ingest-types.js';

// The storage ports (ADR 0067): the document catalogue and the chunk store, with the records they exchange. The
// embedded adapters are the SQLite catalogue below and `@chief-of-staff/lancedb`; `@chief-of-staff/postgres` has the others.
export { CHUNK_TABLE_SCHEMA_VERSION, chunkId, chunkTextHash, SUMMARY_CHUNK_INDEX, TITLE_WEIGHT } from './store/chunk-store.js';
export type {
  ChunkFilter,
  ChunkKind,
  ChunkRecord,
  ChunkStore,
  ChunkStoreContext,
  ChunkStoreFactory,
  ChunkStoreState,
  ChunkTextQuery,
  TitleCoverage,
} from './store/chunk-store.js';
export { PENDING_CONTENT_HASH } from '@chief-of-staff/stores';
export type { DocumentCatalogStore, DocumentFileFacts, DocumentListFilter, DocumentRow } from '@chief-of-staff/stores';

// Search.

export { DEFAULT_TOP_K, MAX_TOP_K } from './search/search-types.js';
export type { DocumentSearchHit, DocumentSearchOptions, DocumentSearchResult, SearchMode } from './search/search-types.js';
export { parseDateBound } from './search/date-bounds.js';
// The ranking step and its parameters, for tools that evaluate ranking on stored candidates (the retrieval benchmark).
export { candidateCount, semanticQueryText } from './search/search-documents.js';
// The search itself over a chunk store, and what it answers on an empty index (for the adapters' engine tests).
export { EMPTY_INDEX_HINT, searchDocuments } from './search/search-documents.js';
export { DEFAULT_RANKING_PARAMETERS, rankCandidates, rankedBy } from './search/rank-candidates.js';
export type { RankedDocumentHit, RankingParameters, SearchCandidates } from './search/rank-candidates.js';
export { bestChunkPerDocument, DEFAULT_FUSION_PARAMETERS, fuseHybrid, fusionEvidence, semanticShare, semanticWeight } from './search/hybrid-fusion.js';
export type { FusionEvidence, FusionParameters } from './search/hybrid-fusion.js';
export { boostProximity } from './search/proximity-boost.js';
export type { ChunkHit } from './store/chunk-store.js';

// Embedders.

export type { Embedder, EmbedOptions } from './embedding/embedder.js';
// Which embedder built a vector store, and the errors and warnings every adapter gives about it.
export {
  embedderMismatchError,
  embedderMismatchWarning,
  outdatedLayoutError,
  REINDEX_HINT,
  sameVectorSpace,
  vectorSpaceOf,
} from './store/vector-space.js';
export type { VectorSpace } from './store/vector-space.js';

export { WorkerPoolEmbedder } from './embedding/worker-pool-embedder.js';
export { QueryEmbeddingCache } from './embedding/query-embedding-cache.js';
export { readTextVectorFile, textContentHash, writeTextVectorFile } from './embedding/text-vector-file.js';

// How a fact is embedded, the same for every adapter of the memory store's `FactVectorIndex` port.
export { factEmbeddingText } from './facts/fact-embedding-text.js';

// The vector tables as a copy into another store reads them (`cos migrate --to`).
export type { StoredVectorRow, StoredVectorTable, StoredVectorTables } from './store/stored-vector-tables.js';

// The steps of ingestion on their own, for benchmarks that time them apart from any store.
export { chunkBlocks, DEFAULT_CHUNK_WORDS, DEFAULT_OVERLAP_WORDS } from './chunking/chunker.js';
export { extractBlocks } from './extract/extract-document.js';
export { USE_LITE_DIMS, USE_LITE_EMBEDDER_ID } from './embedding/use-lite-embedder.js';

// Formats and file access.

export { resolvePathInsideRoots } from './fs/allowed-roots.js';
