/**
 * Document and vector tables on PostgreSQL. `documents` mirrors the SQLite catalogue table (what `list_documents`
 * reads). `document_chunks` and `fact_vectors` replace the LanceDB tables of the same names: the same columns, the
 * vector as a pgvector `vector(512)` with an HNSW cosine index, and the pre-analysed search terms (`terms`,
 * `title_terms`, written by the adapter with the documents' text analyser) indexed as `tsvector`s built with the
 * `simple` configuration, so PostgreSQL adds no stemming or stop words of its own. `vector_spaces` records which
 * embedder wrote each vector table, as LanceDB's table metadata does.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, vector } from 'drizzle-orm/pg-core';
import { DOC_TYPES, FACT_CATEGORIES } from '@chief-of-staff/stores';
import { createdAtColumn, idColumn, isoTimestamp, principalColumn, tsvector, updatedAtColumn } from './columns.js';
import { facts } from './memory.js';

/**
 * Dimensions of the vector columns: the bundled embedder's (Universal Sentence Encoder lite, 512). Another embedder
 * with another dimension needs a migration that changes the columns and rebuilds the vectors (`cos reindex`).
 */
export const EMBEDDING_DIMENSIONS = 512;

/**
 * HNSW build parameters: pgvector's defaults (m 16, ef_construction 64). A larger `m` costs memory, the first limit in
 * docs/storage.md's capacity model; recall is raised per query with `hnsw.ef_search` instead (ADR 0054).
 */
export const HNSW_M = 16;
export const HNSW_EF_CONSTRUCTION = 64;

export const documents = pgTable(
  'documents',
  {
    principalId: principalColumn(),
    id: idColumn(),
    path: text('path').notNull(),
    sourceName: text('source_name').notNull(),
    docType: text('doc_type', { enum: DOC_TYPES }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    contentHash: text('content_hash').notNull(),
    modifiedAt: isoTimestamp('modified_at').notNull(),
    chunkCount: integer('chunk_count').notNull().default(0),
    hasSummary: boolean('has_summary').notNull().default(false),
    ingestedAt: isoTimestamp('ingested_at').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('documents_path_uq').on(t.path, t.principalId)],
);

export const documentChunks = pgTable(
  'document_chunks',
  {
    principalId: principalColumn(),
    /** `<document_id>:<chunk_index>`, as in LanceDB. */
    id: text('id').primaryKey(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** −1 for a document's summary. */
    chunkIndex: integer('chunk_index').notNull(),
    /** `chunk` or `summary`. */
    kind: text('kind').notNull(),
    path: text('path').notNull(),
    sourceName: text('source_name').notNull(),
    docType: text('doc_type', { enum: DOC_TYPES }).notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** The chunk's search terms (stems, no stop words, Hebrew prefix variants), joined by spaces. */
    terms: text('terms').notNull(),
    titleTerms: text('title_terms').notNull(),
    contentHash: text('content_hash').notNull(),
    textHash: text('text_hash').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    modifiedAtMs: bigint('modified_at_ms', { mode: 'number' }).notNull(),
    ingestedAtMs: bigint('ingested_at_ms', { mode: 'number' }).notNull(),
    vector: vector('vector', { dimensions: EMBEDDING_DIMENSIONS }).notNull(),
    termsVector: tsvector('terms_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, terms)`),
    titleTermsVector: tsvector('title_terms_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, title_terms)`),
  },
  (t) => [
    index('document_chunks_document_id_idx').on(t.documentId),
    index('document_chunks_kind_doc_type_idx').on(t.kind, t.docType),
    // `path LIKE 'prefix%'` (the path-prefix filter) whatever the database's collation.
    index('document_chunks_path_prefix_idx').on(t.path.op('text_pattern_ops')),
    index('document_chunks_text_hash_idx').on(t.textHash),
    index('document_chunks_terms_idx').using('gin', t.termsVector),
    index('document_chunks_title_terms_idx').using('gin', t.titleTermsVector),
    index('document_chunks_vector_idx')
      .using('hnsw', t.vector.op('vector_cosine_ops'))
      .with({ m: HNSW_M, ef_construction: HNSW_EF_CONSTRUCTION }),
  ],
);

export const factVectors = pgTable(
  'fact_vectors',
  {
    principalId: principalColumn(),
    factId: bigint('fact_id', { mode: 'number' })
      .primaryKey()
      .references(() => facts.id, { onDelete: 'cascade' }),
    category: text('category', { enum: FACT_CATEGORIES }).notNull(),
    /** 128 bits of SHA-256 of the embedded text, in hex: an unchanged fact is not embedded again. */
    textHash: text('text_hash').notNull(),
    vector: vector('vector', { dimensions: EMBEDDING_DIMENSIONS }).notNull(),
  },
  (t) => [
    index('fact_vectors_category_idx').on(t.category),
    index('fact_vectors_vector_idx')
      .using('hnsw', t.vector.op('vector_cosine_ops'))
      .with({ m: HNSW_M, ef_construction: HNSW_EF_CONSTRUCTION }),
  ],
);

/** Which embedder wrote each vector table (`document_chunks`, `fact_vectors`): vectors of two models never mix. */
export const vectorSpaces = pgTable('vector_spaces', {
  tableName: text('table_name').primaryKey(),
  embedderId: text('embedder_id').notNull(),
  dims: integer('dims').notNull(),
  /** The table layout version (LanceDB's `cos.schema_version`; the chunk layout is 2). */
  schemaVersion: integer('schema_version').notNull(),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

