/**
 * @chief-of-staff/documents — document memory: the offline embedder, the LanceDB chunk store,
 * ingestion, hybrid search and the fact vector index. Importing this module is cheap: LanceDB, Arrow, the
 * model and the format parsers load on first use. Public API named explicitly below.
 */

// Service and command-line entry points.
export { DocumentService, documentServiceOptionsFromConfig, VECTORS_DIR_NAME } from './document-service.js';
export type { DeletedDocument, DocumentServiceOptions, VectorIndexStatus } from './document-service.js';
export { ingestPath } from './ingest/ingest-path.js';
export type { IngestPathOptions, IngestPathSummary } from './ingest/ingest-path.js';
export type {
  DocumentSummarizer,
  IngestedDocument,
  IngestOptions,
  IngestProgress,
  IngestReport,
  PrunedDocument,
  SkippedFile,
} from './ingest/ingest-types.js';

// Catalog (the SQLite `documents` table).
export { DocumentCatalog } from './catalog/document-catalog.js';
export type { DocumentListFilter, DocumentRow } from './catalog/document-catalog.js';

// Search.
export { EMPTY_INDEX_HINT, normalizeMode } from './search/search-documents.js';
export { DEFAULT_TOP_K, MAX_TOP_K, SUMMARY_RESULTS } from './search/search-types.js';
export type { DocumentSearchHit, DocumentSearchOptions, DocumentSearchResult, SearchMode } from './search/search-types.js';
export { parseDateBound } from './search/date-bounds.js';

// Embedders.
export { embedAligned, isBlankText, isZeroVector } from './embedding/embedder.js';
export type { Embedder } from './embedding/embedder.js';
export { USE_LITE_DIMS, USE_LITE_EMBEDDER_ID, UseLiteEmbedder } from './embedding/use-lite-embedder.js';
export type { UseLiteEmbedderOptions } from './embedding/use-lite-embedder.js';
export { WorkerPoolEmbedder } from './embedding/worker-pool-embedder.js';
export type { WorkerPoolEmbedderOptions } from './embedding/worker-pool-embedder.js';
export { QueryEmbeddingCache } from './embedding/query-embedding-cache.js';

// Semantic recall for facts: implements the memory store's `FactVectorIndex` port.
export { FACT_VECTORS_TABLE, factEmbeddingText, LanceFactVectorIndex } from './facts/lance-fact-vector-index.js';
export type { LanceFactVectorIndexOptions } from './facts/lance-fact-vector-index.js';

// LanceDB plumbing shared with other vector tables.
export { VectorDatabase } from './lance/vector-table.js';
export { DOCUMENT_CHUNKS_TABLE, SUMMARY_CHUNK_INDEX } from './lance/document-chunk-table.js';
export { REINDEX_HINT } from './lance/vector-space.js';
export type { VectorSpace } from './lance/vector-space.js';

// Formats and file access.
export { CODE_EXTENSIONS, docTypeForPath } from './extract/doc-types.js';
export { ALLOWED_ROOTS_CONFIG_KEY, resolvePathInsideRoots } from './fs/allowed-roots.js';
