/**
 * @chief-of-staff/lancedb — the LanceDB vector adapter (ADR 0098): the `document_chunks` table behind the documents'
 * chunk store port, the `fact_vectors` table behind the memory store's `FactVectorIndex` port, and the vector tables
 * as a copy into another store reads them. Importing this module is cheap: LanceDB and Arrow load on first use.
 * Public API named explicitly below.
 */

// The connection every table of a vectors directory shares.
export { VectorDatabase } from './tables/vector-table.js';

// Document chunks: the table, and the factory a `DocumentService` takes as its `chunks` option.
export { DocumentChunkTable } from './chunks/document-chunk-table.js';
export { lanceChunkStore } from './chunks/lance-chunk-store.js';
export type { LanceChunkStoreLocation } from './chunks/lance-chunk-store.js';

// Semantic recall for facts: implements the memory store's `FactVectorIndex` port.
export { LanceFactVectorIndex } from './facts/lance-fact-vector-index.js';

// The vector tables as the copy into PostgreSQL reads them (`cos migrate --to`).
export { openLanceVectorTables } from './tables/stored-vector-tables.js';
