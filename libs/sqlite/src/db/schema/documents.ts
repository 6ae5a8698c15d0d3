/**
 * The document index table (docs/reference/data-model.md#tables, docs/reference/tool-catalogue.md#documents). Chunk
 * text and vectors live in LanceDB (`document_chunks`); this table is what `list_documents` reads so listing never
 * scans vectors.
 */
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { DOC_TYPES } from '@chief-of-staff/stores';

export const documents = sqliteTable(
  'documents',
  {
    id: idColumn(),
    /** Absolute, resolved path. */
    path: text('path').notNull(),
    sourceName: text('source_name').notNull(),
    docType: text('doc_type', { enum: DOC_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    contentHash: text('content_hash').notNull(),
    modifiedAt: text('modified_at').notNull(),
    chunkCount: integer('chunk_count').notNull().default(0),
    hasSummary: integer('has_summary', { mode: 'boolean' }).notNull().default(false),
    ingestedAt: text('ingested_at').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('documents_path_uq').on(t.path)],
);
