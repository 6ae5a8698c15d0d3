/**
 * @chief-of-staff/documents — document memory: the offline embedder, the LanceDB chunk store,
 * ingestion, hybrid search and the fact vector index. Importing this module is cheap: LanceDB, Arrow, the
 * model and the format parsers load on first use. Public API named explicitly below.
 */

// Service and command-line entry points.
export { DocumentService, documentServiceOptionsFromConfig } from './document-service.js';
export { VECTORS_DIR_NAME } from './embedding/early-embedder.js';
export type { VectorIndexStatus } from './document-service.js';

export type { IngestProgress, PrunedDocument, SkippedFile } from './ingest/ingest-types.js';

// Catalog (the SQLite `documents` table).

// Search.

export { DEFAULT_TOP_K, MAX_TOP_K } from './search/search-types.js';
export type { DocumentSearchHit, SearchMode } from './search/search-types.js';
export { parseDateBound } from './search/date-bounds.js';

// Embedders.

export type { Embedder } from './embedding/embedder.js';

export { WorkerPoolEmbedder } from './embedding/worker-pool-embedder.js';
export { QueryEmbeddingCache } from './embedding/query-embedding-cache.js';
export { readTextVectorFile, textContentHash, writeTextVectorFile } from './embedding/text-vector-file.js';

// Semantic recall for facts: implements the memory store's `FactVectorIndex` port.
export { LanceFactVectorIndex } from './facts/lance-fact-vector-index.js';

// LanceDB plumbing shared with other vector tables.
export { VectorDatabase } from './lance/vector-table.js';

// Formats and file access.

export { resolvePathInsideRoots } from './fs/allowed-roots.js';
