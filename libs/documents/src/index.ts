/**
 * @chief-of-staff/documents — document memory: the offline embedder, the LanceDB chunk store,
 * ingestion, hybrid search and the fact vector index. Importing this module is cheap: LanceDB, Arrow, the
 * model and the format parsers load on first use. Public API named explicitly below.
 */

// Service and command-line entry points.
export { DocumentService, documentServiceOptionsFromConfig } from './document-service.js';
export type { DocumentServiceOptions } from './document-service.js';
export { VECTORS_DIR_NAME } from './embedding/early-embedder.js';
export type { VectorIndexStatus } from './document-service.js';

export type { IngestProgress, PrunedDocument, SkippedFile } from './ingest/ingest-types.js';

// The storage ports (ADR 0067): the document catalogue and the chunk store, with the records they exchange. The
// embedded adapters are below (SQLite catalogue, LanceDB chunk table); `@chief-of-staff/postgres` has the others.
export { CHUNK_TABLE_SCHEMA_VERSION, chunkId, chunkTextHash, SUMMARY_CHUNK_INDEX, TITLE_WEIGHT } from './store/chunk-store.js';
export type { ChunkFilter, ChunkKind, ChunkRecord, ChunkStore, ChunkStoreState, ChunkTextQuery, TitleCoverage } from './store/chunk-store.js';
export { PENDING_CONTENT_HASH } from './store/document-catalog-store.js';
export type { DocumentCatalogStore, DocumentFileFacts, DocumentListFilter, DocumentRow } from './store/document-catalog-store.js';
export { DocumentCatalog } from './catalog/document-catalog.js';
export { DocumentChunkTable } from './lance/document-chunk-table.js';
export { lanceChunkStore } from './lance/lance-chunk-store.js';

// Search.

export { DEFAULT_TOP_K, MAX_TOP_K } from './search/search-types.js';
export type { DocumentSearchHit, SearchMode } from './search/search-types.js';
export { parseDateBound } from './search/date-bounds.js';
// The ranking step and its parameters, for tools that evaluate ranking on stored candidates (the retrieval benchmark).
export { candidateCount, semanticQueryText } from './search/search-documents.js';
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

// Semantic recall for facts: implements the memory store's `FactVectorIndex` port.
export { factEmbeddingText, LanceFactVectorIndex } from './facts/lance-fact-vector-index.js';

// LanceDB plumbing shared with other vector tables.
export { VectorDatabase } from './lance/vector-table.js';
// The vector tables as a copy into another store reads them (`cos migrate --to`).
export type { StoredVectorRow, StoredVectorTable, StoredVectorTables } from './store/stored-vector-tables.js';
export { openLanceVectorTables } from './lance/lance-stored-vector-tables.js';

// Formats and file access.

export { resolvePathInsideRoots } from './fs/allowed-roots.js';
